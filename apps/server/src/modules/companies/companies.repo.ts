import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, memberships, users } from '../../db/schema/index.ts';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  inventoryType: companies.inventoryType,
  createdAt: companies.createdAt,
  requireTwoFactor: companies.requireTwoFactor,
  timeZone: companies.timeZone,
};

/** The companies a person belongs to (active memberships only), oldest membership first. */
export function listUserCompanies(db: Db, userId: number) {
  return db
    .select({ ...companyColumns, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .orderBy(asc(memberships.createdAt), asc(companies.id));
}

/** The caller's own company, looked up by the id from their session. */
export async function findCompany(db: Db, companyId: number) {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

export async function findActiveMembership(db: Db, userId: number, companyId: number) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.companyId, companyId),
        eq(memberships.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

export async function insertCompany(db: Db, values: { name: string; createdById: number }) {
  const [row] = await db
    .insert(companies)
    .values({ ...values, inventoryType: 'manual' })
    .returning(companyColumns);
  if (!row) throw new Error('insert company returned nothing');
  return row;
}

export async function insertAdminMembership(db: Db, companyId: number, userId: number) {
  await db.insert(memberships).values({ companyId, userId, role: 'admin' });
}

export async function updateCompany(
  db: Db,
  companyId: number,
  values: { name?: string; requireTwoFactor?: boolean; timeZone?: string },
) {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning(companyColumns);
  return row;
}

/** The company the person's next sign-in lands in. */
export async function setDefaultCompany(db: Db, userId: number, companyId: number) {
  await db.update(users).set({ defaultCompanyId: companyId }).where(eq(users.id, userId));
}

export async function countActiveMembers(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.isActive, true)));
  return row?.n ?? 0;
}

/** Whether the person signs in with two-factor (an admin needs it before requiring it of everyone). */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isOn: users.isTwoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.isOn === true;
}

/** The company row, locked for the rest of the transaction (policy changes are serialised). */
export async function findCompanyForUpdate(db: Db, companyId: number) {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row;
}
