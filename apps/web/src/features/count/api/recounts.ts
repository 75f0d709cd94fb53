import { ZRecountsResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/recounts: the counts with lines an admin sent to recount, for "Recount requested"; every 30 seconds. */
export const useRecountsToDo = () =>
  useQuery({
    queryKey: queryKeys.counts.recounts,
    queryFn: () => api('/api/recounts', { schema: ZRecountsResponse }),
    refetchInterval: 30_000,
  });
