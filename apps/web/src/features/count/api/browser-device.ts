import { type TUser, ZBrowserDeviceResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type BrowserCredential, deleteCredential, loadCredential, saveCredential } from '../lib/count-store';

export type { BrowserCredential };

export const countKey = (user: TUser) => `${user.id}:${user.company_id}`;
/** Where the credential was kept before it moved to IndexedDB (for the service worker, which has no local storage). */
const legacyKey = (key: string) => `quantics.count.device.${key}`;

/**
 * This browser's device credential for the person in their company: kept on the handheld (IndexedDB, where the
 * service worker can read it to send a count's reads in the background) and sent as a device token. A credential
 * kept in local storage by an earlier version is moved there the first time it is read.
 */
export async function readCredential(user: TUser): Promise<BrowserCredential | null> {
  const key = countKey(user);
  const kept = await loadCredential(key);
  if (kept) return kept;
  const raw = localStorage.getItem(legacyKey(key));
  if (!raw) return null;
  let credential: BrowserCredential;
  try {
    credential = JSON.parse(raw) as BrowserCredential;
  } catch {
    localStorage.removeItem(legacyKey(key));
    return null;
  }
  await saveCredential(key, credential);
  localStorage.removeItem(legacyKey(key));
  return credential;
}

export async function forgetCredential(user: TUser) {
  localStorage.removeItem(legacyKey(countKey(user)));
  await deleteCredential(countKey(user));
}

/** POST /api/devices/browser: this browser becomes a device of the company; its token is kept here. */
export function useSetUpBrowser(user: TUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { device, device_token } = await api('/api/devices/browser', {
        method: 'POST',
        body: { name },
        schema: ZBrowserDeviceResponse,
      });
      const credential: BrowserCredential = { deviceId: device.id, name: device.name, token: device_token };
      await saveCredential(countKey(user), credential);
      return credential;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}
