import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, invitations, users } from '../../db/schema/index.ts';

// Invitations not accepted yet. Every lookup by id is filtered by the caller's company.

export function listOpenInvitations(db: Db, companyId: number) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), isNull(invitations.acceptedAt)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

export async function findOpenInvitationByEmail(db: Db, companyId: number, email: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
        isNull(invitations.acceptedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('insert invitation returned nothing');
  return row;
}

/** A fresh link: the old token stops working. `createdAt` moves too, as the list shows when it was sent. */
export async function renewInvitation(
  db: Db,
  companyId: number,
  id: number,
  values: { tokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .update(invitations)
    .set({ ...values, createdAt: new Date() })
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning();
  return row;
}

/** The withdrawn invitation, or undefined when there was none open with that id in this company. */
export async function deleteOpenInvitation(db: Db, companyId: number, id: number) {
  const [row] = await db
    .delete(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ email: invitations.email });
  return row;
}

/**
 * The one lookup that is not scoped by the caller's company: the secret token itself names the company.
 * Joined with what the invitation page shows.
 */
export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      companyId: invitations.companyId,
      companyName: companies.name,
      requireTwoFactor: companies.requireTwoFactor,
      email: invitations.email,
      name: invitations.name,
      role: invitations.role,
      message: invitations.message,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      inviterName: users.name,
      inviterEmail: users.email,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Single use: only the first of two simultaneous accepts gets the row back. */
export async function markAccepted(db: Db, id: number) {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** An account made by accepting an invitation: it lands in the inviting company by default. */
export async function insertInvitedUser(
  db: Db,
  values: { email: string; name: string; passwordHash: string; defaultCompanyId: number },
) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insert user returned nothing');
  return row;
}
