import { SHIPMENT_STATUSES, type TShipmentStatus } from '@quantics/contracts';
import { Truck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/page-title';
import { useShipment, useShipments } from '../api/shipments';
import { ShipmentDetail } from '../components/shipment-detail';
import { SHIPMENT_STATUS_LABELS } from '../components/shipment-status';
import { ShipmentsList } from '../components/shipments-list';

/** Shipments (docs/receiving.md): what is expected, in transit and received; `?shipment=12` opens one. */
export function ShipmentsPage() {
  usePageTitle('Shipments');
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('shipment')) || null;
  const rawStatus = params.get('status');
  const status = SHIPMENT_STATUSES.includes(rawStatus as TShipmentStatus)
    ? (rawStatus as TShipmentStatus)
    : null;
  const list = useShipments(status);
  const detail = useShipment(open);
  const set = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  if (open !== null) {
    return (
      <>
        <PageHeader
          title="Shipments"
          description="Deliveries checked against what was shipped, by carton and by item."
        />
        {detail.isPending ? (
          <Spinner label="Loading shipment" />
        ) : detail.isError ? (
          <Card>
            <LoadError
              title="The shipment could not be loaded"
              error={detail.error}
              onRetry={() => detail.refetch()}
              isRetrying={detail.isFetching}
            />
          </Card>
        ) : (
          <ShipmentDetail shipment={detail.data} onBack={() => set('shipment', null)} />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Shipments"
        description="Deliveries checked against what was shipped, by carton and by item."
        actions={
          <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <label htmlFor="shipment-status">Status</label>
            <Select
              id="shipment-status"
              className="w-56"
              value={status ?? ''}
              onChange={(e) => set('status', e.target.value || null)}
            >
              <option value="">All shipments</option>
              {SHIPMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {SHIPMENT_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <Card>
        {list.isPending ? (
          <div className="py-12">
            <Spinner label="Loading shipments" />
          </div>
        ) : list.isError ? (
          <LoadError
            title="Shipments could not be loaded"
            error={list.error}
            onRetry={() => list.refetch()}
            isRetrying={list.isFetching}
          />
        ) : list.data.data.length === 0 ? (
          <EmptyState icon={Truck} title={status ? 'No shipments with this status' : 'No shipments yet'}>
            Advance ship notices and transfers arrive through the API or a CSV import (see the receiving
            guide).
          </EmptyState>
        ) : (
          <ShipmentsList shipments={list.data.data} onOpen={(id) => set('shipment', String(id))} />
        )}
      </Card>
    </>
  );
}
