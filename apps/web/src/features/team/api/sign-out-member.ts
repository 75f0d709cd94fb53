import { ZRevokeSessionsResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Ends every session and print utility of a member in this company (a lost phone); they stay in the team. */
export const postSignOutMember = (userId: number) =>
  api(`/api/team/members/${userId}/sign-out`, { method: 'POST', schema: ZRevokeSessionsResponse });

export function useSignOutMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSignOutMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
