import { DASHBOARD_REFRESH_MS, type TOnboarding, ZOnboarding } from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fetchOnboarding = () => api('/api/onboarding', { schema: ZOnboarding });

/**
 * The company's getting-started steps, read again whenever the dashboard opens and with its figures (every 30 s):
 * a step is ticked by the work itself, wherever it was done.
 */
export const useOnboarding = () =>
  useQuery({
    queryKey: queryKeys.dashboard.onboarding,
    queryFn: fetchOnboarding,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** Hides the card for everyone in the company (admins only). */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/onboarding/dismiss', { method: 'POST', schema: ZOnboarding }),
    onSuccess: (answer) => queryClient.setQueryData<TOnboarding>(queryKeys.dashboard.onboarding, answer),
  });
}
