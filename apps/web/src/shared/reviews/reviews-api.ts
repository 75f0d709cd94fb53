import { type TDecision, ZAudit, ZReasonCodesResponse, ZReviewResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const REASON_CODES_KEY = ['reason-codes'] as const;

/** The company's reason codes (everyone reads them; admins keep them on the Company page). */
export function useReasonCodes() {
  return useQuery({
    queryKey: REASON_CODES_KEY,
    queryFn: () => api('/api/reason-codes', { schema: ZReasonCodesResponse }),
  });
}

export const reasonCodesKey = REASON_CODES_KEY;

export type LineDecision = {
  discrepancy_id: number;
  decision: TDecision;
  reason_code?: string;
  note?: string;
};

/** An admin's decisions on a count's lines; the audit, its lines and the lists refresh. */
export function useReviewAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lines }: { id: number; lines: LineDecision[] }) =>
      api(`/api/audits/${id}/review`, { method: 'POST', body: { lines }, schema: ZReviewResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.audits.discrepancies(res.audit.id), res.lines);
      queryClient.invalidateQueries({ queryKey: queryKeys.audits.all });
    },
  });
}

/** Starts the recount of the lines sent to recount, on this browser's Count screen or a reader. */
export function useStartRecount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deviceId }: { id: number; deviceId?: number }) =>
      api(`/api/audits/${id}/recount`, {
        method: 'POST',
        body: deviceId === undefined ? {} : { device_id: deviceId },
        schema: ZAudit,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audits.all }),
  });
}
