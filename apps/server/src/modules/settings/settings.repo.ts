import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';

/** The user's own fields plus the name of the company their session is in. */
export function findProfile(db: Db, userId: number, companyId: number) {
  return db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      theme: users.theme,
      company: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, companyId))
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function isEmailUsedByOther(db: Db, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateUserProfile(
  db: Db,
  userId: number,
  values: { name: string; email: string; phone: string | null },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Renames the caller's current company (the only one a profile edit can reach). */
export async function setTheme(db: Db, userId: number, theme: string) {
  await db.update(users).set({ theme }).where(eq(users.id, userId));
}

export function findOnboardingCompletedAt(db: Db, userId: number) {
  return db
    .select({ at: users.onboardingCompletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]?.at ?? null);
}

/** The first completion counts; repeating it changes nothing. */
export async function completeOnboarding(db: Db, userId: number) {
  await db
    .update(users)
    .set({ onboardingCompletedAt: sql`coalesce(${users.onboardingCompletedAt}, now())` })
    .where(eq(users.id, userId));
}
