import { ZSuccessResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `userId` is a member row's id (kind 'member'). */
export const deleteMember = (userId: number) =>
  api(`/api/team/members/${userId}`, { method: 'DELETE', schema: ZSuccessResponse });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
