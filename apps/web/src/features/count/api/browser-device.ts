import { type TUser, ZBrowserDeviceResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** This browser's device credential for one person in one company: kept on the handheld, sent as a device token. */
export type BrowserCredential = { deviceId: number; name: string; token: string };

export const countKey = (user: TUser) => `${user.id}:${user.company_id}`;
const credentialKey = (user: TUser) => `quantics.count.device.${countKey(user)}`;

export function readCredential(user: TUser): BrowserCredential | null {
  try {
    const raw = localStorage.getItem(credentialKey(user));
    return raw ? (JSON.parse(raw) as BrowserCredential) : null;
  } catch {
    return null;
  }
}
export const forgetCredential = (user: TUser) => localStorage.removeItem(credentialKey(user));

/** POST /api/devices/browser: this browser becomes a device of the company; its token is kept here. */
export function useSetUpBrowser(user: TUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api('/api/devices/browser', { method: 'POST', body: { name }, schema: ZBrowserDeviceResponse }),
    onSuccess: ({ device, device_token }) => {
      const credential: BrowserCredential = { deviceId: device.id, name: device.name, token: device_token };
      localStorage.setItem(credentialKey(user), JSON.stringify(credential));
      queryClient.invalidateQueries({ queryKey: queryKeys.devices });
    },
  });
}
