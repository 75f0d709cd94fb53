import {
  DEVICE_REFRESH_MS,
  type TCreateFixedReaderRequest,
  type TStartCountRequest,
  ZAudit,
  ZAuditListResponse,
  ZFixedReaderCreated,
  ZStartCountResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Counts in progress (a fixed reader's open count among them), refreshed with the device list. */
const OPEN_COUNTS = ['audits', 'list', 'fixed-readers-open'] as const;
export function useOpenCounts() {
  return useQuery({
    queryKey: OPEN_COUNTS,
    queryFn: () => api('/api/audits?status=in_progress&limit=100', { schema: ZAuditListResponse }),
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
    api('/api/devices/fixed', { method: 'POST', body, schema: ZFixedReaderCreated }),
  );

export const useReplaceWebhookPassword = () =>
  useDevicesMutation((id: number) =>
    api(`/api/devices/${id}/webhook-password`, { method: 'POST', schema: ZFixedReaderCreated }),
  );

export const useStartCount = () =>
  useDevicesMutation(({ id, body }: { id: number; body: TStartCountRequest }) =>
    api(`/api/devices/${id}/counts`, { method: 'POST', body, schema: ZStartCountResponse }),
  );

export const useFinishCount = () =>
  useDevicesMutation((id: number) =>
    api(`/api/devices/${id}/counts/finish`, { method: 'POST', schema: ZAudit }),
  );
