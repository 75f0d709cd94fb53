import {
  normalizeRole,
  ROLE_LABELS,
  SECURITY_MESSAGES,
  TEAM_MESSAGES,
  type TRole,
  type TTeamMember,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordActivity, recordSecurityEvent, userPerformer } from '../activity/activity.service.ts';
import * as invitationRepo from './invitation.repo.ts';
import * as repo from './team.repo.ts';

type MemberRow = {
  userId: number;
  name: string | null;
  email: string;
  role: string;
  isActive: boolean;
  createdAt: Date;
  isTwoFactorEnabled: boolean;
  lastActiveAt: string | Date | null;
};
type InvitationRow = Awaited<ReturnType<typeof invitationRepo.listOpenInvitations>>[number];

export function memberView(m: MemberRow): TTeamMember {
  return {
    id: m.userId,
    kind: 'member',
    name: m.name,
    email: m.email,
    role: normalizeRole(m.role),
    status: m.isActive ? 'active' : 'inactive',
    created_at: m.createdAt.toISOString(),
    expires_at: null,
    two_factor_enabled: m.isTwoFactorEnabled,
    last_active_at: m.lastActiveAt === null ? null : new Date(m.lastActiveAt).toISOString(),
  };
}

/** An invitation is pending until it expires; after that it shows inactive until an admin resends it. */
export function invitationView(i: InvitationRow, now = new Date()): TTeamMember {
  return {
    id: i.id,
    kind: 'invitation',
    name: i.name,
    email: i.email,
    role: normalizeRole(i.role),
    status: i.expiresAt > now ? 'pending' : 'inactive',
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    two_factor_enabled: null,
    last_active_at: null,
  };
}

/** People in the company, then the invitations nobody has accepted yet. */
export async function listTeam(db: Db, companyId: number): Promise<TTeamMember[]> {
  const members = await repo.listMembers(db, companyId);
  const invites = await invitationRepo.listOpenInvitations(db, companyId);
  const now = new Date();
  return [...members.map(memberView), ...invites.map((i) => invitationView(i, now))];
}

const displayName = (m: { name: string | null; email: string }) => m.name || m.email;

export async function changeRole(
  db: Db,
  actor: AuthContext,
  userId: number,
  role: TRole,
  client: ClientInfo,
) {
  if (userId === actor.userId) throw forbidden(TEAM_MESSAGES.cannotChangeOwnRole);
  return db.transaction(async (tx) => {
    await repo.lockCompany(tx, actor.companyId);
    const member = await repo.findMember(tx, actor.companyId, userId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    const from = normalizeRole(member.role);
    await repo.updateMemberRole(tx, actor.companyId, userId, role);
    await assertAdminLeft(tx, actor.companyId);
    if (from !== role) {
      // Also part of the security log, so with the admin's address.
      await recordSecurityEvent(tx, {
        companyId: actor.companyId,
        performer: userPerformer(actor),
        action: 'team.role_change',
        type: 'team',
        message: `${displayName(actor)} changed ${displayName(member)}'s role from ${ROLE_LABELS[from]} to ${ROLE_LABELS[role]}`,
        metadata: { userId, from, to: role },
        client,
      });
    }
    return memberView({ ...member, role });
  });
}

/** Takes the person out of the company and ends their sessions there; their account stays. */
export async function removeMember(db: Db, actor: AuthContext, userId: number) {
  if (userId === actor.userId) throw forbidden(TEAM_MESSAGES.cannotRemoveYourself);
  await db.transaction(async (tx) => {
    await repo.lockCompany(tx, actor.companyId);
    const member = await repo.findMember(tx, actor.companyId, userId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    await repo.deleteMember(tx, actor.companyId, userId);
    await assertAdminLeft(tx, actor.companyId);
    await repo.revokeSessionsInCompany(tx, actor.companyId, userId);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'team.remove',
      type: 'team',
      message: `${displayName(actor)} removed ${displayName(member)} from the team`,
      metadata: { userId, email: member.email },
    });
  });
}

/**
 * Ends every session and print utility of a member in this company (a lost phone) without removing them; they sign
 * in again with their password (and code).
 */
export async function signOutMember(db: Db, actor: AuthContext, userId: number, client: ClientInfo) {
  if (userId === actor.userId) throw forbidden(SECURITY_MESSAGES.cannotSignOutYourself);
  return db.transaction(async (tx) => {
    const member = await repo.findMember(tx, actor.companyId, userId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    const count = await repo.signOutInCompany(tx, actor.companyId, userId);
    await recordSecurityEvent(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'security.member_signed_out',
      message: `${displayName(actor)} signed ${displayName(member)} out everywhere (${count} session${count === 1 ? '' : 's'} ended)`,
      metadata: { userId, count },
      client,
    });
    return { success: true as const, message: SECURITY_MESSAGES.memberSignedOut, count };
  });
}

async function assertAdminLeft(db: Db, companyId: number) {
  if ((await repo.countActiveAdmins(db, companyId)) === 0) throw conflict(TEAM_MESSAGES.lastAdmin);
}
