import { type TResetPasswordRequest, ZSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postResetPassword = (body: TResetPasswordRequest) =>
  api('/api/auth/reset-password', {
    method: 'POST',
    body,
    isAuthAttempt: true,
    schema: ZSuccessResponse,
  });
