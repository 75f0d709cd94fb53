import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  memberships,
  passwordResetTokens,
  printAgents,
  sessions,
  users,
} from '../../db/schema/index.ts';

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
  values: {
    tokenHash: string;
    userId: number;
    companyId: number;
    ip: string | null;
    userAgent: string | null;
  },
) {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert session returned nothing');
  return row.id;
}

/** The User-Agents of the person's earlier sessions (newest first), to tell whether a sign-in is from a new browser. */
export async function earlierUserAgents(db: Db, userId: number, exceptSessionId: number) {
  const rows = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)))
    .orderBy(desc(sessions.id))
    .limit(200);
  return rows.map((r) => r.userAgent);
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
      time_zone: companies.timeZone,
      requireTwoFactor: companies.requireTwoFactor,
      isTwoFactorEnabled: users.isTwoFactorEnabled,
    })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, companyId)))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Stores a reset token for the account with this email, replacing its unused older ones, in ONE statement that
 * does the same work whether or not the account exists (an unknown email just matches no row). Returns the
 * user's id, or null.
 */
export async function issueResetToken(db: Db, email: string, tokenHash: string, expiresAt: Date) {
  const result = await db.execute<{ user_id: number }>(sql`
    with account as (
      select ${users.id} as id from ${users} where lower(${users.email}) = ${email.toLowerCase()}
    ), dropped as (
      delete from ${passwordResetTokens}
      where user_id in (select id from account) and used_at is null
    )
    insert into ${passwordResetTokens} (user_id, token_hash, expires_at)
    select id, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz from account
    returning user_id`);
  const row = result.rows[0];
  return row ? Number(row.user_id) : null;
}

/** The unused, unexpired reset token with this hash, and whose it is. */
export function findUsableResetToken(db: Db, tokenHash: string) {
  return db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      email: users.email,
      name: users.name,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

/** Uses a reset token up; false when another request used it first (single use, even under races). */
export async function markResetTokenUsed(db: Db, tokenId: number) {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.id, tokenId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

export function findPasswordHash(db: Db, userId: number) {
  return db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Stores a new password hash, signs out every session of the user except `keepSessionId` (none on a reset) and every
 * print utility they signed in, and voids any reset links still waiting.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSessionId: number | null,
) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
  await db
    .update(printAgents)
    .set({ revokedAt: sql`now()`, connectedAt: null })
    .where(and(eq(printAgents.userId, userId), isNull(printAgents.revokedAt)));
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
