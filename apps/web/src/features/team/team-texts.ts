import { TEAM_MESSAGES, type TRole } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const TEAM_TEXTS = {
  loadFailed: 'Failed to load team members',
  inviteFailed: 'Failed to send invitation',
  updateRoleFailed: 'Failed to update role',
  removeFailed: 'Failed to remove member',
  resendFailed: 'Failed to resend invitation',
  revokeFailed: 'Failed to revoke invitation',
  signOutFailed: 'Failed to sign the member out',
  inviteFieldsRequired: TEAM_MESSAGES.inviteFieldsRequired,
} as const;

/** What each role may do, in the words the role pickers and the help panel use. */
export const ROLE_DESCRIPTIONS: Record<TRole, string> = {
  admin: 'Everything, including the team, company settings and creating companies.',
  operator: 'Day-to-day work: inventory, locations, CSV import, devices, audit comments and label printing.',
  member: 'Reads the dashboard, inventory, locations, audits and reports, and uses Tallie Chat.',
};
