import type { TDisableTwoFactorRequest, TSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postTwoFactorDisable = (body: TDisableTwoFactorRequest) =>
  api<TSuccessResponse>('/api/settings/2fa/disable', { method: 'POST', body });
