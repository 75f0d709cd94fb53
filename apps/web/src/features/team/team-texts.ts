import type { TEAM_MESSAGES, TRole } from '@quantics/contracts';

/**
 * The spec's team texts as the screens show them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const TEAM_TEXTS = {
  loadFailed: 'Failed to load team members' satisfies typeof TEAM_MESSAGES.loadFailed,
  inviteFailed: 'Failed to send invitation' satisfies typeof TEAM_MESSAGES.inviteFailed,
  updateRoleFailed: 'Failed to update role' satisfies typeof TEAM_MESSAGES.updateRoleFailed,
  removeFailed: 'Failed to remove member' satisfies typeof TEAM_MESSAGES.removeFailed,
  resendFailed: 'Failed to resend invitation' satisfies typeof TEAM_MESSAGES.resendFailed,
  revokeFailed: 'Failed to revoke invitation' satisfies typeof TEAM_MESSAGES.revokeFailed,
  inviteFieldsRequired:
    'Email, name, and role are required' satisfies typeof TEAM_MESSAGES.inviteFieldsRequired,
} as const;

/** What each role may do, in the words the role pickers and the help panel use. */
export const ROLE_DESCRIPTIONS: Record<TRole, string> = {
  admin: 'Everything, including the team, company settings and creating companies.',
  operator: 'Day-to-day work: inventory, locations, CSV import, devices, audit comments and label printing.',
  member: 'Reads the dashboard, inventory, locations, audits and reports, and uses Tallie Chat.',
};
