import {
  type TSaveMetrcKeyRequest,
  ZMetrcConnection,
  ZMetrcSyncResult,
  ZSaveMetrcKeyResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const metrcKey = ['metrc', 'connection'] as const;

/** GET /api/settings/metrc (admins of a Dutchie company): the license, the place and the last sync. */
export function useMetrcConnection(isEnabled: boolean) {
  return useQuery({
    queryKey: metrcKey,
    queryFn: () => api('/api/settings/metrc', { schema: ZMetrcConnection }),
    enabled: isEnabled,
  });
}

/** PUT /api/settings/metrc: store the user key and license (Metrc checks them first). */
export function useSaveMetrcKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveMetrcKeyRequest) =>
      api('/api/settings/metrc', { method: 'PUT', body, schema: ZSaveMetrcKeyResponse }),
    onSuccess: (result) => client.setQueryData(metrcKey, result.connection),
  });
}

/** POST /api/settings/metrc/sync: read the incoming manifests now; the shipments list follows. */
export function useSyncMetrc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/settings/metrc/sync', { method: 'POST', schema: ZMetrcSyncResult }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: metrcKey });
      client.invalidateQueries({ queryKey: queryKeys.shipments.all });
    },
  });
}
