import type { TSuccessResponse, TUser } from '@quantics/contracts';
import { api } from '@/lib/api-client';

/** The signed-in person (GET /api/auth/me); the session in auth-provider keeps it. */
export const fetchMe = () => api<TUser>('/api/auth/me');

export const postLogout = () =>
  api<TSuccessResponse>('/api/auth/logout', { method: 'POST', isAuthAttempt: true });
