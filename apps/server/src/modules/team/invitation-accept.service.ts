import {
  AUTH_MESSAGES,
  normalizeRole,
  ROLE_LABELS,
  type TAcceptInviteRequest,
  type TAcceptInviteResponse,
  TEAM_MESSAGES,
  type TInviteInfo,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { type LoginDeps, verifyCredentials } from '../auth/auth.service.ts';
import { startSessionIn } from '../companies/companies.service.ts';
import * as repo from './invitation.repo.ts';
import * as teamRepo from './team.repo.ts';

type Invitation = NonNullable<Awaited<ReturnType<typeof repo.findInvitationByTokenHash>>>;

/** The invitation behind a link: unknown and used links are 404, expired ones 410. */
async function usableInvitation(db: Db, token: string): Promise<Invitation> {
  const invitation = await repo.findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitation.acceptedAt) throw notFound(TEAM_MESSAGES.invitationInvalid);
  if (invitation.expiresAt <= new Date()) throw new AppError(410, TEAM_MESSAGES.invitationExpired);
  return invitation;
}

export async function invitationInfo(db: Db, token: string): Promise<TInviteInfo> {
  const invitation = await usableInvitation(db, token);
  return {
    company: invitation.companyName,
    role: normalizeRole(invitation.role),
    email: invitation.email,
    name: invitation.name,
    inviter_name: invitation.inviterName || invitation.inviterEmail,
    message: invitation.message,
    expires_at: invitation.expiresAt.toISOString(),
    has_account: (await repo.findUserByEmail(db, invitation.email)) !== undefined,
    requires_two_factor: invitation.requireTwoFactor,
  };
}

/**
 * Signed in as the invited email: joins the company and moves the session there.
 * Not signed in: creates the account from name and password (only when the email has none yet).
 * Either way the answer is a new session in the inviting company.
 */
export async function acceptInvitation(
  deps: LoginDeps,
  caller: AuthContext | null,
  input: TAcceptInviteRequest,
  client: ClientInfo,
): Promise<TAcceptInviteResponse> {
  const { db } = deps;
  const invitation = await usableInvitation(db, input.token);
  if (caller) {
    if (caller.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw forbidden(TEAM_MESSAGES.invitationForOtherEmail);
    }
    await db.transaction(async (tx) => {
      const existing = await teamRepo.findMember(tx, invitation.companyId, caller.userId);
      if (existing?.isActive) throw conflict(TEAM_MESSAGES.alreadyInCompany);
      await joinCompany(tx, invitation, caller.userId, caller.name || caller.email);
    });
    return startSessionIn(db, caller.userId, invitation.companyId, client, caller.sessionId);
  }

  const account = await repo.findUserByEmail(db, invitation.email);
  if (account) {
    if (!input.password) throw conflict(TEAM_MESSAGES.signInToAccept);
    // The invited email's own password (and code) stands in for signing in first.
    const checked = await verifyCredentials(
      deps,
      { email: invitation.email, password: input.password, twoFactorCode: input.twoFactorCode },
      client,
    );
    if ('requiresTwoFactor' in checked) throw badRequest(AUTH_MESSAGES.twoFactorRequired);
    await db.transaction(async (tx) => {
      const existing = await teamRepo.findMember(tx, invitation.companyId, account.id);
      if (existing?.isActive) throw conflict(TEAM_MESSAGES.alreadyInCompany);
      await joinCompany(tx, invitation, account.id, account.name || account.email);
    });
    return startSessionIn(db, account.id, invitation.companyId, client);
  }
  const name = input.name?.trim() ?? '';
  const password = input.password ?? '';
  if (!name) throw badRequest(TEAM_MESSAGES.nameRequired);
  if (!password) throw badRequest(AUTH_MESSAGES.passwordRequired);
  if (password.length < 8) throw badRequest(AUTH_MESSAGES.passwordMin8);
  const passwordHash = await deps.passwords.hash(password);
  try {
    const userId = await db.transaction(async (tx) => {
      const user = await repo.insertInvitedUser(tx, {
        email: invitation.email,
        name,
        passwordHash,
        defaultCompanyId: invitation.companyId,
      });
      await joinCompany(tx, invitation, user.id, name);
      return user.id;
    });
    return startSessionIn(db, userId, invitation.companyId, client);
  } catch (e) {
    // Someone registered this email between the check and the insert.
    if (isUniqueViolation(e)) throw conflict(TEAM_MESSAGES.signInToAccept);
    throw e;
  }
}

/** Marks the invitation used (only the first of two simultaneous accepts gets it) and adds the membership. */
async function joinCompany(tx: Db, invitation: Invitation, userId: number, performerName: string) {
  if (!(await repo.markAccepted(tx, invitation.id))) throw notFound(TEAM_MESSAGES.invitationInvalid);
  const role = normalizeRole(invitation.role);
  await teamRepo.upsertMember(tx, invitation.companyId, userId, role);
  await recordActivity(tx, {
    companyId: invitation.companyId,
    performer: { type: 'user', id: userId, name: performerName },
    action: 'team.join',
    type: 'team',
    message: `${performerName} joined the team as ${ROLE_LABELS[role]}`,
    metadata: { invitationId: invitation.id, userId, role },
  });
}
