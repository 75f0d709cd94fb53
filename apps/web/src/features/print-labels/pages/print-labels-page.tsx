import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { usePageTitle } from '@/lib/page-title';
import { useLabelSettings } from '../api/label-settings';
import { usePrintStatus } from '../api/print-status';
import { BulkQueue } from '../components/bulk-queue';
import { ConnectionBadge } from '../components/connection-badge';
import { PrintHelp } from '../components/print-help';
import { ProductSearch } from '../components/product-search';
import { RecentJobs } from '../components/recent-jobs';
import { SelectedProduct } from '../components/selected-product';
import { UtilitiesCard } from '../components/utilities-card';
import { usePrintLabels } from '../use-print-labels';

/**
 * /print-labels: find a product (a point-of-sale company: a Dutchie package), preview its label and print it.
 * Bulk printing is for local catalogues only (spec: anything not dutchie).
 */
export function PrintLabelsPage() {
  usePageTitle('Print Labels');
  const help = useHelp();
  const status = usePrintStatus();
  const size = useLabelSettings();
  const { user } = useAuth();
  const canEditSize = useCan('admin');
  const isPointOfSale = user?.inventory_type === 'dutchie';
  const s = usePrintLabels(status.data, isPointOfSale);
  const canBulk = !isPointOfSale;
  return (
    <>
      <PageHeader
        title="Print RFID Labels"
        description="Print labels with each product’s RFID tag written in, on the Zebra printer attached to your computer."
        actions={
          <>
            <ConnectionBadge status={status.data} />
            <HelpToggle help={help} />
          </>
        }
      />
      <PrintHelp help={help} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProductSearch s={s} canBulk={canBulk} isPointOfSale={isPointOfSale} />
          {canBulk && <BulkQueue s={s} status={status.data} />}
          <UtilitiesCard />
        </div>
        <div className="min-w-0 lg:col-span-3">
          {size.data && (
            <SelectedProduct
              s={s}
              status={status.data}
              size={size.data}
              canBulk={canBulk}
              canEditSize={canEditSize}
            />
          )}
        </div>
      </div>
      <div className="mt-6">
        <RecentJobs />
      </div>
    </>
  );
}
