import { type TDisableTwoFactorRequest, ZSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postTwoFactorDisable = (body: TDisableTwoFactorRequest) =>
  api('/api/settings/2fa/disable', { method: 'POST', body, schema: ZSuccessResponse });
