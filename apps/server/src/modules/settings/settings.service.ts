import {
  SETTINGS_MESSAGES,
  type TChangePasswordRequest,
  type TProfile,
  type TTheme,
  type ZUpdateProfileRequest,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queueAccountMail } from '../../jobs/mail-jobs.repo.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/app-error.ts';
import type { BruteForceGuard } from '../../lib/brute-force.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { Passwords } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { emailChangedMail } from '../auth/account-mail.ts';
import { setPassword } from '../auth/auth.service.ts';
import { renameCompany } from '../companies/companies.service.ts';
import * as repo from './settings.repo.ts';
import { assertPassword } from './two-factor.service.ts';

export type SettingsDeps = {
  db: Db;
  box: SecretBox;
  guard: BruteForceGuard;
  publicUrl: string;
  passwords: Passwords;
};

const asTheme = (t: string): TTheme => (t === 'light' || t === 'dark' ? t : 'system');

export async function getProfile(db: Db, auth: AuthContext): Promise<TProfile> {
  const row = await repo.findProfile(db, auth.userId, auth.companyId);
  if (!row) throw unauthorized();
  return {
    name: row.name ?? '',
    email: row.email,
    phone: row.phone ?? '',
    company: row.company,
    canEditCompany: auth.role === 'admin',
    theme: asTheme(row.theme),
  };
}

/**
 * Name, email and phone are the user's own. The company name belongs to the company: only its admins may change
 * it here; others send it back unchanged (or not at all).
 */
export async function updateProfile(
  deps: SettingsDeps,
  auth: AuthContext,
  input: z.output<typeof ZUpdateProfileRequest>,
): Promise<TProfile> {
  const current = await getProfile(deps.db, auth);
  const isCompanyChange = input.company !== undefined && input.company !== current.company;
  if (isCompanyChange && auth.role !== 'admin') throw forbidden(SETTINGS_MESSAGES.companyAdminOnly);
  if (isCompanyChange && !input.company) throw badRequest(SETTINGS_MESSAGES.companyNameRequired);
  const isEmailChange = input.email !== current.email.toLowerCase();
  if (isEmailChange && (await repo.isEmailUsedByOther(deps.db, input.email, auth.userId))) {
    throw conflict(SETTINGS_MESSAGES.emailTaken);
  }
  try {
    // The old address hears of the change if and only if it is stored.
    await deps.db.transaction(async (tx) => {
      await repo.updateUserProfile(tx, auth.userId, {
        name: input.name,
        email: input.email,
        phone: input.phone || null,
      });
      if (isEmailChange) await queueAccountMail(tx, [emailChangedMail(current.email, input.email)]);
    });
  } catch (e) {
    // Someone took the address between the check and the write.
    if (isUniqueViolation(e)) throw conflict(SETTINGS_MESSAGES.emailTaken);
    throw e;
  }
  // The Company page's rule, so the rename is written to the activity log the same way.
  if (isCompanyChange && input.company) await renameCompany(deps.db, auth, auth.companyId, input.company);
  return getProfile(deps.db, auth);
}

/** Needs the current password; keeps this session and signs out every other one. */
export async function changePassword(
  deps: SettingsDeps,
  auth: AuthContext,
  input: TChangePasswordRequest,
  client: ClientInfo,
) {
  await assertPassword(deps, auth.userId, input.currentPassword, SETTINGS_MESSAGES.currentPasswordIncorrect);
  await setPassword(deps, auth, input.newPassword, client);
  await deps.guard.userSucceeded(auth.userId);
}

export async function setTheme(db: Db, userId: number, theme: TTheme) {
  await repo.setTheme(db, userId, theme);
  return { theme };
}

export async function getOnboardingStatus(db: Db, userId: number) {
  return { completed: (await repo.findOnboardingCompletedAt(db, userId)) !== null };
}

export async function completeOnboarding(db: Db, userId: number) {
  await repo.completeOnboarding(db, userId);
  return { completed: true };
}
