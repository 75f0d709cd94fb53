// Chart.js lives in this module alone, which the product's History tab loads lazily: the inventory list does not.
import {
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { useIsDark } from '@/lib/use-is-dark';
import { type StockPoint, seriesBounds } from './stock-series';

ChartJS.register(Filler, LinearScale, LineElement, PointElement, Tooltip);

const BRAND = '#4f46e5';
const BRAND_DARK = '#818cf8';
/** Past this many points the dots would run together: the line alone, with the tooltip still on hover. */
const DOTS_UP_TO = 60;
const DAY_MS = 86_400_000;

const palette = (isDark: boolean) => ({
  line: isDark ? BRAND_DARK : BRAND,
  fill: isDark ? 'rgba(129, 140, 248, 0.14)' : 'rgba(79, 70, 229, 0.08)',
  text: isDark ? '#94a3b8' : '#64748b',
  grid: isDark ? 'rgba(148, 163, 184, 0.18)' : 'rgba(100, 116, 139, 0.18)',
  ring: isDark ? '#0f172a' : '#ffffff',
});

/** Only these ticks: the first and last date on the time axis, the lowest and highest quantity on the other. */
const onlyTicks = (values: number[]) => (axis: Scale) => {
  axis.ticks = [...new Set(values)].map((value) => ({ value }));
};

/**
 * A step line of the quantity over time: flat until a movement changes it, then straight to its new figure. Labels at
 * the two ends of each axis (first and last date, lowest and highest quantity), a tooltip per movement; the canvas is
 * an image named by `summary` (seriesSummary), for a screen reader.
 */
export function StockChart({
  points,
  label,
  summary,
}: {
  points: StockPoint[];
  label: string;
  summary: string;
}) {
  const c = palette(useIsDark());
  const { first, last, min, max } = seriesBounds(points);
  // Within a day or two the dates alone would read the same at both ends.
  const dateOf = last - first < 2 * DAY_MS ? formatDateTime : formatDate;
  const pad = max === min ? 1 : (max - min) * 0.15;
  const movements = points.length - 1;
  return (
    <div className="relative h-36 sm:h-44" data-testid="stock-chart">
      <Line
        role="img"
        aria-label={summary}
        data={{
          datasets: [
            {
              label,
              data: points.map((p) => ({ x: p.at, y: p.quantity })),
              stepped: 'before',
              borderColor: c.line,
              borderWidth: 2,
              backgroundColor: c.fill,
              fill: 'start',
              // A dot per movement; none on the last point, which is only "now".
              pointRadius: points.map((_, i) => (i < movements && movements <= DOTS_UP_TO ? 2.5 : 0)),
              pointHoverRadius: 4,
              pointBackgroundColor: c.line,
              pointBorderColor: c.ring,
              pointBorderWidth: 1,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'nearest', axis: 'x', intersect: false },
          layout: { padding: { top: 4, right: 2 } },
          plugins: {
            legend: { display: false },
            tooltip: {
              displayColors: false,
              callbacks: {
                title: ([item]) =>
                  item ? formatDateTime(new Date(Number(item.parsed.x)).toISOString()) : '',
                label: (item) => `${label}: ${formatCount(Number(item.parsed.y))}`,
              },
            },
          },
          scales: {
            x: {
              type: 'linear',
              min: first,
              max: last,
              afterBuildTicks: onlyTicks([first, last]),
              ticks: {
                color: c.text,
                align: 'inner',
                maxRotation: 0,
                font: { size: 11 },
                callback: (v) => dateOf(new Date(Number(v)).toISOString()),
              },
              grid: { display: false },
              border: { color: c.grid },
            },
            y: {
              min: min - pad,
              max: max + pad,
              afterBuildTicks: onlyTicks([min, max]),
              ticks: { color: c.text, font: { size: 11 }, callback: (v) => formatCount(Number(v)) },
              grid: { color: c.grid, tickBorderDash: [3, 3] },
              border: { display: false, dash: [3, 3] },
            },
          },
        }}
      />
    </div>
  );
}
