import { DUTCHIE_PAGE_SIZE_DEFAULT, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@quantics/contracts';
import { CloudOff, PackageSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagedFilters } from '@/lib/use-paged-filters';
import {
  type DutchieListQuery,
  useDutchieInventory,
  useRefreshDutchieInventory,
} from '../api/dutchie-inventory';
import { type DutchieFilters, DutchieToolbar } from '../components/dutchie-toolbar';
import { PackagesList } from '../components/packages-list';
import { SyncAlert, SyncLine } from '../components/sync-status';
import { ALL, DUTCHIE_TEXTS } from '../dutchie-texts';

const NO_FILTERS: DutchieFilters = { category: ALL, vendor: ALL, room: ALL, includeZero: false };
const LINKED_FILTERS: DutchieFilters = { ...NO_FILTERS, includeZero: true };

/** /inventory for point-of-sale companies: the spec's Dutchie Inventory screen, read from the company's snapshot. */
export function DutchieInventoryPage() {
  usePageTitle('Inventory');
  const { user } = useAuth();
  const isAdmin = useCan('admin');
  // /inventory?search=PACKAGE (a notification's link) opens the list searched for it, with the package open.
  const [params] = useSearchParams();
  const linkedSearch = params.get('search');
  const [search, setSearch] = useState(linkedSearch ?? '');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Enter searches at once; typing searches after the pause.
  const [submitted, setSubmitted] = useState<string | null>(linkedSearch);
  const term = submitted ?? debounced;
  // A linked package may be sold out: packages at 0 are listed then.
  const [filters, setFilters] = useState<DutchieFilters>(linkedSearch ? LINKED_FILTERS : NO_FILTERS);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [expanded, setExpanded] = useState<Set<string>>(new Set(linkedSearch ? [linkedSearch] : []));
  useEffect(() => {
    if (linkedSearch === null) return;
    setSearch(linkedSearch);
    setSubmitted(linkedSearch);
    setFilters(LINKED_FILTERS);
    setExpanded(new Set([linkedSearch]));
  }, [linkedSearch]);
  // Changing the search, a filter, the order or the page size goes back to page 1.
  const { page, setPage, limit, setLimit } = usePagedFilters(
    [term, filters, order],
    DUTCHIE_PAGE_SIZE_DEFAULT,
  );

  const query: DutchieListQuery = { page, limit, order, search: term || undefined, ...filters };
  const list = useDutchieInventory(query);
  const refresh = useRefreshDutchieInventory(query);

  useEffect(() => {
    if (list.error) notify.error(DUTCHIE_TEXTS.fetchFailed);
  }, [list.error]);
  if (!user) return null;

  const onRefresh = async () => {
    try {
      const data = await refresh.mutateAsync();
      if (data.sync.state !== 'ok') notify.error(DUTCHIE_TEXTS.fetchFailed);
    } catch {
      notify.error(DUTCHIE_TEXTS.fetchFailed);
    }
  };
  const onSearchChange = (value: string) => {
    setSearch(value);
    setSubmitted(null);
  };
  const toggle = (packageId: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(packageId)) next.delete(packageId);
      else next.add(packageId);
      return next;
    });

  const data = list.data;
  const rows = data?.data ?? [];
  const pagination = data?.pagination;
  if (pagination && pagination.totalPages > 0 && page > pagination.totalPages) {
    setPage(pagination.totalPages);
  }
  const isFiltered =
    term !== '' || filters.category !== ALL || filters.vendor !== ALL || filters.room !== ALL;

  return (
    <>
      <PageHeader
        title={DUTCHIE_TEXTS.title}
        description={
          <span className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-3">
            <span>Packages, rooms and stock of {user.company}, read from its Dutchie point-of-sale.</span>
            <SyncLine sync={data?.sync} />
          </span>
        }
      />
      {data?.sync.message && (
        <SyncAlert message={data.sync.message} state={data.sync.state} isAdmin={isAdmin} />
      )}
      <Card className="overflow-hidden">
        <DutchieToolbar
          search={search}
          onSearchChange={onSearchChange}
          onSearchSubmit={() => setSubmitted(search.trim())}
          filters={filters}
          onFiltersChange={setFilters}
          choices={data?.filters}
          onRefresh={onRefresh}
          isRefreshing={refresh.isPending}
        />
        {list.isPending ? (
          <Spinner label="Loading inventory from Dutchie" />
        ) : list.isError && !data ? (
          <EmptyState
            icon={CloudOff}
            title={DUTCHIE_TEXTS.fetchFailed}
            action={
              <Button variant="secondary" onClick={() => list.refetch()} isLoading={list.isFetching}>
                Try again
              </Button>
            }
          >
            {errorMessage(list.error, 'Check your connection and try again.')}
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={PackageSearch} title={DUTCHIE_TEXTS.noPackages}>
            {isFiltered || filters.includeZero ? DUTCHIE_TEXTS.adjustFilters : DUTCHIE_TEXTS.emptyStore}
          </EmptyState>
        ) : (
          <PackagesList
            rows={rows}
            order={order}
            onToggleOrder={() => setOrder((o) => (o === 'asc' ? 'desc' : 'asc'))}
            expanded={expanded}
            onToggle={toggle}
          />
        )}
        {pagination && pagination.totalItems > 0 && (
          <Pagination
            page={pagination.page}
            totalPages={pagination.totalPages}
            totalItems={pagination.totalItems}
            limit={limit}
            pageSizes={PAGE_SIZES}
            onPageChange={setPage}
            onLimitChange={setLimit}
            noun="packages"
          />
        )}
      </Card>
    </>
  );
}
