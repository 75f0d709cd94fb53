// Chart.js lives in this module alone, which the dashboard loads lazily: no other page downloads it.
import { addDays, companyDay, type TDashboardStats, TRENDS_DAYS } from '@quantics/contracts';
import {
  ArcElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Doughnut, Line } from 'react-chartjs-2';
import { useAuth } from '@/app/auth-provider';
import { formatCount } from '@/lib/format';
import { useIsDark } from '@/lib/use-is-dark';

ChartJS.register(ArcElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);

const BRAND = '#4f46e5';
const RED = '#ef4444';
const GREEN = '#10b981';

const palette = (isDark: boolean) => ({
  text: isDark ? '#cbd5e1' : '#475569',
  grid: isDark ? 'rgba(148, 163, 184, 0.12)' : 'rgba(100, 116, 139, 0.12)',
  ring: isDark ? '#0f172a' : '#ffffff',
  empty: isDark ? '#1e293b' : '#e2e8f0',
});

/** The company's last 30 days (its time zone's, as the server groups them), each with its figures or zeros. */
export function dailySeries(trends: TDashboardStats['audits']['trends'], zone: string, now = new Date()) {
  const byDate = new Map(trends.map((t) => [t.date, t]));
  const today = companyDay(zone, now);
  return Array.from({ length: TRENDS_DAYS }, (_, i) => {
    const day = addDays(today, i - (TRENDS_DAYS - 1));
    const t = byDate.get(day);
    return { date: day, scanned: t?.scanned ?? 0, discrepancies: t?.discrepancies ?? 0 };
  });
}

const shortDate = (ymd: string) =>
  new Date(`${ymd}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function AuditTrendsChart({ trends }: { trends: TDashboardStats['audits']['trends'] }) {
  const isDark = useIsDark();
  const c = palette(isDark);
  const days = dailySeries(trends, useAuth().user?.time_zone ?? 'UTC');
  const scanned = trends.reduce((sum, t) => sum + t.scanned, 0);
  const off = trends.reduce((sum, t) => sum + t.discrepancies, 0);
  return (
    <div className="relative h-64 sm:h-72">
      <Line
        aria-label={`Audit trends over the last ${TRENDS_DAYS} days: ${scanned} tags scanned, ${off} discrepancies`}
        role="img"
        data={{
          labels: days.map((d) => shortDate(d.date)),
          datasets: [
            {
              label: 'Tags Scanned',
              data: days.map((d) => d.scanned),
              borderColor: BRAND,
              backgroundColor: 'rgba(79, 70, 229, 0.12)',
              fill: true,
              tension: 0.35,
              pointRadius: days.map((d) => (d.scanned > 0 ? 3 : 0)),
            },
            {
              label: 'Discrepancies',
              data: days.map((d) => d.discrepancies),
              borderColor: RED,
              backgroundColor: RED,
              tension: 0.35,
              // Its own scale on the right: a few discrepancies beside thousands of tags would lie flat at zero.
              yAxisID: 'yDiscrepancies',
              pointRadius: days.map((d) => (d.discrepancies > 0 ? 3 : 0)),
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          // The 30 s refresh redraws in place; no animation means no flicker.
          animation: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'bottom', labels: { color: c.text, usePointStyle: true, boxHeight: 8 } },
          },
          scales: {
            x: { ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
            y: {
              beginAtZero: true,
              ticks: { color: c.text, precision: 0 },
              grid: { color: c.grid },
              title: { display: true, text: 'Tags Scanned', color: c.text },
            },
            yDiscrepancies: {
              position: 'right',
              beginAtZero: true,
              ticks: { color: RED, precision: 0 },
              grid: { drawOnChartArea: false },
              title: { display: true, text: 'Discrepancies', color: RED },
            },
          },
        }}
      />
    </div>
  );
}

export function SystemStatusChart({ audits }: { audits: TDashboardStats['audits'] }) {
  const isDark = useIsDark();
  const c = palette(isDark);
  const isEmpty = audits.total === 0;
  return (
    <div className="relative mx-auto h-48 w-48">
      <Doughnut
        aria-label={`Audits in the last 30 days: ${audits.successfulNoDiscrepancies} successful, ${audits.failedWithDiscrepancies} failed`}
        role="img"
        data={{
          labels: isEmpty ? ['No audits'] : ['Successful', 'Failed'],
          datasets: [
            {
              data: isEmpty ? [1] : [audits.successfulNoDiscrepancies, audits.failedWithDiscrepancies],
              backgroundColor: isEmpty ? [c.empty] : [GREEN, RED],
              borderColor: c.ring,
              borderWidth: 3,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          cutout: '72%',
          plugins: { legend: { display: false }, tooltip: { enabled: !isEmpty } },
        }}
      />
      <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-slate-100">
          {formatCount(audits.total)}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">audits</span>
      </div>
    </div>
  );
}
