import { ZTeamMembersResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchTeamMembers = () => api('/api/team/members', { schema: ZTeamMembersResponse });

export function useTeamMembers() {
  return useQuery({ queryKey: queryKeys.team.members, queryFn: fetchTeamMembers });
}
