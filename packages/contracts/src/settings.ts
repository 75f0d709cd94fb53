import { z } from 'zod';
import { PASSWORD_MAX } from './auth.ts';

export const SETTINGS_MESSAGES = {
  nameAndEmailRequired: 'Name and email are required',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Phone may contain only digits, spaces, +, - and parentheses',
  companyNameRequired: 'Company name is required',
  companyAdminOnly: 'Only admins can change the company name',
  emailTaken: 'This email is already used by another account',
  allPasswordFieldsRequired: 'All password fields are required',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordMin8Long: 'Password must be at least 8 characters long',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
} as const;

export const NAME_MAX = 100;
export const PHONE_MAX = 50;
export const COMPANY_NAME_MAX = 255;

export const THEMES = ['light', 'dark', 'system'] as const;
export const ZTheme = z.enum(THEMES, { error: 'Theme must be light, dark or system' });
export type TTheme = z.infer<typeof ZTheme>;

export const ZProfile = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The current company's name. */
  company: z.string(),
  /** Only admins may rename the company; everyone else sees it read-only. */
  canEditCompany: z.boolean(),
  theme: ZTheme,
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZUpdateProfileRequest = z.object({
  name: z
    .string({ error: SETTINGS_MESSAGES.nameAndEmailRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.nameAndEmailRequired)
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: z
    .string({ error: SETTINGS_MESSAGES.nameAndEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, SETTINGS_MESSAGES.nameAndEmailRequired)
    .max(255, 'Email must be at most 255 characters')
    .pipe(z.email(SETTINGS_MESSAGES.invalidEmail)),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX, `Phone must be at most ${PHONE_MAX} characters`)
    .regex(/^[0-9 ()+-]*$/, SETTINGS_MESSAGES.invalidPhone)
    .optional()
    .default(''),
  /** Sent back unchanged by non-admins; a different value from them is refused. */
  company: z
    .string()
    .trim()
    .max(COMPANY_NAME_MAX, `Company must be at most ${COMPANY_NAME_MAX} characters`)
    .optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

const ZPasswordField = z
  .string({ error: SETTINGS_MESSAGES.allPasswordFieldsRequired })
  .min(1, SETTINGS_MESSAGES.allPasswordFieldsRequired)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const ZChangePasswordRequest = z.object({
  currentPassword: ZPasswordField,
  newPassword: ZPasswordField.min(8, SETTINGS_MESSAGES.passwordMin8Long),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The change-password form: three fields, the confirmation checked in the browser. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: SETTINGS_MESSAGES.allPasswordFieldsRequired,
      });
      return;
    }
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: SETTINGS_MESSAGES.newPasswordsDoNotMatch,
      });
      return;
    }
    if (v.newPassword.length < 8) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SETTINGS_MESSAGES.passwordMin8Long });
    }
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export const ZAppearance = z.object({ theme: ZTheme });
export type TAppearance = z.infer<typeof ZAppearance>;

export const ZOnboardingStatus = z.object({ completed: z.boolean() });
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;
