import type { TRevokeSessionsResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postRevokeOtherSessions = () =>
  api<TRevokeSessionsResponse>('/api/settings/sessions/revoke-others', { method: 'POST' });
