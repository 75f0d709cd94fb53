import type { TOnboardingStatus, TSuccessResponse } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchOnboardingStatus = () => api<TOnboardingStatus>('/api/settings/onboarding/status');

export const useOnboardingStatus = () =>
  useQuery({ queryKey: queryKeys.dashboard.onboarding, queryFn: fetchOnboardingStatus });

/** Marks the getting-started guide as done for this person, on every device they use. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<TSuccessResponse>('/api/settings/onboarding/complete', { method: 'POST' }),
    onSuccess: () =>
      queryClient.setQueryData<TOnboardingStatus>(queryKeys.dashboard.onboarding, { completed: true }),
  });
}
