import {
  type TCreateApiKeyRequest,
  ZApiKeysResponse,
  ZCreatedApiKey,
  ZSuccessResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The company's API keys (admins), newest first, revoked ones included. */
export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys.all,
    queryFn: () => api('/api/api-keys', { schema: ZApiKeysResponse }),
  });
}

function useApiKeyMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

/** Answers the key itself, this once. */
export const useCreateApiKey = () =>
  useApiKeyMutation((body: TCreateApiKeyRequest) =>
    api('/api/api-keys', { method: 'POST', body, schema: ZCreatedApiKey }),
  );

export const useRevokeApiKey = () =>
  useApiKeyMutation((id: number) =>
    api(`/api/api-keys/${id}`, { method: 'DELETE', schema: ZSuccessResponse }),
  );
