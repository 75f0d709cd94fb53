import type {
  TCreatedWebhook,
  TCreateWebhookRequest,
  TSuccessResponse,
  TUpdateWebhookRequest,
  TWebhook,
  TWebhookDeliveriesResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useWebhooks() {
  return useQuery({
    queryKey: queryKeys.webhooks.all,
    queryFn: () => api<{ data: TWebhook[] }>('/api/webhooks'),
  });
}

/** One endpoint's delivery log; refreshed every 3 s while shown, so a test event's attempts appear. */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id, page),
    queryFn: () => api<TWebhookDeliveriesResponse>(`/api/webhooks/${id}/deliveries?page=${page}&limit=10`),
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
    api<TCreatedWebhook>('/api/webhooks', { method: 'POST', body }),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: TUpdateWebhookRequest & { id: number }) =>
    api<TWebhook>(`/api/webhooks/${id}`, { method: 'PUT', body }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => api<TSuccessResponse>(`/api/webhooks/${id}`, { method: 'DELETE' }));

export const useTestWebhook = () =>
  useWebhookMutation((id: number) =>
    api<{ message_id: string }>(`/api/webhooks/${id}/test`, { method: 'POST' }),
  );
