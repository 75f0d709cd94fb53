import type { TForgotPasswordRequest, TSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postForgotPassword = (body: TForgotPasswordRequest) =>
  api<TSuccessResponse>('/api/auth/forgot-password', { method: 'POST', body, isAuthAttempt: true });
