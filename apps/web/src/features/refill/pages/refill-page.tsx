import type { TReplenishmentRow } from '@quantics/contracts';
import { CheckCircle2, Download, Store } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { useLocations } from '@/shared/locations/locations-api';
import { downloadRefillCsv, useRecordMoved, useRefillList } from '../api/refill';
import { RefillCard } from '../components/refill-card';
import { REFILL_TEXTS } from '../refill-texts';

/** The store a person last chose on this browser, for this company (a person works the list of their own store). */
const storeKey = (user: { id: number; company_id: number }) =>
  `quantics.refill.store.${user.id}:${user.company_id}`;

/**
 * The refill list of a store (issue 52), made to be worked through on a phone: each product its sales floor is
 * missing and its stockrooms hold, most sold first; "Moved" records the transfer and the product leaves the list
 * once its floor is full. It opens on the store named in its address, else the one last chosen on this browser.
 */
export function RefillPage() {
  usePageTitle(REFILL_TEXTS.title);
  const canMove = useCan('operator');
  const locations = useLocations();
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const stores = (locations.data ?? []).filter((l) => l.kind === 'store');
  const asked = Number(params.get('store'));
  const chosen = user ? Number(localStorage.getItem(storeKey(user))) : Number.NaN;
  const storeId =
    stores.find((s) => s.id === asked)?.id ??
    stores.find((s) => s.id === chosen)?.id ??
    stores[0]?.id ??
    null;
  const choose = (id: string) => {
    if (user) localStorage.setItem(storeKey(user), id);
    setParams({ store: id }, { replace: true });
  };
  const list = useRefillList(storeId);
  const moved = useRecordMoved();
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  const onMoved = async (row: TReplenishmentRow, units: number) => {
    if (storeId === null) return;
    try {
      await moved.mutateAsync({
        location_id: storeId,
        product_id: row.product_id,
        from_location_id: row.from_location_id,
        to_location_id: row.to_location_id,
        quantity: units,
      });
      notify.success(REFILL_TEXTS.movedDone(units, row.name));
    } catch (err) {
      notify.error(errorMessage(err, REFILL_TEXTS.moveFailed));
    }
  };
  const download = async () => {
    if (storeId === null) return;
    try {
      await downloadRefillCsv(storeId);
    } catch (err) {
      notify.error(errorMessage(err, REFILL_TEXTS.csvFailed));
    }
  };

  return (
    <>
      <PageHeader
        title={REFILL_TEXTS.title}
        description={REFILL_TEXTS.description}
        actions={
          storeId !== null && (
            <Button variant="secondary" onClick={download}>
              <Download className="size-4" aria-hidden />
              {REFILL_TEXTS.csv}
            </Button>
          )
        }
      />
      {locations.isPending ? (
        <Spinner label="Loading stores" />
      ) : stores.length === 0 ? (
        <EmptyState icon={Store} title={REFILL_TEXTS.noStores}>
          {REFILL_TEXTS.noStoresHint}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {stores.length > 1 && (
            <div className="flex items-center gap-3">
              <label
                htmlFor="refill-store"
                className="text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                {REFILL_TEXTS.store}
              </label>
              <Select
                id="refill-store"
                value={storeId ?? ''}
                onChange={(e) => choose(e.target.value)}
                className="w-full max-w-xs"
              >
                {stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            </div>
          )}
          {list.isPending ? (
            <Spinner label="Loading the refill list" />
          ) : list.isError && !list.data ? (
            <LoadError title={REFILL_TEXTS.loadFailed} error={list.error} onRetry={() => list.refetch()} />
          ) : !first || rows.length === 0 ? (
            <EmptyState icon={CheckCircle2} title={REFILL_TEXTS.nothing}>
              {REFILL_TEXTS.nothingHint(first?.store.name ?? '')}
            </EmptyState>
          ) : (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="refill-count">
                {REFILL_TEXTS.left(first.remaining)}
              </p>
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {rows.map((row) => (
                  <RefillCard
                    key={`${row.product_id}-${row.to_move}-${row.stockroom}`}
                    row={row}
                    days={first.days}
                    onMoved={canMove ? onMoved : undefined}
                  />
                ))}
              </ul>
              {list.hasNextPage && (
                <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
                  <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                    {list.isFetchNextPageError
                      ? errorMessage(list.error, REFILL_TEXTS.loadFailed)
                      : REFILL_TEXTS.shown(rows.length, first.remaining)}
                  </p>
                  <Button
                    variant="secondary"
                    className="w-full sm:w-auto"
                    onClick={() => list.fetchNextPage()}
                    isLoading={list.isFetchingNextPage}
                  >
                    {REFILL_TEXTS.loadMore}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}
