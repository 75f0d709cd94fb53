import type { TUpdateProfileRequest } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, shellSchema } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The theme-sync in the shell reads it too, so its schema loads with the call (see shell-schemas.ts). */
export const fetchProfile = () => api('/api/settings/profile', { schema: shellSchema('ZProfile') });

/** The signed-in person's profile (also the source of their theme). */
export function useProfile({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.settings.profile,
    queryFn: fetchProfile,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export const putProfile = (body: TUpdateProfileRequest) =>
  api('/api/settings/profile', { method: 'PUT', body, schema: shellSchema('ZProfile') });
