/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const COMPANY_TEXTS = {
  loadFailed: 'Failed to load company information',
  updateFailed: 'Failed to update company',
  createFailed: 'Failed to create company',
  switchFailed: 'Failed to switch company',
  requireTwoFactor: 'Require two-factor authentication for everyone in this company',
  policyFailed: 'Failed to change the two-factor requirement',
  membersFailed: 'Failed to load who has two-factor',
  remindFailed: 'Failed to send the reminders',
  exportFailed: 'Failed to export the security log',
} as const;
