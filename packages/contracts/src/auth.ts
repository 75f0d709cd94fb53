import { z } from 'zod';
import { ZEmail, ZInventoryType, ZRole } from './common.ts';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  dutchieKeyRequired: 'Dutchie API key is required when using Dutchie integration',
  invalidCredentials: 'Invalid credentials',
  emailTaken: 'An account with this email already exists',
  twoFactorRequired: 'Please enter your 2FA code',
} as const;

/** Argon2 work grows with input; cap passwords well above any real one. */
export const PASSWORD_MAX = 200;

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: ZRole,
  company: z.string(),
  company_id: z.number().int(),
  inventory_type: ZInventoryType,
  /** The company's time zone (IANA): its days are the reports' days and their defaults. */
  time_zone: z.string().optional(),
  /** The company requires two-factor and this person has not set it up: only the setup is open to them. */
  must_set_up_two_factor: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZLoginRequest = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(255, 'Email must be at most 255 characters'),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  twoFactorCode: z.string().trim().max(20, '2FA code must be at most 20 characters').optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  token: z.string().optional(),
  user: ZUser.optional(),
  requiresTwoFactor: z.boolean(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

const ZRegisterPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(6, AUTH_MESSAGES.passwordMin6)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const registerFields = {
  email: ZEmail,
  password: ZRegisterPassword,
  company: z.string().trim().max(255, 'Company must be at most 255 characters').optional().default(''),
  useDutchie: z.boolean().optional().default(false),
  dutchieApiKey: z.string().trim().max(500, 'Dutchie API key is too long').optional().default(''),
};

function requireDutchieKey(v: { useDutchie: boolean; dutchieApiKey: string }, ctx: z.RefinementCtx) {
  if (v.useDutchie && !v.dutchieApiKey) {
    ctx.addIssue({ code: 'custom', path: ['dutchieApiKey'], message: AUTH_MESSAGES.dutchieKeyRequired });
  }
}

export const ZRegisterRequest = z.object(registerFields).superRefine(requireDutchieKey);
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** The register form adds a confirmation field that never leaves the browser. */
export const ZRegisterForm = z
  .object({ ...registerFields, confirmPassword: z.string() })
  .superRefine(requireDutchieKey)
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZAuthResponse = z.object({ token: z.string(), user: ZUser });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/** Company name used when the registrant leaves it blank: the email's domain. */
export function companyNameFromEmail(email: string): string {
  const domain = email.split('@')[1] ?? '';
  return domain || email;
}
