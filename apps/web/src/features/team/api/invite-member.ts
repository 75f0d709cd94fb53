import type { TInviteRequest, TTeamMember } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const postInvite = (body: TInviteRequest) =>
  api<TTeamMember>('/api/team/invite', { method: 'POST', body });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
