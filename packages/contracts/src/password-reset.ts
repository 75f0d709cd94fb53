import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX } from './auth.ts';
import { ZEmail } from './common.ts';

export const PASSWORD_RESET_MESSAGES = {
  invalidToken: 'Invalid or expired reset token',
  success: 'Password reset successful!',
  /** The same answer for every address, so the form never reveals who has an account. */
  linkSent: 'If an account exists for that email, a reset link is on its way.',
} as const;

/** How long a reset link works. The screens say "1 hour"; keep them in step. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The reset screen sends the user to /login this long after success. */
export const RESET_REDIRECT_MS = 3000;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** Reset passwords follow the 8-character rule (registration's minimum is 6; the spec keeps both). */
export const ZNewPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(8, AUTH_MESSAGES.passwordMin8)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const ZResetPasswordRequest = z.object({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.invalidToken })
    .trim()
    .min(1, PASSWORD_RESET_MESSAGES.invalidToken)
    .max(200, PASSWORD_RESET_MESSAGES.invalidToken),
  password: ZNewPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The reset screen's form: the confirmation never leaves the browser. */
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;
