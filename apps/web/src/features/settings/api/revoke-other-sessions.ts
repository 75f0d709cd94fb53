import { ZRevokeSessionsResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postRevokeOtherSessions = () =>
  api('/api/settings/sessions/revoke-others', { method: 'POST', schema: ZRevokeSessionsResponse });
