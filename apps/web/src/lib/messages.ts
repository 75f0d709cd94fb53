import { AUTH_MESSAGES } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const AUTH_TEXTS = {
  passwordRequired: AUTH_MESSAGES.passwordRequired,
  invalidCredentials: AUTH_MESSAGES.invalidCredentials,
  twoFactorRequired: AUTH_MESSAGES.twoFactorRequired,
} as const;
