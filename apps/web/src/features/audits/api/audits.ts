import { type TAuditStatus, ZApplyCountsResponse, ZAuditListResponse } from '@quantics/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AuditListQuery = { page: number; limit: number; status: TAuditStatus | 'all' };

export const fetchAudits = ({ page, limit, status }: AuditListQuery) =>
  api(`/api/audits?page=${page}&limit=${limit}${status === 'all' ? '' : `&status=${status}`}`, {
    schema: ZAuditListResponse,
  });

export function useAudits(query: AuditListQuery) {
  return useQuery({
    queryKey: queryKeys.audits.list(query),
    queryFn: () => fetchAudits(query),
    placeholderData: keepPreviousData,
  });
}

export function useApplyCounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, ids }: { id: number; reason: string; ids?: number[] }) =>
      api(`/api/audits/${id}/apply-counts`, {
        method: 'POST',
        body: { reason, ...(ids ? { discrepancy_ids: ids } : {}) },
        schema: ZApplyCountsResponse,
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.audits.all });
      queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
    },
  });
}
