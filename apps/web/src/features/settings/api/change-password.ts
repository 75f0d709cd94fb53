import { type TChangePasswordRequest, ZSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const putPassword = (body: TChangePasswordRequest) =>
  api('/api/settings/password', { method: 'PUT', body, schema: ZSuccessResponse });
