import { type TRole, ZTeamMember } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `userId` is a member row's id (kind 'member'). */
export const putMemberRole = ({ userId, role }: { userId: number; role: TRole }) =>
  api(`/api/team/members/${userId}`, { method: 'PUT', body: { role }, schema: ZTeamMember });

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMemberRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
  });
}
