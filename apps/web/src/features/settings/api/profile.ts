import type { TProfile, TUpdateProfileRequest } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchProfile = () => api<TProfile>('/api/settings/profile');

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
  api<TProfile>('/api/settings/profile', { method: 'PUT', body });
