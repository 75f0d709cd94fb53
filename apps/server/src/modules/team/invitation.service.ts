import {
  INVITATION_TTL_MS,
  normalizeRole,
  ROLE_LABELS,
  TEAM_MESSAGES,
  type TTeamMember,
  type ZInviteRequest,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queueAccountMail } from '../../jobs/mail-jobs.repo.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { currentCompany } from '../companies/companies.service.ts';
import * as repo from './invitation.repo.ts';
import { invitationMail } from './invitation-mail.ts';
import * as teamRepo from './team.repo.ts';
import { invitationView } from './team.service.ts';

export type InvitationDeps = { db: Db; publicUrl: string };

const actorName = (actor: AuthContext) => actor.name || actor.email;

/** Invites someone by email with a role; the email carries a single-use link valid for 7 days. */
export async function invite(
  deps: InvitationDeps,
  actor: AuthContext,
  input: z.output<typeof ZInviteRequest>,
): Promise<TTeamMember> {
  const token = newToken();
  const row = await deps.db.transaction(async (tx) => {
    // Two admins inviting the same address at once must not create two open invitations.
    await teamRepo.lockCompany(tx, actor.companyId);
    const member = await teamRepo.findMemberByEmail(tx, actor.companyId, input.email);
    if (member?.isActive) throw conflict(TEAM_MESSAGES.alreadyMember);
    if (await repo.findOpenInvitationByEmail(tx, actor.companyId, input.email)) {
      throw conflict(TEAM_MESSAGES.alreadyInvited);
    }
    const invitation = await repo.insertInvitation(tx, {
      companyId: actor.companyId,
      email: input.email,
      name: input.name,
      role: input.role,
      message: input.message || null,
      tokenHash: hashToken(token),
      invitedById: actor.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'team.invite',
      type: 'team',
      message: `${actorName(actor)} invited ${input.email} as ${ROLE_LABELS[input.role]}`,
      metadata: { invitationId: invitation.id, email: input.email, role: input.role },
    });
    await queueAccountMail(tx, [await mail(tx, deps, actor, invitation, token)]);
    return invitation;
  });
  return invitationView(row);
}

/** A new link, a new 7-day window and a new email; the previous link stops working. */
export async function resend(deps: InvitationDeps, actor: AuthContext, id: number): Promise<TTeamMember> {
  const token = newToken();
  const row = await deps.db.transaction(async (tx) => {
    const renewed = await repo.renewInvitation(tx, actor.companyId, id, {
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    if (!renewed) throw notFound(TEAM_MESSAGES.invitationNotFound);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'team.invite_resend',
      type: 'team',
      message: `${actorName(actor)} resent the invitation to ${renewed.email}`,
      metadata: { invitationId: id, email: renewed.email },
    });
    await queueAccountMail(tx, [await mail(tx, deps, actor, renewed, token)]);
    return renewed;
  });
  return invitationView(row);
}

/** Withdraws an invitation nobody has accepted; its link stops working. */
export async function revoke(db: Db, actor: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const invitation = await repo.deleteOpenInvitation(tx, actor.companyId, id);
    if (!invitation) throw notFound(TEAM_MESSAGES.invitationNotFound);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'team.invite_revoke',
      type: 'team',
      message: `${actorName(actor)} revoked the invitation to ${invitation.email}`,
      metadata: { invitationId: id, email: invitation.email },
    });
  });
}

/** The invitation's email, queued in the transaction that stores the invitation (its link works once committed). */
async function mail(
  tx: Db,
  deps: InvitationDeps,
  actor: AuthContext,
  row: { email: string; name: string | null; role: string; message: string | null; expiresAt: Date },
  token: string,
) {
  const company = await currentCompany(tx, actor);
  return invitationMail(deps.publicUrl, {
    requiresTwoFactor: company.require_two_factor,
    to: row.email,
    name: row.name,
    inviterName: actorName(actor),
    companyName: actor.companyName,
    role: normalizeRole(row.role),
    message: row.message,
    token,
    expiresAt: row.expiresAt,
  });
}
