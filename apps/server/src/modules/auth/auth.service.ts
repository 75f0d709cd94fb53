import {
  AUTH_MESSAGES,
  companyNameFromEmail,
  DUTCHIE_MESSAGES,
  normalizeRole,
  type TAuthResponse,
  type TLoginRequest,
  type TLoginResponse,
  type TUser,
  TWO_FACTOR_MESSAGES,
  type ZRegisterRequest,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/app-error.ts';
import type { BruteForceGuard } from '../../lib/brute-force.ts';
import { hashToken, newToken, type SecretBox } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { consumeCode as consumeTwoFactorCode } from '../settings/two-factor.service.ts';
import { passwordChangedMail } from './account-mail.ts';
import * as repo from './auth.repo.ts';

export type AuthDeps = {
  db: Db;
  box: SecretBox;
  /** Asks Dutchie about a point-of-sale key at registration: true only when Dutchie answers and refuses it. */
  isDutchieKeyRefused?: (apiKey: string) => Promise<boolean>;
};

export async function toPublicUser(db: Db, userId: number, companyId: number): Promise<TUser> {
  const row = await repo.findUserInCompany(db, userId, companyId);
  if (!row) throw unauthorized();
  return {
    ...row,
    role: normalizeRole(row.role),
    inventory_type: row.inventory_type === 'dutchie' ? 'dutchie' : 'manual',
  };
}

/** Starts a session for the user in a company and returns its bearer token. */
export async function startSession(db: Db, userId: number, companyId: number): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, { tokenHash: hashToken(token), userId, companyId });
  return token;
}

/** Creates the company, its first admin and a session, all or nothing. */
export async function register(
  deps: AuthDeps,
  input: z.output<typeof ZRegisterRequest>,
): Promise<TAuthResponse> {
  const { db, box } = deps;
  if (await repo.findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  if (input.useDutchie && (await deps.isDutchieKeyRefused?.(input.dutchieApiKey))) {
    throw badRequest(DUTCHIE_MESSAGES.keyRejectedOnSave);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const ids = await db.transaction(async (tx) => {
      const company = await repo.insertCompany(tx, {
        name: input.company || companyNameFromEmail(input.email),
        inventoryType: input.useDutchie ? 'dutchie' : 'manual',
        dutchieApiKeyEnc: input.useDutchie ? box.seal(input.dutchieApiKey) : null,
      });
      const user = await repo.insertUser(tx, {
        email: input.email,
        passwordHash,
        defaultCompanyId: company.id,
      });
      await repo.insertMembership(tx, { userId: user.id, companyId: company.id, role: 'admin' });
      return { userId: user.id, companyId: company.id };
    });
    const token = await startSession(db, ids.userId, ids.companyId);
    return { token, user: await toPublicUser(db, ids.userId, ids.companyId) };
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw e;
  }
}

export type LoginDeps = AuthDeps & { guard: BruteForceGuard };

type CheckedCredentials =
  | { user: { id: number; defaultCompanyId: number | null } }
  | { requiresTwoFactor: true };

/**
 * Checks the password, then the two-factor code when the account has two-factor on; never tells whether the
 * email exists. Too many failures for the email or the client address lock sign-in before anything is checked.
 * Shared by sign-in and by accepting an invitation with one's password.
 */
export async function verifyCredentials(
  deps: LoginDeps,
  input: TLoginRequest,
  ip: string,
): Promise<CheckedCredentials> {
  const { db, guard } = deps;
  await guard.checkLogin(input.email, ip);
  const user = await repo.findUserByEmail(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid) {
    await guard.loginFailed(input.email, ip);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (user.isTwoFactorEnabled) {
    // No token until the code passes: the client holds the credentials and asks for the code.
    if (!input.twoFactorCode) return { requiresTwoFactor: true };
    if (!(await consumeTwoFactorCode(deps, user.id, input.twoFactorCode))) {
      await guard.loginFailed(input.email, ip);
      throw unauthorized(TWO_FACTOR_MESSAGES.invalidLoginCode);
    }
  }
  await guard.loginSucceeded(input.email);
  return { user };
}

export const NO_COMPANY_MESSAGE =
  'Your account is not a member of any company. Open an invitation link from your email to join one.';

export async function login(deps: LoginDeps, input: TLoginRequest, ip: string): Promise<TLoginResponse> {
  const checked = await verifyCredentials(deps, input, ip);
  if ('requiresTwoFactor' in checked) return { requiresTwoFactor: true };
  const { user } = checked;
  const companyId = await repo.findLoginCompany(deps.db, user.id, user.defaultCompanyId);
  if (!companyId) throw forbidden(NO_COMPANY_MESSAGE);
  const token = await startSession(deps.db, user.id, companyId);
  return { token, user: await toPublicUser(deps.db, user.id, companyId), requiresTwoFactor: false };
}

export function logout(db: Db, sessionId: number) {
  return repo.revokeSession(db, sessionId);
}

/**
 * Replaces a user's password: every other session is signed out (all of them when `keepSessionId` is null, as
 * after a reset), waiting reset links stop working, and the owner gets an email saying so.
 */
export async function setPassword(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  userId: number,
  password: string,
  keepSessionId: number | null,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const account = await repo.findPasswordHash(deps.db, userId);
  if (!account) throw unauthorized();
  await deps.db.transaction((tx) => repo.replacePassword(tx, userId, passwordHash, keepSessionId));
  deps.mailer.send(passwordChangedMail(account.email, deps.publicUrl));
}
