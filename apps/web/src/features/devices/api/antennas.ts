import { type TAntennasRequest, ZAntennasResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = (id: number) => ['devices', 'antennas', id] as const;

/** GET /api/devices/{id}/antennas: a fixed reader's antennas and their places. */
export function useAntennas(deviceId: number | null) {
  return useQuery({
    queryKey: key(deviceId ?? 0),
    queryFn: () => api(`/api/devices/${deviceId}/antennas`, { schema: ZAntennasResponse }),
    enabled: deviceId !== null,
  });
}

/** PUT /api/devices/{id}/antennas: the whole map. */
export function useSaveAntennas(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAntennasRequest) =>
      api(`/api/devices/${deviceId}/antennas`, { method: 'PUT', body, schema: ZAntennasResponse }),
    onSuccess: (data) => queryClient.setQueryData(key(deviceId), data),
  });
}
