import { api, shellSchema } from '@/lib/api-client';

/** The signed-in person (GET /api/auth/me); the schema loads beside the request (zod stays out of the first page). */
export const fetchMe = () => api('/api/auth/me', { schema: shellSchema('ZUser') });

export const postLogout = () =>
  api('/api/auth/logout', { method: 'POST', isAuthAttempt: true, schema: shellSchema('ZSuccessResponse') });
