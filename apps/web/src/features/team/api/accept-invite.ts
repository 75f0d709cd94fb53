import { type TAcceptInviteRequest, ZAcceptInviteResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

/** With a stored token the server accepts for that account; without one it creates the account. */
export const postAcceptInvite = (body: TAcceptInviteRequest) =>
  api('/api/team/accept-invite', {
    method: 'POST',
    body,
    isAuthAttempt: true,
    schema: ZAcceptInviteResponse,
  });
