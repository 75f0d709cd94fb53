import { accuracyColor, type TStoreKpiResponse } from '@quantics/contracts';
import { Gauge } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Panel } from '@/components/ui/panel';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatCount, formatPercent } from '@/lib/format';
import { ACCURACY_TEXT } from '@/shared/audits/audit-bits';
import { useLocations } from '@/shared/locations/locations-api';
import { useStoreKpis } from './store-kpis-api';

const StoreKpisChart = lazy(() => import('./store-kpis-chart').then((m) => ({ default: m.StoreKpisChart })));

const ChartSpace = () => (
  <div className="h-60 animate-pulse rounded-lg bg-slate-100 sm:h-64 dark:bg-slate-800/60" />
);

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: number | null;
  hint: string;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/50">
      <p className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">{label}</p>
      <p
        className={cn(
          'mt-0.5 text-2xl font-semibold tabular-nums',
          value === null ? 'text-slate-400 dark:text-slate-500' : ACCURACY_TEXT[accuracyColor(value)],
        )}
        data-testid={testId}
      >
        {value === null ? '–' : formatPercent(value, 1)}
      </p>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{hint}</p>
    </div>
  );
}

function Figures({ kpis }: { kpis: TStoreKpiResponse }) {
  const today = kpis.days.at(-1);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Figure
        label="Record accuracy"
        value={kpis.record_accuracy}
        testId="kpi-record-accuracy"
        hint={
          kpis.counts === 0
            ? 'No completed counts of this store in the period'
            : `Products counted exactly right, over ${formatCount(kpis.counts)} ${kpis.counts === 1 ? 'count' : 'counts'}` +
              (kpis.latest_record_accuracy === null
                ? ''
                : ` (latest ${formatPercent(kpis.latest_record_accuracy)})`)
        }
      />
      <Figure
        label="On-shelf availability"
        value={kpis.on_shelf_availability}
        testId="kpi-on-shelf"
        hint={
          today && today.products_held > 0
            ? `${formatCount(today.products_on_floor)} of ${formatCount(today.products_held)} products held are on the sales floor`
            : 'The store holds no products'
        }
      />
    </div>
  );
}

/**
 * A store's inventory record accuracy and on-shelf availability over time (issue 52): the two figures and a chart per
 * day. Without a store (no location of kind Store) it says how to get one, or shows nothing when `quietWithoutStore`.
 */
export function StoreKpisPanel({
  range,
  isValid = true,
  quietWithoutStore = false,
  className,
}: {
  range?: { from: string; to: string };
  isValid?: boolean;
  quietWithoutStore?: boolean;
  className?: string;
}) {
  const locations = useLocations();
  const stores = (locations.data ?? []).filter((l) => l.kind === 'store');
  const [chosen, setChosen] = useState<number | null>(null);
  const storeId = stores.find((s) => s.id === chosen)?.id ?? stores[0]?.id ?? null;
  const kpis = useStoreKpis(storeId, range, isValid);
  if (quietWithoutStore && stores.length === 0) return null;
  const data = kpis.data;
  return (
    <Panel
      title="Store KPIs"
      icon={Gauge}
      className={className}
      action={
        stores.length > 1 && (
          <Select
            aria-label="Store"
            className="w-auto max-w-48"
            value={storeId ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        )
      }
    >
      {locations.isSuccess && stores.length === 0 ? (
        <EmptyState icon={Gauge} title="No store yet">
          Set a location’s kind to Store, with its sales floor and stockrooms below it, to follow its record
          accuracy and on-shelf availability.
        </EmptyState>
      ) : kpis.isError && !data ? (
        <LoadError
          title="The store KPIs could not be loaded"
          error={kpis.error}
          onRetry={() => kpis.refetch()}
          isRetrying={kpis.isFetching}
        />
      ) : !data ? (
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="h-24 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
            <div className="h-24 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
          </div>
          <ChartSpace />
        </div>
      ) : (
        <div className="space-y-4" data-testid="store-kpis">
          {stores.length === 1 && (
            <p className="text-sm text-slate-500 dark:text-slate-400">{data.store.name}</p>
          )}
          <Figures kpis={data} />
          <Suspense fallback={<ChartSpace />}>
            <StoreKpisChart days={data.days} />
          </Suspense>
        </div>
      )}
    </Panel>
  );
}
