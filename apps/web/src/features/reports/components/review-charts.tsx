// Chart.js lives in this module alone, which the Reports page loads lazily with its shrink and accuracy sections.
import type { TAccuracyReport, TShrinkReport } from '@quantics/contracts';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { percentAxis } from '@/lib/chart-scale';
import { formatPercent, formatUsd } from '@/lib/format';
import { useIsDark } from '@/lib/use-is-dark';
import { periodLabel } from './period-label';

ChartJS.register(BarElement, CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip);

const RED = '#ef4444';
const GREEN = '#10b981';
/** One colour per location, told apart in both themes (the table beside the chart has every figure). */
const SERIES = ['#4f46e5', '#0891b2', '#d97706', '#db2777', '#65a30d', '#7c3aed', '#0d9488', '#dc2626'];

const palette = (isDark: boolean) => ({
  text: isDark ? '#cbd5e1' : '#475569',
  grid: isDark ? 'rgba(148, 163, 184, 0.12)' : 'rgba(100, 116, 139, 0.12)',
});

/** Value lost and found at cost per group, largest loss first (the report's order). */
export function ShrinkChart({ report }: { report: TShrinkReport }) {
  const c = palette(useIsDark());
  const rows = report.rows.slice(0, 12);
  return (
    <div className="relative" style={{ height: Math.max(180, rows.length * 44 + 70) }}>
      <Bar
        role="img"
        aria-label={`Shrink at cost: ${formatUsd(report.totals.value_lost)} lost, ${formatUsd(report.totals.value_found)} found`}
        data={{
          labels: rows.map((r) => r.label),
          datasets: [
            {
              label: 'Value lost',
              data: rows.map((r) => r.value_lost),
              backgroundColor: RED,
              borderRadius: 4,
            },
            {
              label: 'Value found',
              data: rows.map((r) => r.value_found),
              backgroundColor: GREEN,
              borderRadius: 4,
            },
          ],
        }}
        options={{
          indexAxis: 'y',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { position: 'bottom', labels: { color: c.text, usePointStyle: true, boxHeight: 8 } },
            tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatUsd(Number(ctx.raw))}` } },
          },
          scales: {
            x: {
              beginAtZero: true,
              ticks: { color: c.text, callback: (v) => formatUsd(Number(v)) },
              grid: { color: c.grid },
            },
            y: { ticks: { color: c.text }, grid: { display: false } },
          },
        }}
      />
    </div>
  );
}

/** Accuracy per location over the periods: one line per location (the first eight), 0 to 100 %. */
export function AccuracyChart({ report }: { report: TAccuracyReport }) {
  const c = palette(useIsDark());
  const periods = [...new Set(report.rows.map((r) => r.period))].sort();
  const places = report.places.slice(0, SERIES.length);
  const shown = new Set(places.map((p) => p.place));
  const axis = percentAxis(report.rows.filter((r) => shown.has(r.place)).map((r) => r.accuracy));
  return (
    <div className="relative h-64 sm:h-72">
      <Line
        role="img"
        aria-label={`Stock accuracy by ${report.period} for ${places.map((p) => `${p.place} (${formatPercent(p.accuracy)})`).join(', ')}`}
        data={{
          labels: periods.map((p) => periodLabel(p, report.period)),
          datasets: places.map((p, i) => {
            const byPeriod = new Map(
              report.rows.filter((r) => r.place === p.place).map((r) => [r.period, r.accuracy]),
            );
            const colour = SERIES[i] ?? SERIES[0];
            return {
              label: p.place,
              data: periods.map((x) => byPeriod.get(x) ?? null),
              borderColor: colour,
              backgroundColor: colour,
              spanGaps: true,
              tension: 0.3,
              pointRadius: 3,
              clip: false as const,
            };
          }),
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'bottom', labels: { color: c.text, usePointStyle: true, boxHeight: 8 } },
            tooltip: {
              callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatPercent(Number(ctx.raw))}` },
            },
          },
          scales: {
            x: { ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
            y: {
              min: axis.min,
              max: axis.max,
              ticks: { color: c.text, callback: (v) => formatPercent(Number(v)) },
              grid: { color: c.grid },
            },
          },
        }}
      />
    </div>
  );
}
