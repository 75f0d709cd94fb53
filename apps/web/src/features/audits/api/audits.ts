import type {
  TApplyCountsResponse,
  TAudit,
  TAuditListResponse,
  TAuditStatus,
  TDashboardStats,
  TDiscrepancy,
} from '@quantics/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_STATS_KEY } from '@/features/dashboard/api/dashboard-stats';
import { api } from '@/lib/api-client';

export const AUDITS_KEY = ['audits'] as const;

export type AuditListQuery = { page: number; limit: number; status: TAuditStatus | 'all' };

export const fetchAudits = ({ page, limit, status }: AuditListQuery) =>
  api<TAuditListResponse>(
    `/api/audits?page=${page}&limit=${limit}${status === 'all' ? '' : `&status=${status}`}`,
  );

export function useAudits(query: AuditListQuery) {
  return useQuery({
    queryKey: [...AUDITS_KEY, 'list', query],
    queryFn: () => fetchAudits(query),
    placeholderData: keepPreviousData,
  });
}

/** One audit (the dashboard opens its details from a recent-audits row, which carries only the summary). */
export function useAudit(id: number | null) {
  return useQuery({
    queryKey: [...AUDITS_KEY, 'detail', id],
    queryFn: () => api<TAudit>(`/api/audits/${id}`),
    enabled: id !== null,
  });
}

/** Discrepancy rows load only when the audit has any. */
export function useAuditDiscrepancies(audit: TAudit | null) {
  const hasRows =
    audit !== null && audit.discrepancies_count + audit.misplaced_count + audit.unknown_count > 0;
  return useQuery({
    queryKey: [...AUDITS_KEY, 'discrepancies', audit?.id],
    queryFn: () => api<TDiscrepancy[]>(`/api/audits/${audit?.id}/discrepancies`),
    enabled: hasRows,
  });
}

/** Saves an audit's comments; the audits page and the dashboard's recent-audits row show them at once. */
export function useUpdateComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comments }: { id: number; comments: string }) =>
      api<TAudit>(`/api/audits/${id}/comments`, { method: 'PATCH', body: { comments } }),
    onSuccess: (audit) => {
      queryClient.setQueryData<TDashboardStats>(
        DASHBOARD_STATS_KEY,
        (old) =>
          old && {
            ...old,
            recentAudits: old.recentAudits.map((a) =>
              a.id === audit.id ? { ...a, comments: audit.comments } : a,
            ),
          },
      );
      queryClient.setQueryData<TAudit>([...AUDITS_KEY, 'detail', audit.id], audit);
      queryClient.invalidateQueries({ queryKey: [...AUDITS_KEY, 'list'] });
    },
  });
}

export function useApplyCounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, ids }: { id: number; reason: string; ids?: number[] }) =>
      api<TApplyCountsResponse>(`/api/audits/${id}/apply-counts`, {
        method: 'POST',
        body: { reason, ...(ids ? { discrepancy_ids: ids } : {}) },
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: AUDITS_KEY });
      queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
}
