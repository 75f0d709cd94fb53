import { type TAuditStatus, ZApplyCountsResponse, ZAuditListResponse } from '@quantics/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AuditListQuery = {
  page: number;
  limit: number;
  status: TAuditStatus | 'all' | 'awaiting_review';
};

export const fetchAudits = ({ page, limit, status }: AuditListQuery) =>
  api(`/api/audits?page=${page}&limit=${limit}${statusFilter(status)}`, {
    schema: ZAuditListResponse,
  });

/** A status, or the counts awaiting an admin's review. */
const statusFilter = (status: AuditListQuery['status']) =>
  status === 'all' ? '' : status === 'awaiting_review' ? '&review=awaiting' : `&status=${status}`;

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
