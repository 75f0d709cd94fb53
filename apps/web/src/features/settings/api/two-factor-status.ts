import { ZTwoFactorStatus } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.settings.twoFactorStatus,
    queryFn: () => api('/api/settings/2fa/status', { schema: ZTwoFactorStatus }),
  });
}
