import { ZSuccessResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteProduct = (id: number) =>
  api(`/api/inventory/${id}`, { method: 'DELETE', schema: ZSuccessResponse });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.locations });
    },
  });
}
