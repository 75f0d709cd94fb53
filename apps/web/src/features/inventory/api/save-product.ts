import { type TProductRequest, ZProduct } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createProduct = (body: TProductRequest) =>
  api('/api/inventory', { method: 'POST', body, schema: ZProduct });

export const updateProduct = (id: number, body: TProductRequest) =>
  api(`/api/inventory/${id}`, { method: 'PUT', body, schema: ZProduct });

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
