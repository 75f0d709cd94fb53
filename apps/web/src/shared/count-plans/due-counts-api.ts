import { ZDueCountsResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/counts/due: the planned places due now (the person's own first) and the coverage. */
export const fetchDueCounts = () => api('/api/counts/due', { schema: ZDueCountsResponse });

/** What is due, for the Count screen's "Due now" and the dashboard; refreshed every minute. */
export const useDueCounts = () =>
  useQuery({ queryKey: queryKeys.counts.due, queryFn: fetchDueCounts, refetchInterval: 60_000 });
