import { ZPrintAgentsResponse, ZSuccessResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The print utilities signed in as the caller (one per computer). */
export function usePrintAgents() {
  return useQuery({
    queryKey: queryKeys.print.agents,
    queryFn: () => api('/api/print/agents', { schema: ZPrintAgentsResponse }),
    refetchInterval: 15_000,
  });
}

/** Signs a utility out from the portal: its token stops working and its connection ends. */
export function useRevokePrintAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(`/api/print/agents/${id}`, { method: 'DELETE', schema: ZSuccessResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.print.agents });
      void queryClient.invalidateQueries({ queryKey: queryKeys.print.status });
    },
  });
}
