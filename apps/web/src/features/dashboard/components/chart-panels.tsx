import type { TDashboardStats } from '@quantics/contracts';
import { Activity, PieChart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Panel } from '@/components/ui/panel';
import { formatCount } from '@/lib/format';

const AuditTrendsChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.AuditTrendsChart })),
);
const SystemStatusChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.SystemStatusChart })),
);

/** Holds the chart's space while Chart.js loads, so nothing below it jumps. */
const ChartSpace = ({ className }: { className: string }) => (
  <div className={`${className} animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60`} />
);

export function AuditTrendsPanel({ stats }: { stats: TDashboardStats | undefined }) {
  return (
    <Panel title="Audit Trends" icon={Activity} className="lg:col-span-2">
      {stats ? (
        <Suspense fallback={<ChartSpace className="h-64 sm:h-72" />}>
          <AuditTrendsChart trends={stats.audits.trends} />
        </Suspense>
      ) : (
        <ChartSpace className="h-64 sm:h-72" />
      )}
    </Panel>
  );
}

export function SystemStatusPanel({ stats }: { stats: TDashboardStats | undefined }) {
  const audits = stats?.audits;
  const legend = [
    { label: 'Successful', value: audits?.successfulNoDiscrepancies, dot: 'bg-emerald-500' },
    { label: 'Failed', value: audits?.failedWithDiscrepancies, dot: 'bg-red-500' },
  ];
  return (
    <Panel title="System Status" icon={PieChart}>
      <p className="mb-3 text-center text-xs text-slate-500 dark:text-slate-400">
        Audits in the last 30 days
      </p>
      {audits ? (
        <Suspense fallback={<ChartSpace className="mx-auto size-48 rounded-full" />}>
          <SystemStatusChart audits={audits} />
        </Suspense>
      ) : (
        <ChartSpace className="mx-auto size-48 rounded-full" />
      )}
      <ul className="mt-4 flex justify-center gap-5 text-sm">
        {legend.map((l) => (
          <li key={l.label} className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <span className={`size-2.5 rounded-full ${l.dot}`} aria-hidden />
            {l.label}
            <span
              className="font-semibold tabular-nums text-slate-900 dark:text-slate-100"
              data-testid={`status-${l.label}`}
            >
              {l.value ?? '–'}
            </span>
          </li>
        ))}
      </ul>
      <p
        className="mt-4 border-t border-slate-100 pt-3 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300"
        data-testid="devices-online-line"
      >
        devices online{' '}
        {stats ? `${formatCount(stats.devices.online)}/${formatCount(stats.devices.total)}` : '–'}
      </p>
    </Panel>
  );
}
