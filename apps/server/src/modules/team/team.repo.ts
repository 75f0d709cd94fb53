import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, memberships, printAgents, sessions, users } from '../../db/schema/index.ts';

/**
 * Memberships of one company. Every function takes the caller's companyId and filters by it, so another
 * company's people are simply not found. Invitations live in invitation.repo.ts.
 */

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  isActive: memberships.isActive,
  createdAt: memberships.createdAt,
  isTwoFactorEnabled: users.isTwoFactorEnabled,
  /** The latest use of any of their sessions in this company (kept to the minute by the auth hook). */
  lastActiveAt: sql<string | Date | null>`(
    SELECT max(s.last_used_at) FROM sessions s
    WHERE s.user_id = ${users.id} AND s.company_id = ${memberships.companyId})`,
};

export function listMembers(db: Db, companyId: number) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(memberships.createdAt), asc(users.id));
}

export async function findMember(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function findMemberByEmail(db: Db, companyId: number, email: string) {
  const [row] = await db
    .select({ userId: users.id, isActive: memberships.isActive })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row;
}

export async function updateMemberRole(db: Db, companyId: number, userId: number, role: string) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
}

export async function deleteMember(db: Db, companyId: number, userId: number) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
}

/** Adds the person to the company, or brings back a disabled membership with the new role. */
export async function upsertMember(db: Db, companyId: number, userId: number, role: string) {
  await db
    .insert(memberships)
    .values({ companyId, userId, role })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.companyId],
      set: { role, isActive: true },
    });
}

export async function countActiveAdmins(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.role, 'admin'),
        eq(memberships.isActive, true),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Serialises team changes within one company for the rest of the transaction, so two admins demoting
 * each other at the same moment cannot leave the company without an admin.
 */
export async function lockCompany(db: Db, companyId: number) {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Signs the person out of this company everywhere (their sessions in other companies stay). */
export async function revokeSessionsInCompany(db: Db, companyId: number, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Signs the person out everywhere in this company: every session and every print utility they signed in here.
 * Returns how many were ended.
 */
export async function signOutInCompany(db: Db, companyId: number, userId: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const utilities = await db
    .update(printAgents)
    .set({ revokedAt: new Date(), connectedAt: null })
    .where(
      and(
        eq(printAgents.companyId, companyId),
        eq(printAgents.userId, userId),
        isNull(printAgents.revokedAt),
      ),
    )
    .returning({ id: printAgents.id });
  return ended.length + utilities.length;
}

/** Active members of the company who do not sign in with two-factor. */
export function membersWithoutTwoFactor(db: Db, companyId: number) {
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.isActive, true),
        eq(users.isTwoFactorEnabled, false),
      ),
    )
    .orderBy(asc(users.email));
}
