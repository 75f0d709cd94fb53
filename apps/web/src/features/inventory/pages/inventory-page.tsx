import {
  INVENTORY_PAGE_SIZE_DEFAULT,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  type TProduct,
} from '@quantics/contracts';
import { FileDown, PackageSearch, Plus, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagedFilters } from '@/lib/use-paged-filters';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { downloadExport, downloadTemplate } from '../api/csv-files';
import { useDeleteProduct } from '../api/delete-product';
import { useInventoryList } from '../api/inventory-list';
import { InventoryHelp } from '../components/inventory-help';
import { InventorySummary } from '../components/inventory-summary';
import { InventoryToolbar, type StatusFilter } from '../components/inventory-toolbar';
import type { LocationFilter } from '../components/location-filter';
import { ProductDialog, type ProductTab } from '../components/product-dialog';
import { ProductsList } from '../components/products-list';
import { UploadDialog } from '../components/upload-dialog';
import { INVENTORY_TEXTS } from '../inventory-texts';

/** /inventory for a local catalogue (app/inventory-route.tsx sends point-of-sale companies to their own screen). */
export function InventoryPage() {
  usePageTitle('Inventory');
  const { user } = useAuth();
  const canWrite = useCan('operator');
  const help = useHelp();
  // /inventory?search=SKU (a notification's link) opens the list searched for that product.
  const [params] = useSearchParams();
  const linkedSearch = params.get('search');
  const [search, setSearch] = useState(linkedSearch ?? '');
  useEffect(() => {
    if (linkedSearch !== null) setSearch(linkedSearch);
  }, [linkedSearch]);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [location, setLocation] = useState<LocationFilter>('all');
  // Changing the search, a filter or the page size goes back to page 1.
  const { page, setPage, limit, setLimit } = usePagedFilters(
    [debouncedSearch, status, location],
    INVENTORY_PAGE_SIZE_DEFAULT,
  );

  const list = useInventoryList({
    page,
    limit,
    search: debouncedSearch || undefined,
    status,
    location_id: location,
  });
  useToastOnError(list.error, INVENTORY_TEXTS.loadFailed);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<TProduct | 'new' | null>(null);
  const [tab, setTab] = useState<ProductTab>('details');
  const open = (tabToOpen: ProductTab) => (p: TProduct) => {
    setTab(tabToOpen);
    setEditing(p);
  };
  const [deleting, setDeleting] = useState<TProduct | null>(null);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [isTemplateBusy, setIsTemplateBusy] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  if (!user) return null;
  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;
  // A page beyond the end (after deletes) goes back to the last one that exists.
  if (pagination && pagination.totalPages > 0 && page > pagination.totalPages) setPage(pagination.totalPages);
  const isFiltered = debouncedSearch !== '' || status !== 'all' || location !== 'all';

  const onTemplate = async () => {
    setIsTemplateBusy(true);
    try {
      await downloadTemplate();
      notify.success(INVENTORY_TEXTS.templateDownloaded);
    } catch (err) {
      notify.error(errorMessage(err, INVENTORY_TEXTS.templateFailed));
    } finally {
      setIsTemplateBusy(false);
    }
  };
  const onExport = async () => {
    setIsExporting(true);
    try {
      await downloadExport({ search: debouncedSearch, status });
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to export inventory'));
    } finally {
      setIsExporting(false);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(INVENTORY_TEXTS.deleted);
      setDeleting(null);
    } catch (err) {
      notify.error(errorMessage(err, INVENTORY_TEXTS.deleteFailed));
    }
  };

  return (
    <>
      <PageHeader
        title="Inventory"
        description={`Products, RFID tags and stock levels of ${user.company}.`}
        actions={
          <>
            <HelpToggle help={help} />
            <Button variant="secondary" onClick={onTemplate} isLoading={isTemplateBusy}>
              {!isTemplateBusy && <FileDown className="size-4" aria-hidden />}
              Template
            </Button>
            {canWrite && (
              <>
                <Button variant="secondary" onClick={() => setIsUploadOpen(true)}>
                  <Upload className="size-4" aria-hidden />
                  Upload CSV
                </Button>
                <Button onClick={() => setEditing('new')}>
                  <Plus className="size-4" aria-hidden />
                  Add Product
                </Button>
              </>
            )}
          </>
        }
      />
      <InventoryHelp help={help} />
      <InventorySummary summary={list.data?.summary} />

      <Card className="overflow-hidden">
        <InventoryToolbar
          search={search}
          onSearchChange={setSearch}
          status={status}
          onStatusChange={setStatus}
          location={location}
          onLocationChange={setLocation}
          onRefresh={() => list.refetch()}
          isRefreshing={list.isFetching}
          onExport={onExport}
          isExporting={isExporting}
        />
        {list.isPending ? (
          <Spinner label="Loading inventory" />
        ) : list.isError && !list.data ? (
          <LoadError title={INVENTORY_TEXTS.loadFailed} error={list.error} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={PackageSearch}
            title={INVENTORY_TEXTS.noProducts}
            action={
              !isFiltered &&
              canWrite && (
                <Button onClick={() => setEditing('new')}>
                  <Plus className="size-4" aria-hidden />
                  Add Product
                </Button>
              )
            }
          >
            {isFiltered ? INVENTORY_TEXTS.adjustFilters : INVENTORY_TEXTS.getStarted}
          </EmptyState>
        ) : (
          <ProductsList
            rows={rows}
            handlers={
              canWrite
                ? { onHistory: open('history'), onEdit: open('details'), onDelete: setDeleting }
                : { onHistory: open('history') }
            }
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
            noun="products"
          />
        )}
      </Card>

      <ProductDialog
        product={editing}
        tab={tab}
        canEdit={canWrite}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
      />
      {canWrite && (
        <>
          <UploadDialog isOpen={isUploadOpen} onOpenChange={setIsUploadOpen} />
          <ConfirmDialog
            isOpen={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete product?"
            description={
              deleting &&
              `${deleting.name} (SKU ${deleting.sku}) will be removed from your catalogue. Its RFID tag will no longer be recognised in audits.`
            }
            confirmLabel="Delete product"
            onConfirm={confirmDelete}
            isPending={remove.isPending}
          />
        </>
      )}
    </>
  );
}
