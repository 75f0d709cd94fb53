import {
  AUTH_MESSAGES,
  companyNameFromEmail,
  DUTCHIE_MESSAGES,
  normalizeRole,
  sameBrowser,
  type TAuthResponse,
  type TLoginRequest,
  type TLoginResponse,
  type TUser,
  TWO_FACTOR_MESSAGES,
  type ZRegisterRequest,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queueAccountMail } from '../../jobs/mail-jobs.repo.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/app-error.ts';
import type { BruteForceGuard } from '../../lib/brute-force.ts';
import { hashToken, newToken, type SecretBox } from '../../lib/crypto.ts';
import type { Passwords } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordSecurityEvent, userPerformer } from '../activity/activity.service.ts';
import { addDefaultReasonCodes } from '../reviews/reason-codes.service.ts';
import { newSignInMail, passwordChangedMail } from './account-mail.ts';
import * as repo from './auth.repo.ts';
import { consumeCode as consumeTwoFactorCode } from './two-factor-code.ts';

export type AuthDeps = {
  db: Db;
  box: SecretBox;
  passwords: Passwords;
  /** Asks Dutchie about a point-of-sale key at registration: true only when Dutchie answers and refuses it. */
  isDutchieKeyRefused?: (apiKey: string) => Promise<boolean>;
};

export async function toPublicUser(db: Db, userId: number, companyId: number): Promise<TUser> {
  const row = await repo.findUserInCompany(db, userId, companyId);
  if (!row) throw unauthorized();
  const { requireTwoFactor, isTwoFactorEnabled, ...user } = row;
  return {
    ...user,
    role: normalizeRole(row.role),
    inventory_type: row.inventory_type === 'dutchie' ? 'dutchie' : 'manual',
    must_set_up_two_factor: requireTwoFactor && !isTwoFactorEnabled,
  };
}

/** Starts a session for the user in a company, noting the browser and address; returns its bearer token. */
export async function startSession(db: Db, userId: number, companyId: number, client?: ClientInfo) {
  return (await openSession(db, userId, companyId, client)).token;
}

async function openSession(db: Db, userId: number, companyId: number, client?: ClientInfo) {
  const token = newToken();
  const sessionId = await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    companyId,
    ip: client?.ip ?? null,
    userAgent: client?.userAgent ?? null,
  });
  return { token, sessionId };
}

/** Creates the company, its first admin and a session, all or nothing. */
export async function register(
  deps: AuthDeps,
  input: z.output<typeof ZRegisterRequest>,
  client: ClientInfo,
): Promise<TAuthResponse> {
  const { db, box } = deps;
  if (await repo.findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  if (input.useDutchie && (await deps.isDutchieKeyRefused?.(input.dutchieApiKey))) {
    throw badRequest(DUTCHIE_MESSAGES.keyRejectedOnSave);
  }
  const passwordHash = await deps.passwords.hash(input.password);
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
      await addDefaultReasonCodes(tx, company.id);
      return { userId: user.id, companyId: company.id };
    });
    const token = await startSession(db, ids.userId, ids.companyId, client);
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
  client: ClientInfo,
): Promise<CheckedCredentials> {
  const { db, guard } = deps;
  const { ip } = client;
  await guard.checkLogin(input.email, ip);
  const user = await repo.findUserByEmail(db, input.email);
  const isValid = await deps.passwords.verify(user?.passwordHash, input.password);
  if (!user || !isValid) {
    await guard.loginFailed(input.email, ip);
    if (user) await recordFailedSignIn(db, user, client, 'wrong password');
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (user.isTwoFactorEnabled) {
    // No token until the code passes: the client holds the credentials and asks for the code.
    if (!input.twoFactorCode) return { requiresTwoFactor: true };
    if (!(await consumeTwoFactorCode(deps, user.id, input.twoFactorCode))) {
      await guard.loginFailed(input.email, ip);
      await recordFailedSignIn(db, user, client, 'wrong two-factor code');
      throw unauthorized(TWO_FACTOR_MESSAGES.invalidLoginCode);
    }
  }
  await guard.loginSucceeded(input.email);
  return { user };
}

export const NO_COMPANY_MESSAGE =
  'Your account is not a member of any company. Open an invitation link from your email to join one.';

/** A wrong password or code for an existing account, written in every company it belongs to. */
function recordFailedSignIn(
  db: Db,
  user: { id: number; name: string | null; email: string },
  client: ClientInfo,
  reason: string,
) {
  const name = user.name || user.email;
  return recordSecurityEvent(db, {
    companyId: { allCompaniesOf: user.id },
    performer: { type: 'user', id: user.id, name },
    action: 'auth.sign_in_failed',
    message: `Failed sign-in to ${name}'s account (${reason})`,
    metadata: { reason },
    client,
  });
}

export type SignInDeps = LoginDeps & { publicUrl: string };

/**
 * Signs in: a session in the person's company, the sign-in in its security log, and an email when the browser
 * (name and system, versions aside) is one the account has never signed in from.
 */
export async function login(
  deps: SignInDeps,
  input: TLoginRequest,
  client: ClientInfo,
): Promise<TLoginResponse> {
  const checked = await verifyCredentials(deps, input, client);
  if ('requiresTwoFactor' in checked) return { requiresTwoFactor: true };
  const { user } = checked;
  const companyId = await repo.findLoginCompany(deps.db, user.id, user.defaultCompanyId);
  if (!companyId) throw forbidden(NO_COMPANY_MESSAGE);
  const { token, sessionId } = await openSession(deps.db, user.id, companyId, client);
  const publicUser = await toPublicUser(deps.db, user.id, companyId);
  const name = publicUser.name || publicUser.email;
  await deps.db.transaction(async (tx) => {
    await recordSecurityEvent(tx, {
      companyId,
      type: 'auth',
      performer: { type: 'user', id: user.id, name },
      action: 'auth.sign_in',
      message: `${name} signed in`,
      client,
    });
    const earlier = await repo.earlierUserAgents(tx, user.id, sessionId);
    if (earlier.length > 0 && !earlier.some((ua) => sameBrowser(ua, client.userAgent))) {
      await queueAccountMail(tx, [newSignInMail(publicUser.email, deps.publicUrl, client)]);
    }
  });
  return { token, user: publicUser, requiresTwoFactor: false };
}

export function logout(db: Db, sessionId: number) {
  return repo.revokeSession(db, sessionId);
}

/**
 * Replaces a user's password: every other session is signed out (all of them when `keepSessionId` is null, as
 * after a reset), waiting reset links stop working, and the owner gets an email saying so.
 */
export async function setPassword(
  deps: { db: Db; publicUrl: string; passwords: Passwords },
  auth: AuthContext,
  password: string,
  client: ClientInfo,
): Promise<void> {
  const passwordHash = await deps.passwords.hash(password);
  const account = await repo.findPasswordHash(deps.db, auth.userId);
  if (!account) throw unauthorized();
  const name = auth.name || auth.email;
  await deps.db.transaction(async (tx) => {
    await repo.replacePassword(tx, auth.userId, passwordHash, auth.sessionId);
    await recordSecurityEvent(tx, {
      companyId: { allCompaniesOf: auth.userId },
      performer: userPerformer(auth),
      action: 'security.password_changed',
      message: `${name} changed their password; their other sessions and print utilities were signed out`,
      client,
    });
    await queueAccountMail(tx, [passwordChangedMail(account.email, deps.publicUrl)]);
  });
}
