import type { TBackupCodesResponse, TRegenerateBackupCodesRequest } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postRegenerateBackupCodes = (body: TRegenerateBackupCodesRequest) =>
  api<TBackupCodesResponse>('/api/settings/2fa/regenerate-codes', { method: 'POST', body });
