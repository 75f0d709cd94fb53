import { ZDutchieConnection, ZReplaceDutchieKeyResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings/dutchie (admins): the store the key reaches and the last sync. */
export function useDutchieConnection(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dutchie.connection,
    queryFn: () => api('/api/settings/dutchie', { schema: ZDutchieConnection }),
    enabled: isEnabled,
  });
}

/** PUT /api/settings/dutchie: replace the key (Dutchie checks it first); the old snapshot is dropped. */
export function useReplaceDutchieKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) =>
      api('/api/settings/dutchie', { method: 'PUT', body: { apiKey }, schema: ZReplaceDutchieKeyResponse }),
    onSuccess: (result) => {
      client.setQueryData(queryKeys.dutchie.connection, result.connection);
      client.invalidateQueries({ queryKey: queryKeys.dutchie.all });
    },
  });
}
