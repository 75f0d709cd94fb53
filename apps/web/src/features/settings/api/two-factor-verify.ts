import { type TVerifyTwoFactorRequest, ZBackupCodesResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postTwoFactorVerify = (body: TVerifyTwoFactorRequest) =>
  api('/api/settings/2fa/verify', { method: 'POST', body, schema: ZBackupCodesResponse });
