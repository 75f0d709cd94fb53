import type { TTwoFactorStatus } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const TWO_FACTOR_STATUS_KEY = ['settings', '2fa', 'status'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR_STATUS_KEY,
    queryFn: () => api<TTwoFactorStatus>('/api/settings/2fa/status'),
  });
}
