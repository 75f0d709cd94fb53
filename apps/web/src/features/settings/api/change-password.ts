import type { TChangePasswordRequest, TSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const putPassword = (body: TChangePasswordRequest) =>
  api<TSuccessResponse>('/api/settings/password', { method: 'PUT', body });
