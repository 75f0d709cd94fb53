import type { SETTINGS_MESSAGES, TWO_FACTOR_MESSAGES } from '@quantics/contracts';

/** The spec's Settings texts as the screens show them, typed against the contracts' constants. */
export const SETTINGS_TEXTS = {
  loadProfileFailed: 'Failed to load profile' satisfies typeof SETTINGS_MESSAGES.loadProfileFailed,
  updateProfileFailed: 'Failed to update profile' satisfies typeof SETTINGS_MESSAGES.updateProfileFailed,
  profileUpdated: 'Profile updated successfully' satisfies typeof SETTINGS_MESSAGES.profileUpdated,
  nameAndEmailRequired: 'Name and email are required' satisfies typeof SETTINGS_MESSAGES.nameAndEmailRequired,
  allPasswordFieldsRequired:
    'All password fields are required' satisfies typeof SETTINGS_MESSAGES.allPasswordFieldsRequired,
  newPasswordsDoNotMatch:
    'New passwords do not match' satisfies typeof SETTINGS_MESSAGES.newPasswordsDoNotMatch,
  passwordMin8Long:
    'Password must be at least 8 characters long' satisfies typeof SETTINGS_MESSAGES.passwordMin8Long,
  changePasswordFailed: 'Failed to change password' satisfies typeof SETTINGS_MESSAGES.changePasswordFailed,
  passwordChanged: 'Password changed successfully' satisfies typeof SETTINGS_MESSAGES.passwordChanged,
  loadStatusFailed: 'Failed to load 2FA status' satisfies typeof TWO_FACTOR_MESSAGES.loadStatusFailed,
  setupFailed: 'Failed to setup 2FA' satisfies typeof TWO_FACTOR_MESSAGES.setupFailed,
  invalidVerificationCode:
    'Invalid verification code' satisfies typeof TWO_FACTOR_MESSAGES.invalidVerificationCode,
  codeFormat: 'Please enter a valid 6-digit code' satisfies typeof TWO_FACTOR_MESSAGES.codeFormat,
  disableFailed: 'Failed to disable 2FA' satisfies typeof TWO_FACTOR_MESSAGES.disableFailed,
  regenerateFailed: 'Failed to regenerate backup codes' satisfies typeof TWO_FACTOR_MESSAGES.regenerateFailed,
  passwordRequired: 'Password is required',
  enabled: 'Two-factor authentication enabled',
  disabled: 'Two-factor authentication disabled',
  codesRegenerated: 'New backup codes generated',
  codesCopied: 'Backup codes copied to clipboard',
  copyFailed: 'Could not copy: select the codes and copy them yourself',
  keyCopied: 'Setup key copied to clipboard',
  themeSaved: 'Appearance saved',
  themeFailed: 'Failed to save appearance',
} as const;
