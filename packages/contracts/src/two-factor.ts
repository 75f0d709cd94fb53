import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX } from './auth.ts';

export const TWO_FACTOR_MESSAGES = {
  disabled: 'Two-factor authentication disabled',
  codeFormat: 'Please enter a valid 6-digit code',
  invalidVerificationCode: 'Invalid verification code',
  invalidLoginCode: 'Invalid 2FA code',
  incorrectPassword: 'Incorrect password',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  setupFirst: 'Start two-factor setup first: the setup has expired or was never started',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
} as const;

export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODE_LENGTH = 8;
/** Backup code characters: no 0/O, 1/I/L, so a code read off paper is typed right. Never six digits in a row. */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Backup codes not used yet. */
  backupCodesCount: z.number().int().nonnegative(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorSetupResponse = z.object({
  /** PNG data URL of the otpauth:// URI (issuer Quantics, account = the user's email). */
  qrCode: z.string(),
  /** The base32 secret, for apps that can't scan. */
  manualEntryKey: z.string(),
});
export type TTwoFactorSetupResponse = z.infer<typeof ZTwoFactorSetupResponse>;

const ZSixDigitCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat);

export const ZVerifyTwoFactorRequest = z.object({ code: ZSixDigitCode });
export type TVerifyTwoFactorRequest = z.infer<typeof ZVerifyTwoFactorRequest>;

export const ZBackupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
export type TBackupCodesResponse = z.infer<typeof ZBackupCodesResponse>;

const ZCurrentPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordRequired);

export const ZDisableTwoFactorRequest = z.object({
  password: ZCurrentPassword,
  /** Optional: an authenticator code or a backup code. */
  code: z.string().trim().max(20, TWO_FACTOR_MESSAGES.invalidVerificationCode).optional(),
});
export type TDisableTwoFactorRequest = z.infer<typeof ZDisableTwoFactorRequest>;

export const ZRegenerateBackupCodesRequest = z.object({ password: ZCurrentPassword });
export type TRegenerateBackupCodesRequest = z.infer<typeof ZRegenerateBackupCodesRequest>;

export type TTwoFactorCode = { kind: 'totp'; code: string } | { kind: 'backup'; code: string };

/**
 * Reads what a person typed at a code prompt: six digits are an authenticator code; eight letters and
 * digits (any case, spaces or dashes ignored) are a backup code; anything else is no code at all.
 */
export function parseTwoFactorCode(input: string): TTwoFactorCode | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === BACKUP_CODE_LENGTH && /^[A-Z0-9]+$/.test(compact)) {
    return { kind: 'backup', code: compact };
  }
  return null;
}

/** Shows a base32 key in groups of four, which is how people type it into an authenticator app. */
export function formatManualEntryKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}
