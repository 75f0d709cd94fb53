import { ZDutchieInventoryResponse } from '@quantics/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dutchie-inventory's query (ZDutchieInventoryQuery on the server); 'all' and '' mean no filter. */
export type DutchieListQuery = {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  vendor?: string;
  room?: string;
  includeZero: boolean;
  order: 'asc' | 'desc';
};

function params(query: DutchieListQuery, refresh = false): string {
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === 'all' || value === false) continue;
    p.set(key, String(value));
  }
  p.set('sort', 'name');
  if (refresh) p.set('refresh', 'true');
  return `?${p.toString()}`;
}

export const fetchDutchieInventory = (query: DutchieListQuery, refresh = false) =>
  api(`/api/dutchie-inventory${params(query, refresh)}`, { schema: ZDutchieInventoryResponse });

/** One page of the company's Dutchie snapshot; the previous page stays on screen while the next loads. */
export function useDutchieInventory(query: DutchieListQuery) {
  return useQuery({
    queryKey: queryKeys.dutchie.list(query),
    queryFn: () => fetchDutchieInventory(query),
    placeholderData: keepPreviousData,
    // The server decides when Dutchie is read again; the screen asks it now and then.
    staleTime: 60_000,
  });
}

/** Refresh: asks the server to read Dutchie now (it does so within Dutchie's rate limits). */
export function useRefreshDutchieInventory(query: DutchieListQuery) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchDutchieInventory(query, true),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.dutchie.list(query), data);
      // Other pages and filters come from the new snapshot on their next look.
      client.invalidateQueries({ queryKey: queryKeys.dutchie.all, refetchType: 'none' });
    },
  });
}
