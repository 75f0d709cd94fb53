import { ZDashboardStats } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The figures above the report choice come from the dashboard's statistics call. */
export const useReportStats = () =>
  useQuery({
    queryKey: queryKeys.reports.stats,
    queryFn: () => api('/api/stats/dashboard', { schema: ZDashboardStats }),
  });
