import { ZStoreKpiResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/reports/store-kpis: a store's record accuracy and on-shelf availability per company day. */
export function useStoreKpis(storeId: number | null, range?: { from: string; to: string }, enabled = true) {
  const query = new URLSearchParams({ location_id: String(storeId ?? 0), ...(range ?? {}) });
  return useQuery({
    queryKey: ['reports', 'store-kpis', storeId, range ?? null] as const,
    queryFn: () => api(`/api/reports/store-kpis?${query}`, { schema: ZStoreKpiResponse }),
    enabled: enabled && storeId !== null,
  });
}
