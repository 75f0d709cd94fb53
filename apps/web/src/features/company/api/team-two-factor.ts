import { ZTeamMembersResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The company's people (GET /api/team/members, admins), shared with the Team page's cache: who has two-factor. */
export function useTeamTwoFactor() {
  return useQuery({
    queryKey: queryKeys.team.members,
    queryFn: () => api('/api/team/members', { schema: ZTeamMembersResponse }),
    select: (rows) => rows.filter((r) => r.kind === 'member' && r.status === 'active'),
  });
}
