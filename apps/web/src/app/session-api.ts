import type { TSuccessResponse, TUser } from '@quantics/contracts';
import { api } from '@/lib/api-client';

/**
 * The signed-in person (GET /api/auth/me), checked against the contracts' ZUser. The schema is loaded beside the
 * request rather than imported, so zod stays out of the first page (the landing and sign-in screens).
 */
export async function fetchMe(): Promise<TUser> {
  const { ZUser } = await import('./user-schema');
  return api<TUser>('/api/auth/me', { schema: ZUser });
}

export const postLogout = () =>
  api<TSuccessResponse>('/api/auth/logout', { method: 'POST', isAuthAttempt: true });
