import { type TCompanyNameRequest, type TUpdateCompanyRequest, ZCompany } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const postCompany = (body: TCompanyNameRequest) =>
  api('/api/companies', { method: 'POST', body, schema: ZCompany });

export const putCompany = ({ id, ...body }: TUpdateCompanyRequest & { id: number }) =>
  api(`/api/companies/${id}`, { method: 'PUT', body, schema: ZCompany });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companies.mine }),
  });
}

/**
 * Renaming shows everywhere the name appears: the page, the company list and the shell's user block; the two-factor
 * policy changes who must set it up (the members list's badges).
 */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCompany,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companies.current }),
        queryClient.invalidateQueries({ queryKey: queryKeys.companies.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.team.members }),
      ]),
  });
}
