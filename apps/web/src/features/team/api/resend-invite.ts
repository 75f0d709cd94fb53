import { ZTeamMember } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `invitationId` is an invitation row's id (kind 'invitation'). */
export const postResendInvite = (invitationId: number) =>
  api(`/api/team/resend-invite/${invitationId}`, { method: 'POST', schema: ZTeamMember });

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postResendInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
