import { ZPrintJobsResponse } from '@quantics/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Recent print jobs of the company, newest first. */
export function usePrintJobs(page: number, limit = 8) {
  return useQuery({
    queryKey: queryKeys.print.jobsPage(page, limit),
    queryFn: () => api(`/api/print/jobs?page=${page}&limit=${limit}`, { schema: ZPrintJobsResponse }),
    placeholderData: keepPreviousData,
  });
}
