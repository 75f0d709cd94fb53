import { type TMovedRequest, ZMovementsResponse, ZReplenishmentResponse } from '@quantics/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

const key = (storeId: number) => ['inventory', 'refill', storeId] as const;

/** Rows a page: what a person works through before asking for more (24 fills two or three columns evenly). */
export const REFILL_PAGE = 24;

export function refillUrl(storeId: number, cursor?: string) {
  const params = new URLSearchParams({ location_id: String(storeId), limit: String(REFILL_PAGE) });
  if (cursor) params.set('cursor', cursor);
  return `/api/replenishment?${params}`;
}

/**
 * GET /api/replenishment?location_id=: the store's refill list, a page at a time ("Load more" asks for the page after
 * the last one's cursor). Refreshed after a move, every loaded page again from the first.
 */
export function useRefillList(storeId: number | null) {
  return useInfiniteQuery({
    queryKey: key(storeId ?? 0),
    queryFn: ({ pageParam }) => api(refillUrl(storeId ?? 0, pageParam), { schema: ZReplenishmentResponse }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
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
