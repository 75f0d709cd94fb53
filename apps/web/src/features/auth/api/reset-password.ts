import type { TResetPasswordRequest, TSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postResetPassword = (body: TResetPasswordRequest) =>
  api<TSuccessResponse>('/api/auth/reset-password', { method: 'POST', body, isAuthAttempt: true });
