import { PRINT_STATUS_INTERVAL_MS, ZPrintStatus } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The caller's own print utility and its printers, refreshed every 5 s (spec). */
export function usePrintStatus() {
  return useQuery({
    queryKey: queryKeys.print.status,
    queryFn: () => api('/api/print/status', { schema: ZPrintStatus }),
    refetchInterval: PRINT_STATUS_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}
