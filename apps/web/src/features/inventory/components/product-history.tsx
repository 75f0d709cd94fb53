import type { TProduct } from '@quantics/contracts';
import { History } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useLocations } from '@/shared/locations/locations-api';
import { type HistoryPlace, useProductMovements } from '../api/product-movements';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { MovementList } from './movement-list';
import { quantityNow, seriesSummary, stockSeries } from './stock-series';

const StockChart = lazy(() => import('./stock-chart').then((m) => ({ default: m.StockChart })));

/** The chart's box while Chart.js loads: the same height, so nothing below it jumps. */
const CHART_BOX = 'h-36 sm:h-44';

const placeValue = (id: number | null) => (id === null ? 'none' : String(id));
const parsePlace = (v: string): HistoryPlace => (v === 'all' || v === 'none' ? v : Number(v));

/** The places the filter offers: the product's own, by path ("Downtown > Backroom") once the locations are known. */
function usePlaceOptions(product: TProduct) {
  const locations = useLocations();
  const paths = new Map((locations.data ?? []).map((l) => [l.id, l.path]));
  return product.stock
    .map((s) => ({
      value: placeValue(s.location_id),
      label:
        s.location_id === null
          ? INVENTORY_TEXTS.noLocation
          : (paths.get(s.location_id) ?? s.location ?? INVENTORY_TEXTS.noLocation),
    }))
    .sort((a, b) => (a.value === 'none' ? 1 : b.value === 'none' ? -1 : a.label.localeCompare(b.label)));
}

/**
 * A product's history (the dialog's History tab): a chart of its quantity over time (the total, or one place's when
 * filtered to it) above its movements, newest first, a page at a time.
 */
export function ProductHistory({ product }: { product: TProduct }) {
  const [place, setPlace] = useState<HistoryPlace>('all');
  // The chart's right edge; fixed while the tab is open, so a re-render does not move it.
  const [now] = useState(() => Date.now());
  const history = useProductMovements(product.id, place);
  const options = usePlaceOptions(product);
  const placeLabel = options.find((o) => o.value === String(place))?.label;
  useToastOnError(history.isFetchNextPageError ? history.error : null, INVENTORY_TEXTS.historyFailed);

  const movements = useMemo(() => history.data?.pages.flatMap((p) => p.data) ?? [], [history.data]);
  const current = quantityNow(product, place, movements);
  const points = useMemo(() => stockSeries(movements, current, now), [movements, current, now]);
  const chartLabel =
    place === 'all' ? INVENTORY_TEXTS.totalOnHand : INVENTORY_TEXTS.onHandAt(placeLabel ?? '');

  return (
    <div className="space-y-4" data-testid="product-history">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-medium text-slate-600 dark:text-slate-400">{chartLabel}</h3>
          <p
            data-testid="history-current"
            className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-slate-100"
          >
            {formatCount(current)}
          </p>
        </div>
        {options.length > 1 && (
          <Select
            aria-label={INVENTORY_TEXTS.placeFilter}
            className="w-full sm:w-56"
            value={String(place)}
            onChange={(e) => setPlace(parsePlace(e.target.value))}
          >
            <option value="all">{INVENTORY_TEXTS.allPlaces}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </div>

      {history.isPending ? (
        <Spinner label={INVENTORY_TEXTS.historyLoading} />
      ) : history.isError && !history.data ? (
        <LoadError
          title={INVENTORY_TEXTS.historyFailed}
          error={history.error}
          onRetry={() => history.refetch()}
          isRetrying={history.isRefetching}
        />
      ) : movements.length === 0 ? (
        <EmptyState icon={History} title={INVENTORY_TEXTS.noMovements}>
          {place === 'all' ? INVENTORY_TEXTS.noMovementsHint : INVENTORY_TEXTS.noMovementsHere}
        </EmptyState>
      ) : (
        <>
          <section
            aria-label={chartLabel}
            className="rounded-lg border border-slate-200 px-2 pt-3 pb-2 dark:border-slate-800"
          >
            <Suspense fallback={<div className={CHART_BOX} />}>
              <StockChart points={points} label={chartLabel} summary={seriesSummary(points, chartLabel)} />
            </Suspense>
          </section>

          <MovementList movements={movements} isPlaceShown={place === 'all'} />

          {history.hasNextPage && (
            <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
              <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
                {history.isFetchNextPageError
                  ? errorMessage(history.error, INVENTORY_TEXTS.historyFailed)
                  : INVENTORY_TEXTS.shown(movements.length)}
              </p>
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                onClick={() => history.fetchNextPage()}
                isLoading={history.isFetchingNextPage}
              >
                {INVENTORY_TEXTS.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
