import { ZCompany, ZCompanyStats } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchCurrentCompany = () => api('/api/companies/current', { schema: ZCompany });
export const fetchCompanyStats = (companyId: number) =>
  api(`/api/companies/${companyId}/stats`, { schema: ZCompanyStats });

export function useCurrentCompany() {
  return useQuery({ queryKey: queryKeys.companies.current, queryFn: fetchCurrentCompany });
}

export function useCompanyStats(companyId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.companies.stats(companyId),
    queryFn: () => fetchCompanyStats(companyId ?? 0),
    enabled: companyId !== undefined,
  });
}
