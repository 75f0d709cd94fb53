import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, memberships, sessions, users } from '../../db/schema/index.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

/** The company a sign-in lands in: the user's default when still a member there, else their oldest membership. */
export async function findLoginCompany(db: Db, userId: number, preferredCompanyId: number | null) {
  const rows = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .orderBy(asc(memberships.createdAt));
  const preferred = rows.find((r) => r.companyId === preferredCompanyId);
  return (preferred ?? rows[0])?.companyId ?? null;
}

export async function insertCompany(
  db: Db,
  values: { name: string; inventoryType: 'manual' | 'dutchie'; dutchieApiKeyEnc: string | null },
) {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error('insert company returned nothing');
  return row;
}

export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string; defaultCompanyId: number },
) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert user returned nothing');
  return row;
}

export async function insertMembership(db: Db, values: { userId: number; companyId: number; role: string }) {
  await db.insert(memberships).values(values);
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: number; companyId: number },
) {
  await db.insert(sessions).values({ ...values, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** The public view of a user inside one company. */
export async function findUserInCompany(db: Db, userId: number, companyId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: memberships.role,
      company: companies.name,
      company_id: companies.id,
      inventory_type: companies.inventoryType,
    })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, companyId)))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
