import { type TStockStatus, ZInventoryListResponse } from '@quantics/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Query string of the list's filters; empty values are left out. */
export function inventoryParams(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== 'all') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/inventory's query (ZInventoryQuery on the server); 'all' means no status (or location) filter. */
export type InventoryListQuery = {
  page: number;
  limit: number;
  search?: string;
  status?: TStockStatus | 'all';
  /** Products with stock in this place or its sub-places ('none': with stock in no location), each with the units there. */
  location_id?: number | 'none' | 'all';
};

export const fetchInventory = (query: InventoryListQuery) =>
  api(`/api/inventory${inventoryParams(query)}`, { schema: ZInventoryListResponse });

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useInventoryList(query: InventoryListQuery) {
  return useQuery({
    queryKey: queryKeys.inventory.list(query),
    queryFn: () => fetchInventory(query),
    placeholderData: keepPreviousData,
  });
}
