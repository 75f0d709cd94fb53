import { ZSuccessResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `invitationId` is an invitation row's id (kind 'invitation'). */
export const deleteInvitation = (invitationId: number) =>
  api(`/api/team/invitations/${invitationId}`, { method: 'DELETE', schema: ZSuccessResponse });

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
