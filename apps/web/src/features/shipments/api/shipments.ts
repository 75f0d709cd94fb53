import { type TShipmentStatus, ZShipment, ZShipmentsResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/shipments, newest first, by status (all when none). */
export const useShipments = (status: TShipmentStatus | null) =>
  useQuery({
    queryKey: queryKeys.shipments.list(status),
    queryFn: () => api(`/api/shipments${status ? `?status=${status}` : ''}`, { schema: ZShipmentsResponse }),
  });

/** GET /api/shipments/{id}: its lines, cartons and receipt (live while its count reads: refreshed every 5 s). */
export const useShipment = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.shipments.detail(id),
    queryFn: () => api(`/api/shipments/${id}`, { schema: ZShipment }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'receiving' ? 5000 : false),
  });

/** GET /api/shipments/{id}/receipt.csv, saved as the server names it. */
export async function downloadReceipt(id: number, reference: string) {
  const { blob, fileName } = await apiBlob(`/api/shipments/${id}/receipt.csv`);
  saveBlob(blob, fileName ?? `quantics-receipt-${reference}.csv`);
}
