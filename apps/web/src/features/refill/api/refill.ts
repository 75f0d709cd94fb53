import { type TMovedRequest, ZMovementsResponse, ZReplenishmentResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

const key = (storeId: number) => ['inventory', 'refill', storeId] as const;

/** GET /api/replenishment?location_id=: the store's refill list. */
export function useRefillList(storeId: number | null) {
  return useQuery({
    queryKey: key(storeId ?? 0),
    queryFn: () => api(`/api/replenishment?location_id=${storeId}`, { schema: ZReplenishmentResponse }),
    enabled: storeId !== null,
  });
}

/** POST /api/replenishment/moved: the move recorded as a transfer; the list and every inventory page refresh. */
export function useRecordMoved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMovedRequest) =>
      api('/api/replenishment/moved', { method: 'POST', body, schema: ZMovementsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all }),
  });
}

/** The list as CSV, saved under the server's name. */
export async function downloadRefillCsv(storeId: number) {
  const { blob, fileName } = await apiBlob(`/api/replenishment.csv?location_id=${storeId}`);
  saveBlob(blob, fileName ?? `quantics-refill-${storeId}.csv`);
}
