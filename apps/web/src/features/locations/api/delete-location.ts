import { ZSuccessResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteLocation = (id: number) =>
  api(`/api/locations/${id}`, { method: 'DELETE', schema: ZSuccessResponse });

/** The server refuses (409) while sub-locations remain; products at the location become 'Not set'. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.locations });
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
    },
  });
}
