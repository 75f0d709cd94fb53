import { ZDutchieProductResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/dutchie-inventory/product/{packageId}: a package with its product's description and potency. */
export function useDutchieProduct(packageId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dutchie.product(packageId),
    queryFn: () =>
      api(`/api/dutchie-inventory/product/${encodeURIComponent(packageId)}`, {
        schema: ZDutchieProductResponse,
      }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
