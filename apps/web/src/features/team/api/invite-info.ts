import { ZInviteInfo } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchInviteInfo = (token: string) =>
  api(`/api/team/invite-info?token=${encodeURIComponent(token)}`, {
    isAuthAttempt: true,
    schema: ZInviteInfo,
  });

/** What the link is for; 404 (used or unknown) and 410 (expired) come back as errors with the server's text. */
export function useInviteInfo(token: string | null) {
  return useQuery({
    queryKey: queryKeys.team.inviteInfo(token),
    queryFn: () => fetchInviteInfo(token ?? ''),
    enabled: !!token,
    retry: false,
  });
}
