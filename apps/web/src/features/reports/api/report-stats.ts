import type { TDashboardStats } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The figures above the report choice come from the dashboard's statistics call. */
export const useReportStats = () =>
  useQuery({
    queryKey: ['stats', 'dashboard', 'reports'],
    queryFn: () => api<TDashboardStats>('/api/stats/dashboard'),
  });
