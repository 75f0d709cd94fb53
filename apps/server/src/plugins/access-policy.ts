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
  // Password reset links (public: the emailed token is the credential).
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  // Everyone's own account, whatever their role; a company-name edit is checked for admin in the service.
  'GET /api/settings/profile': 'member',
  'PUT /api/settings/profile': 'member',
  'PUT /api/settings/password': 'member',
  'PUT /api/settings/appearance': 'member',
  'GET /api/settings/2fa/status': 'member',
  'POST /api/settings/2fa/setup': 'member',
  'POST /api/settings/2fa/verify': 'member',
  'POST /api/settings/2fa/disable': 'member',
  'POST /api/settings/2fa/regenerate-codes': 'member',
  'GET /api/settings/onboarding/status': 'member',
  'POST /api/settings/onboarding/complete': 'member',
  // Team (admins), invitation links (public: the token is the credential), companies.
  'GET /api/team/members': 'admin',
  'POST /api/team/invite': 'admin',
  'PUT /api/team/members/:id': 'admin',
  'DELETE /api/team/members/:id': 'admin',
  'POST /api/team/resend-invite/:id': 'admin',
  'DELETE /api/team/invitations/:id': 'admin',
  'GET /api/team/invite-info': 'public',
  'POST /api/team/accept-invite': 'public',
  // Anyone may list and switch among their own companies, so nobody is stuck where they are not admin.
  'GET /api/team/companies': 'member',
  'POST /api/team/switch-company': 'member',
  'GET /api/companies': 'operator',
  'GET /api/companies/current': 'operator',
  'GET /api/companies/:id/stats': 'operator',
  'POST /api/companies': 'admin',
  'PUT /api/companies/:id': 'admin',
  'GET /api/stats/activity': 'member',
};
