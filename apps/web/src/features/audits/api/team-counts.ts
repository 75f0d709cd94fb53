import { type TAddParticipantRequest, ZDevicesResponse, ZOpenCount } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { progressKey } from '@/shared/audits/count-progress';

/** The company's fixed readers (the readers a count's starter may add to it). */
export function useFixedReaders(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.devices,
    queryFn: () => api('/api/devices', { schema: ZDevicesResponse }),
    enabled: isEnabled,
    select: (devices) => devices.filter((d) => d.kind === 'fixed'),
  });
}

/** POST /api/audits/{id}/participants: a fixed reader of the counted place joins the count. */
export function useAddFixedReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TAddParticipantRequest }) =>
      api(`/api/audits/${id}/participants`, { method: 'POST', body, schema: ZOpenCount }),
    onSuccess: (_count, { id }) => queryClient.invalidateQueries({ queryKey: progressKey(id) }),
  });
}
