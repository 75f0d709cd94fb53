import type { TTeamMember } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TEAM_MEMBERS_KEY = ['team', 'members'] as const;

export const fetchTeamMembers = () => api<TTeamMember[]>('/api/team/members');

export function useTeamMembers() {
  return useQuery({ queryKey: TEAM_MEMBERS_KEY, queryFn: fetchTeamMembers });
}
