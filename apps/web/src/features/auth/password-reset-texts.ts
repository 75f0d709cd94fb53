import type { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '@quantics/contracts';

/** The spec's forgot/reset texts as the screens show them, typed against the contracts' constants. */
export const RESET_TEXTS = {
  emailRequired: 'Email is required' satisfies typeof AUTH_MESSAGES.emailRequired,
  passwordRequired: 'Password is required' satisfies typeof AUTH_MESSAGES.passwordRequired,
  passwordMin8: 'Password must be at least 8 characters' satisfies typeof AUTH_MESSAGES.passwordMin8,
  passwordsDoNotMatch: 'Passwords do not match' satisfies typeof AUTH_MESSAGES.passwordsDoNotMatch,
  missingTokenOnLoad:
    'Invalid or missing reset token' satisfies typeof PASSWORD_RESET_MESSAGES.missingTokenOnLoad,
  missingTokenOnSubmit: 'Invalid reset token' satisfies typeof PASSWORD_RESET_MESSAGES.missingTokenOnSubmit,
  success: 'Password reset successful!' satisfies typeof PASSWORD_RESET_MESSAGES.success,
  failed: 'Failed to reset password' satisfies typeof PASSWORD_RESET_MESSAGES.failed,
  checkEmail: 'Check your email',
  tryAnotherEmail: 'Try another email',
  backToLogin: 'Back to login',
  goToLoginNow: 'Go to login now',
} as const;
