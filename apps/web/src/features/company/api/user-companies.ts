import type { TUserCompany } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const USER_COMPANIES_KEY = ['team', 'companies'] as const;

export const fetchUserCompanies = () => api<TUserCompany[]>('/api/team/companies');

/** The companies the signed-in person belongs to, with their role in each. */
export function useUserCompanies({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ queryKey: USER_COMPANIES_KEY, queryFn: fetchUserCompanies, enabled: isEnabled });
}
