import {
  DEVICE_REFRESH_MS,
  ZDevice,
  ZDevicesResponse,
  ZRegisterConfirmResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchDevices = () => api('/api/devices', { schema: ZDevicesResponse });

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
    api('/api/rfid/register/confirm', { method: 'POST', body: { code }, schema: ZRegisterConfirmResponse }),
  );

export const useRenameDevice = () =>
  useInvalidatingMutation(({ id, name }: { id: number; name: string }) =>
    api(`/api/devices/${id}`, { method: 'PUT', body: { name }, schema: ZDevice }),
  );

export const useDeleteDevice = () =>
  useInvalidatingMutation((id: number) =>
    api(`/api/devices/${id}`, { method: 'DELETE', schema: ZSuccessResponse }),
  );
