import { type TForgotPasswordRequest, ZSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postForgotPassword = (body: TForgotPasswordRequest) =>
  api('/api/auth/forgot-password', {
    method: 'POST',
    body,
    isAuthAttempt: true,
    schema: ZSuccessResponse,
  });
