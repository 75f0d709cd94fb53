import {
  type TShipment,
  type TShipmentStatus,
  type TShipmentSummary,
  type TUser,
  ZCodeLookupResponse,
  ZShipment,
  ZShipmentsResponse,
} from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchKept } from '@/lib/offline-kept';
import { queryKeys } from '@/lib/query-keys';
import type { StoredReceipt } from '../lib/count-store';

/** What the Count screen's Receive offers: shipments not yet received (a receipt in progress is joined). */
export const RECEIVABLE: readonly TShipmentStatus[] = ['expected', 'in_transit', 'receiving'];

/** GET /api/shipments, the ones to receive (oldest expected first), kept on this browser for a start offline. */
export function useShipmentsToReceive(user: Pick<TUser, 'company_id'> | null, isEnabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.shipments.all, 'to-receive', user?.company_id],
    queryFn: () =>
      fetchKept(`shipments-to-receive:${user?.company_id}`, () =>
        api('/api/shipments', { schema: ZShipmentsResponse }).then((r) =>
          r.data
            .filter((s) => RECEIVABLE.includes(s.status))
            .sort((a, b) => (a.expected_at ?? a.created_at).localeCompare(b.expected_at ?? b.created_at)),
        ),
      ),
    enabled: !!user && isEnabled,
    refetchInterval: isEnabled ? 15_000 : false,
  });
}

/** GET /api/inventory/lookup?code=: a carton label's carton and the shipment it comes with (null: none). */
export async function lookupCarton(code: string) {
  const found = await api(`/api/inventory/lookup?code=${encodeURIComponent(code)}`, {
    schema: ZCodeLookupResponse,
  });
  return found.kind === 'carton' ? (found.carton ?? null) : null;
}

/** The shipment a receipt in progress receives (a team member joining it from the counts in progress). */
export async function receivingShipment(auditId: number) {
  const r = await api('/api/shipments?status=receiving', { schema: ZShipmentsResponse }).catch(() => null);
  return r?.data.find((s) => s.receipt_audit_id === auditId);
}

/** GET /api/shipments/{id}: one shipment with its lines, cartons and receipt so far. */
export const fetchShipment = (id: number) => api(`/api/shipments/${id}`, { schema: ZShipment });

/**
 * The shipment being received, refreshed every 3 s while the receipt is open: the portal's receipt so far adds up
 * every handheld's reads (a team receiving one truck), the screen adds this handheld's own on top.
 */
export const useLiveShipment = (id: number | null, isLive: boolean) =>
  useQuery({
    queryKey: queryKeys.shipments.detail(id),
    queryFn: () => fetchShipment(id as number),
    enabled: id !== null,
    refetchInterval: isLive ? 3000 : false,
  });

/** A shipment as a receipt keeps it: the summary at once, its lines per product and cartons once detailed. */
export function storedReceiptOf(s: TShipmentSummary | TShipment): StoredReceipt {
  const detail = 'lines' in s ? receiptDetailOf(s) : { lines: null, cartons: null };
  return {
    shipmentId: s.id,
    reference: s.reference,
    supplier: s.supplier,
    destination: s.destination_location,
    unitsExpected: s.units_expected,
    cartonsCount: s.cartons_count,
    ...detail,
  };
}

/** The shipment's lines added up per product (loose and in cartons), and each carton's products. */
export function receiptDetailOf(s: TShipment): Pick<StoredReceipt, 'lines' | 'cartons'> {
  const lines = new Map<string, { sku: string; name: string; expected: number }>();
  for (const l of s.lines) {
    const line = lines.get(l.sku) ?? { sku: l.sku, name: l.name, expected: 0 };
    line.expected += l.quantity;
    lines.set(l.sku, line);
  }
  const cartons = s.cartons.map((c) => ({
    sscc: c.sscc,
    skus: [...new Set(s.lines.filter((l) => l.sscc === c.sscc).map((l) => l.sku))],
  }));
  return { lines: [...lines.values()], cartons };
}
