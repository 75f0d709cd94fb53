import { type TOnboardingStatus, ZOnboardingStatus } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchOnboardingStatus = () =>
  api('/api/settings/onboarding/status', { schema: ZOnboardingStatus });

export const useOnboardingStatus = () =>
  useQuery({ queryKey: queryKeys.dashboard.onboarding, queryFn: fetchOnboardingStatus });

/** Marks the getting-started guide as done for this person, on every device they use. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/settings/onboarding/complete', { method: 'POST', schema: ZOnboardingStatus }),
    onSuccess: () =>
      queryClient.setQueryData<TOnboardingStatus>(queryKeys.dashboard.onboarding, { completed: true }),
  });
}
