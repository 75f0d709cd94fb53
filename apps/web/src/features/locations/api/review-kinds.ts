import { type TLocationKindsRequest, ZLocationsResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/locations/kinds: the kinds an admin confirmed and the guesses dismissed (admins only). */
export function useReviewKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLocationKindsRequest) =>
      api('/api/locations/kinds', { method: 'POST', body, schema: ZLocationsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.locations }),
  });
}
