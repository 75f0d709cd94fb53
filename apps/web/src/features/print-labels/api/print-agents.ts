import type { TPrintAgent } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PRINT_STATUS_KEY } from './print-status';

export const PRINT_AGENTS_KEY = ['print', 'agents'] as const;

/** The print utilities signed in as the caller (one per computer). */
export function usePrintAgents() {
  return useQuery({
    queryKey: PRINT_AGENTS_KEY,
    queryFn: () => api<TPrintAgent[]>('/api/print/agents'),
    refetchInterval: 15_000,
  });
}

/** Signs a utility out from the portal: its token stops working and its connection ends. */
export function useRevokePrintAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/print/agents/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PRINT_AGENTS_KEY });
      void queryClient.invalidateQueries({ queryKey: PRINT_STATUS_KEY });
    },
  });
}
