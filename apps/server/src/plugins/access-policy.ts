import type { TRole } from '@quantics/contracts';

/**
 * Who may call each API route, in one table. 'public' needs no sign-in; a role means at least that role in the
 * caller's current company. A route missing from this table stops the server at start.
 */
export type Access = 'public' | TRole;

export const ACCESS_POLICY: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/waitlist': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'member',
  'GET /api/auth/me': 'member',
};
