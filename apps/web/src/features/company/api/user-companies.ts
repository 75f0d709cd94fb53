import { ZUserCompaniesResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchUserCompanies = () => api('/api/team/companies', { schema: ZUserCompaniesResponse });

/** The companies the signed-in person belongs to, with their role in each. */
export function useUserCompanies({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.companies.mine, queryFn: fetchUserCompanies, enabled: isEnabled });
}
