import { DASHBOARD_REFRESH_MS, ZDashboardStats } from '@quantics/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchDashboardStats = () => api('/api/stats/dashboard', { schema: ZDashboardStats });

/**
 * Every dashboard figure in one call, refreshed every 30 s. The previous answer stays on screen while the next
 * one loads (and if it fails), so nothing flickers or blanks out.
 */
export const useDashboardStats = () =>
  useQuery({
    queryKey: queryKeys.dashboard.stats,
    queryFn: fetchDashboardStats,
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
