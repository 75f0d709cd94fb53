import type { TProduct, TProductRequest } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createProduct = (body: TProductRequest) =>
  api<TProduct>('/api/inventory', { method: 'POST', body });

export const updateProduct = (id: number, body: TProductRequest) =>
  api<TProduct>(`/api/inventory/${id}`, { method: 'PUT', body });

/** POST without an id, PUT with one; the list, its cards and the locations' product counts refresh. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TProductRequest }) =>
      id === undefined ? createProduct(body) : updateProduct(id, body),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.locations });
    },
  });
}
