import { SECURITY_MESSAGES, SETTINGS_MESSAGES, TWO_FACTOR_MESSAGES } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const SETTINGS_TEXTS = {
  loadProfileFailed: 'Failed to load profile',
  updateProfileFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully',
  changePasswordFailed: 'Failed to change password',
  passwordChanged: SETTINGS_MESSAGES.passwordChanged,
  loadStatusFailed: 'Failed to load 2FA status',
  setupFailed: 'Failed to setup 2FA',
  invalidVerificationCode: TWO_FACTOR_MESSAGES.invalidVerificationCode,
  codeFormat: TWO_FACTOR_MESSAGES.codeFormat,
  disableFailed: 'Failed to disable 2FA',
  regenerateFailed: 'Failed to regenerate backup codes',
  passwordRequired: 'Password is required',
  enabled: 'Two-factor authentication enabled',
  disabled: 'Two-factor authentication disabled',
  codesRegenerated: 'New backup codes generated',
  codesCopied: 'Backup codes copied to clipboard',
  copyFailed: 'Could not copy: select the codes and copy them yourself',
  keyCopied: 'Setup key copied to clipboard',
  themeSaved: 'Appearance saved',
  themeFailed: 'Failed to save appearance',
  sessionsLoadFailed: 'Failed to load your sessions',
  sessionSignedOut: SECURITY_MESSAGES.sessionRevoked,
  sessionSignOutFailed: 'Failed to sign out the session',
} as const;
