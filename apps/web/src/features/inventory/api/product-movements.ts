import { ZMovementHistory } from '@quantics/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Which of a product's places the history shows: all of them, one location, or its stock in no location. */
export type HistoryPlace = 'all' | 'none' | number;

/** Movements a page: enough for the chart to reach back a while, small enough to come at once. */
export const HISTORY_PAGE_SIZE = 50;

export type MovementsQuery = { place: HistoryPlace; cursor?: string; limit?: number };

export function movementsUrl(
  productId: number,
  { place, cursor, limit = HISTORY_PAGE_SIZE }: MovementsQuery,
) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (place !== 'all') params.set('location_id', String(place));
  if (cursor) params.set('cursor', cursor);
  return `/api/inventory/${productId}/movements?${params}`;
}

export const fetchMovements = (productId: number, query: MovementsQuery) =>
  api(movementsUrl(productId, query), { schema: ZMovementHistory });

/**
 * GET /api/inventory/{id}/movements, newest first, a page at a time: "Load more" asks for the page after the last
 * one's cursor. Under the inventory key, so saving the product (an edit movement) refreshes it.
 */
export function useProductMovements(productId: number, place: HistoryPlace) {
  return useInfiniteQuery({
    queryKey: queryKeys.inventory.movements(productId, place),
    queryFn: ({ pageParam }) => fetchMovements(productId, { place, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
