import type { TCompany, TCompanyStats } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CURRENT_COMPANY_KEY = ['companies', 'current'] as const;

export const fetchCurrentCompany = () => api<TCompany>('/api/companies/current');
export const fetchCompanyStats = (companyId: number) =>
  api<TCompanyStats>(`/api/companies/${companyId}/stats`);

export function useCurrentCompany() {
  return useQuery({ queryKey: CURRENT_COMPANY_KEY, queryFn: fetchCurrentCompany });
}

export function useCompanyStats(companyId: number | undefined) {
  return useQuery({
    queryKey: ['companies', companyId, 'stats'],
    queryFn: () => fetchCompanyStats(companyId ?? 0),
    enabled: companyId !== undefined,
  });
}
