import type { TTeamMember } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchTeamMembers = () => api<TTeamMember[]>('/api/team/members');

export function useTeamMembers() {
  return useQuery({ queryKey: queryKeys.team.members, queryFn: fetchTeamMembers });
}
