import type { TPrintJobsResponse } from '@quantics/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PRINT_JOBS_KEY = ['print', 'jobs'] as const;

/** Recent print jobs of the company, newest first. */
export function usePrintJobs(page: number, limit = 8) {
  return useQuery({
    queryKey: [...PRINT_JOBS_KEY, page, limit],
    queryFn: () => api<TPrintJobsResponse>(`/api/print/jobs?page=${page}&limit=${limit}`),
    placeholderData: keepPreviousData,
  });
}
