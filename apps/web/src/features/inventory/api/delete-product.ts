import type { TSuccessResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCATIONS_KEY } from '@/features/locations/api/locations';
import { api } from '@/lib/api-client';
import { INVENTORY_KEY } from './inventory-list';

export const deleteProduct = (id: number) =>
  api<TSuccessResponse>(`/api/inventory/${id}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: INVENTORY_KEY });
      queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
  });
}
