import type { TSuccessResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVENTORY_KEY } from '@/features/inventory/api/inventory-list';
import { api } from '@/lib/api-client';
import { LOCATIONS_KEY } from './locations';

export const deleteLocation = (id: number) =>
  api<TSuccessResponse>(`/api/locations/${id}`, { method: 'DELETE' });

/** The server refuses (409) while sub-locations remain; products at the location become 'Not set'. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
      queryClient.invalidateQueries({ queryKey: INVENTORY_KEY });
    },
  });
}
