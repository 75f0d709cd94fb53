import { ZSessionsResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Where the signed-in person is signed in (GET /api/settings/sessions); refreshed each minute while shown. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.settings.sessions,
    queryFn: () => api('/api/settings/sessions', { schema: ZSessionsResponse }),
    refetchInterval: 60_000,
  });
}
