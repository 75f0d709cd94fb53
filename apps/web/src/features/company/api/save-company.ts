import type { TCompany, TCompanyNameRequest } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/features/auth/auth-provider';
import { api } from '@/lib/api-client';
import { CURRENT_COMPANY_KEY } from './current-company';
import { USER_COMPANIES_KEY } from './user-companies';

export const postCompany = (body: TCompanyNameRequest) =>
  api<TCompany>('/api/companies', { method: 'POST', body });

export const putCompany = ({ id, ...body }: TCompanyNameRequest & { id: number }) =>
  api<TCompany>(`/api/companies/${id}`, { method: 'PUT', body });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_COMPANIES_KEY }),
  });
}

/** Renaming shows everywhere the name appears: the page, the company list and the shell's user block. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCompany,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_COMPANY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_COMPANIES_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
