import { type TInviteRequest, ZTeamMember } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const postInvite = (body: TInviteRequest) =>
  api('/api/team/invite', { method: 'POST', body, schema: ZTeamMember });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
