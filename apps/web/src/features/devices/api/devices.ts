import {
  DEVICE_REFRESH_MS,
  type TDevice,
  type TRegisterConfirmResponse,
  type TSuccessResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchDevices = () => api<TDevice[]>('/api/devices');

/** The company's readers, refreshed every 5 s so status, battery and signal stay current. */
export function useDevices() {
  return useQuery({ queryKey: queryKeys.devices, queryFn: fetchDevices, refetchInterval: DEVICE_REFRESH_MS });
}

function useInvalidatingMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}

/** POST /api/rfid/register/confirm: binds the reader showing this code to the current company. */
export const useRegisterDevice = () =>
  useInvalidatingMutation((code: string) =>
    api<TRegisterConfirmResponse>('/api/rfid/register/confirm', { method: 'POST', body: { code } }),
  );

export const useRenameDevice = () =>
  useInvalidatingMutation(({ id, name }: { id: number; name: string }) =>
    api<TDevice>(`/api/devices/${id}`, { method: 'PUT', body: { name } }),
  );

export const useDeleteDevice = () =>
  useInvalidatingMutation((id: number) => api<TSuccessResponse>(`/api/devices/${id}`, { method: 'DELETE' }));
