import type { AUTH_MESSAGES, WAITLIST_MESSAGES } from '@quantics/contracts';

/**
 * The spec's sign-in and sign-up texts as the browser shows them. Each is typed against the contracts'
 * constant, so the form validation (which runs the contracts' schemas) and these can never drift apart.
 */
export const AUTH_TEXTS = {
  emailRequired: 'Email is required' satisfies typeof AUTH_MESSAGES.emailRequired,
  passwordRequired: 'Password is required' satisfies typeof AUTH_MESSAGES.passwordRequired,
  passwordMin6: 'Password must be at least 6 characters' satisfies typeof AUTH_MESSAGES.passwordMin6,
  passwordMin8: 'Password must be at least 8 characters' satisfies typeof AUTH_MESSAGES.passwordMin8,
  passwordsDoNotMatch: 'Passwords do not match' satisfies typeof AUTH_MESSAGES.passwordsDoNotMatch,
  dutchieKeyRequired:
    'Dutchie API key is required when using Dutchie integration' satisfies typeof AUTH_MESSAGES.dutchieKeyRequired,
  invalidCredentials: 'Invalid credentials' satisfies typeof AUTH_MESSAGES.invalidCredentials,
  twoFactorRequired: 'Please enter your 2FA code' satisfies typeof AUTH_MESSAGES.twoFactorRequired,
  invalidEmail: 'Please enter a valid email address' satisfies typeof WAITLIST_MESSAGES.email,
  invalidName: 'Please enter a valid name (at least 2 characters)' satisfies typeof WAITLIST_MESSAGES.name,
} as const;
