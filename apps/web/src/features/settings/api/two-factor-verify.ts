import type { TBackupCodesResponse, TVerifyTwoFactorRequest } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postTwoFactorVerify = (body: TVerifyTwoFactorRequest) =>
  api<TBackupCodesResponse>('/api/settings/2fa/verify', { method: 'POST', body });
