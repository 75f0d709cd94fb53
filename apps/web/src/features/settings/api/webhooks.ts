import {
  type TCreateWebhookRequest,
  type TUpdateWebhookRequest,
  ZCreatedWebhook,
  ZSuccessResponse,
  ZWebhook,
  ZWebhookDeliveriesResponse,
  ZWebhooksResponse,
  ZWebhookTestResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.all,
    queryFn: () => api('/api/webhooks', { schema: ZWebhooksResponse }),
  });
}

/** One endpoint's delivery log; refreshed every 3 s while shown, so a test event's attempts appear. */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id, page),
    queryFn: () =>
      api(`/api/webhooks/${id}/deliveries?page=${page}&limit=10`, { schema: ZWebhookDeliveriesResponse }),
    refetchInterval: 3000,
  });
}

function useWebhookMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: TCreateWebhookRequest) =>
    api('/api/webhooks', { method: 'POST', body, schema: ZCreatedWebhook }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: TUpdateWebhookRequest & { id: number }) =>
    api(`/api/webhooks/${id}`, { method: 'PUT', body, schema: ZWebhook }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) =>
    api(`/api/webhooks/${id}`, { method: 'DELETE', schema: ZSuccessResponse }),
  );

export const useTestWebhook = () =>
  useWebhookMutation((id: number) =>
    api(`/api/webhooks/${id}/test`, { method: 'POST', schema: ZWebhookTestResponse }),
  );
