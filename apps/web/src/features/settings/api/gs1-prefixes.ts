import { ZGs1Prefixes } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/print/gs1-prefixes: the company's GS1 company prefixes. */
export function useGs1Prefixes(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.print.gs1Prefixes,
    queryFn: () => api('/api/print/gs1-prefixes', { schema: ZGs1Prefixes }),
    enabled: isEnabled,
  });
}

/** PUT /api/print/gs1-prefixes (admins): the whole list; products' serialized state follows at once. */
export function useSaveGs1Prefixes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefixes: string[]) =>
      api('/api/print/gs1-prefixes', { method: 'PUT', body: { prefixes }, schema: ZGs1Prefixes }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.print.gs1Prefixes, saved);
      client.invalidateQueries({ queryKey: queryKeys.print.jobs });
    },
  });
}
