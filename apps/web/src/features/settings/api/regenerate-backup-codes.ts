import { type TRegenerateBackupCodesRequest, ZBackupCodesResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postRegenerateBackupCodes = (body: TRegenerateBackupCodesRequest) =>
  api('/api/settings/2fa/regenerate-codes', { method: 'POST', body, schema: ZBackupCodesResponse });
