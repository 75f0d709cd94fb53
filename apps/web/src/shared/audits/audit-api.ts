import { type TAudit, type TDashboardStats, ZAudit, ZDiscrepanciesResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One audit (the dashboard opens its details from a recent-audits row, which carries only the summary). */
export function useAudit(id: number | null) {
  return useQuery({
    queryKey: queryKeys.audits.detail(id),
    queryFn: () => api(`/api/audits/${id}`, { schema: ZAudit }),
    enabled: id !== null,
  });
}

/** Discrepancy rows load only when the audit has any. */
export function useAuditDiscrepancies(audit: TAudit | null) {
  const hasRows =
    audit !== null && audit.discrepancies_count + audit.misplaced_count + audit.unknown_count > 0;
  return useQuery({
    queryKey: queryKeys.audits.discrepancies(audit?.id),
    queryFn: () => api(`/api/audits/${audit?.id}/discrepancies`, { schema: ZDiscrepanciesResponse }),
    enabled: hasRows,
  });
}

/** Saves an audit's comments; the audits page and the dashboard's recent-audits row show them at once. */
export function useUpdateComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comments }: { id: number; comments: string }) =>
      api(`/api/audits/${id}/comments`, { method: 'PATCH', body: { comments }, schema: ZAudit }),
    onSuccess: (audit) => {
      queryClient.setQueryData<TDashboardStats>(
        queryKeys.dashboard.stats,
        (old) =>
          old && {
            ...old,
            recentAudits: old.recentAudits.map((a) =>
              a.id === audit.id ? { ...a, comments: audit.comments } : a,
            ),
          },
      );
      queryClient.setQueryData<TAudit>(queryKeys.audits.detail(audit.id), audit);
      queryClient.invalidateQueries({ queryKey: queryKeys.audits.lists });
    },
  });
}
