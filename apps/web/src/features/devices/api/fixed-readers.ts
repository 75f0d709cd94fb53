import {
  DEVICE_REFRESH_MS,
  type TAudit,
  type TAuditListResponse,
  type TCreateFixedReaderRequest,
  type TFixedReaderCreated,
  type TStartCountRequest,
  type TStartCountResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Counts in progress (a fixed reader's open count among them), refreshed with the device list. */
const OPEN_COUNTS = ['audits', 'list', 'fixed-readers-open'] as const;
export function useOpenCounts() {
  return useQuery({
    queryKey: OPEN_COUNTS,
    queryFn: () => api<TAuditListResponse>('/api/audits?status=in_progress&limit=100'),
    refetchInterval: DEVICE_REFRESH_MS,
  });
}

function useDevicesMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audits.all }),
      ]);
    },
  });
}

/** POST /api/devices/fixed: the reader and its webhook settings (the password shown this once). */
export const useCreateFixedReader = () =>
  useDevicesMutation((body: TCreateFixedReaderRequest) =>
    api<TFixedReaderCreated>('/api/devices/fixed', { method: 'POST', body }),
  );

export const useReplaceWebhookPassword = () =>
  useDevicesMutation((id: number) =>
    api<TFixedReaderCreated>(`/api/devices/${id}/webhook-password`, { method: 'POST' }),
  );

export const useStartCount = () =>
  useDevicesMutation(({ id, body }: { id: number; body: TStartCountRequest }) =>
    api<TStartCountResponse>(`/api/devices/${id}/counts`, { method: 'POST', body }),
  );

export const useFinishCount = () =>
  useDevicesMutation((id: number) => api<TAudit>(`/api/devices/${id}/counts/finish`, { method: 'POST' }));
