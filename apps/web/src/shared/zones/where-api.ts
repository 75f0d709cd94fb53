import { ZWhereResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/inventory/where?code=: the product a code names, its places and where its tags were last seen. */
export const fetchWhere = (code: string) =>
  api(`/api/inventory/where?code=${encodeURIComponent(code)}`, { schema: ZWhereResponse });

export function useWhere(code: string | null) {
  return useQuery({
    queryKey: ['inventory', 'where', code] as const,
    queryFn: () => fetchWhere(code ?? ''),
    enabled: code !== null && code !== '',
  });
}
