import { PASSWORD_RESET_MESSAGES } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const RESET_TEXTS = {
  missingTokenOnLoad: 'Invalid or missing reset token',
  missingTokenOnSubmit: 'Invalid reset token',
  success: PASSWORD_RESET_MESSAGES.success,
  failed: 'Failed to reset password',
  checkEmail: 'Check your email',
  tryAnotherEmail: 'Try another email',
  backToLogin: 'Back to login',
  goToLoginNow: 'Go to login now',
} as const;
