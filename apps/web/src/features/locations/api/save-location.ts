import { type TLocationRequest, ZLocation } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createLocation = (body: TLocationRequest) =>
  api('/api/locations', { method: 'POST', body, schema: ZLocation });

export const updateLocation = (id: number, body: TLocationRequest) =>
  api(`/api/locations/${id}`, { method: 'PUT', body, schema: ZLocation });

/** POST without an id, PUT with one. Renaming a location renames it on every product row too. */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TLocationRequest }) =>
      id === undefined ? createLocation(body) : updateLocation(id, body),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.locations });
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
    },
  });
}
