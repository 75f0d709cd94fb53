import { PRINT_STATUS_INTERVAL_MS, type TPrintStatus } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PRINT_STATUS_KEY = ['print', 'status'] as const;

/** The caller's own print utility and its printers, refreshed every 5 s (spec). */
export function usePrintStatus() {
  return useQuery({
    queryKey: PRINT_STATUS_KEY,
    queryFn: () => api<TPrintStatus>('/api/print/status'),
    refetchInterval: PRINT_STATUS_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}
