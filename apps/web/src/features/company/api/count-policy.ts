import { type TCountPolicy, ZCountPolicy, ZReasonCode, ZSuccessResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reasonCodesKey } from '@/shared/reviews/reviews-api';

const policyKey = (companyId: number) => ['count-policy', companyId] as const;

/** The company's count policy (admins). */
export function useCountPolicy(companyId: number) {
  return useQuery({
    queryKey: policyKey(companyId),
    queryFn: () => api(`/api/companies/${companyId}/count-policy`, { schema: ZCountPolicy }),
  });
}

export function useSaveCountPolicy(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: TCountPolicy) =>
      api(`/api/companies/${companyId}/count-policy`, { method: 'PUT', body: policy, schema: ZCountPolicy }),
    onSuccess: (saved) => queryClient.setQueryData(policyKey(companyId), saved),
  });
}

/** Adds, renames, retires or deletes a reason code; the list refreshes. */
export function useChangeReasonCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'add'; code: string; label: string }
        | { kind: 'retire'; id: number; retired: boolean }
        | { kind: 'delete'; id: number },
    ): Promise<unknown> => {
      if (change.kind === 'add') {
        return api('/api/reason-codes', {
          method: 'POST',
          body: { code: change.code, label: change.label },
          schema: ZReasonCode,
        });
      }
      if (change.kind === 'retire') {
        return api(`/api/reason-codes/${change.id}`, {
          method: 'PUT',
          body: { retired: change.retired },
          schema: ZReasonCode,
        });
      }
      return api(`/api/reason-codes/${change.id}`, { method: 'DELETE', schema: ZSuccessResponse });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reasonCodesKey }),
  });
}
