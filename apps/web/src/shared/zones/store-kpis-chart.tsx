// Chart.js is loaded with this module only (lazily, from store-kpis-panel.tsx).
import type { TStoreKpiDay } from '@quantics/contracts';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatCount, formatPercent } from '@/lib/format';
import { useIsDark } from '@/lib/use-is-dark';

ChartJS.register(CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip);

const BRAND = '#4f46e5';
const TEAL = '#0d9488';

const shortDate = (ymd: string) =>
  new Date(`${ymd}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The axis fitted to the figures: from 5 points under the lowest (rounded down to 5) to 100, so a store moving between
 * 92 % and 97 % shows it instead of a flat line at the top.
 */
export function kpiAxisMin(days: TStoreKpiDay[]) {
  const values = days.flatMap((d) => [d.record_accuracy, d.on_shelf_availability]).filter((v) => v !== null);
  if (values.length === 0) return 0;
  return Math.max(0, Math.floor((Math.min(...values) - 5) / 5) * 5);
}

/** Record accuracy (a point per day with counts) and on-shelf availability (a line) per day. */
export function StoreKpisChart({ days }: { days: TStoreKpiDay[] }) {
  const isDark = useIsDark();
  const text = isDark ? '#cbd5e1' : '#475569';
  const grid = isDark ? 'rgba(148, 163, 184, 0.12)' : 'rgba(100, 116, 139, 0.12)';
  const counted = days.filter((d) => d.record_accuracy !== null).length;
  return (
    <div className="relative h-60 sm:h-64">
      <Line
        role="img"
        aria-label={`Record accuracy on ${formatCount(counted)} days with counts and on-shelf availability, ${formatCount(days.length)} days`}
        data={{
          labels: days.map((d) => shortDate(d.date)),
          datasets: [
            {
              label: 'On-shelf availability',
              data: days.map((d) => d.on_shelf_availability),
              borderColor: TEAL,
              backgroundColor: TEAL,
              // Straight between days: a curve would overshoot a day's change and draw figures no day had.
              tension: 0,
              pointRadius: 0,
              spanGaps: false,
            },
            {
              label: 'Record accuracy',
              data: days.map((d) => d.record_accuracy),
              borderColor: BRAND,
              backgroundColor: BRAND,
              pointRadius: 4,
              showLine: true,
              spanGaps: true,
              borderDash: [4, 4],
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'bottom', labels: { color: text, usePointStyle: true, boxHeight: 6 } },
            tooltip: {
              callbacks: {
                label: (c) =>
                  `${c.dataset.label}: ${c.parsed.y === null ? '–' : formatPercent(c.parsed.y, 1)}`,
              },
            },
          },
          scales: {
            x: { ticks: { color: text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
            y: {
              min: kpiAxisMin(days),
              max: 100,
              ticks: { color: text, callback: (v) => formatPercent(Number(v)) },
              grid: { color: grid },
            },
          },
        }}
      />
    </div>
  );
}
