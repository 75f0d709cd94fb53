import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audits,
  companies,
  countOverdueNotices,
  countPlanRuns,
  countPlans,
  devices,
  locations,
  memberships,
  stock,
  users,
} from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

// Count plans of one company; every function takes the caller's companyId and filters by it.

export type PlanRow = typeof countPlans.$inferSelect;
export type PlanValues = Omit<
  typeof countPlans.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'placesRefreshedAt'
>;

export function listPlans(db: Db, companyId: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(countPlans)
    .where(eq(countPlans.companyId, companyId))
    .orderBy(asc(countPlans.name), asc(countPlans.id));
}

export async function findPlan(db: Db, companyId: number, id: number): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(countPlans)
    .where(and(eq(countPlans.companyId, companyId), eq(countPlans.id, id)));
  return row;
}

export async function insertPlan(db: Db, companyId: number, values: PlanValues): Promise<PlanRow> {
  const [row] = await db
    .insert(countPlans)
    .values({ ...values, companyId })
    .returning();
  if (!row) throw new Error('insert count plan returned nothing');
  return row;
}

export async function updatePlan(
  db: Db,
  companyId: number,
  id: number,
  values: PlanValues,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(countPlans)
    // Its places' due days are worked out again by the plan-places sweep (count-plans/plan-places.ts).
    .set({ ...values, updatedAt: new Date(), placesRefreshedAt: null })
    .where(and(eq(countPlans.companyId, companyId), eq(countPlans.id, id)))
    .returning();
  return row;
}

export async function deletePlan(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(countPlans)
    .where(and(eq(countPlans.companyId, companyId), eq(countPlans.id, id)))
    .returning({ id: countPlans.id });
  return rows.length > 0;
}

/** How many of `ids` are locations of the company. */
export async function countLocations(db: Db, companyId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), sql`${locations.id} = any(${sqlArray(ids, 'int')})`));
  return row?.n ?? 0;
}

export async function deviceExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id)));
  return row !== undefined;
}

/** The company's active members, by name, for a plan's person. */
export function activeMembers(db: Db, companyId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.isActive, true)))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.email}))`), asc(users.id));
}

export async function isActiveMember(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.userId, userId),
        eq(memberships.isActive, true),
      ),
    );
  return row !== undefined;
}

/** The company's time zone and whether its stock is in Dutchie (it plans rooms). */
export async function companyClock(db: Db, companyId: number) {
  const [row] = await db
    .select({ timeZone: companies.timeZone, inventoryType: companies.inventoryType })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/**
 * The last completed count of each catalogue place: per location (null: the whole catalogue), audits of a room
 * aside. A count at a location covers its sub-locations, which the service works out from the tree.
 */
export function lastCountsByLocation(db: Db, companyId: number) {
  return db
    .select({ locationId: audits.locationId, at: sql<Date>`max(${audits.completedAt})`.mapWith(toDate) })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.status, 'completed'), sql`${audits.room} is null`))
    .groupBy(audits.locationId);
}

/** The last completed count of each Dutchie room (null: the whole store). */
export function lastCountsByRoom(db: Db, companyId: number) {
  return db
    .select({ room: audits.room, at: sql<Date>`max(${audits.completedAt})`.mapWith(toDate) })
    .from(audits)
    .where(
      and(eq(audits.companyId, companyId), eq(audits.status, 'completed'), sql`${audits.locationId} is null`),
    )
    .groupBy(audits.room);
}

/** Units stocked at each location (its stock rows, placed directly there). */
export function unitsByLocation(db: Db, companyId: number) {
  return db
    .select({
      locationId: stock.locationId,
      units: sql<number>`sum(greatest(${stock.quantity}, 0))::int`,
    })
    .from(stock)
    .where(and(eq(stock.companyId, companyId), sql`${stock.locationId} is not null`))
    .groupBy(stock.locationId);
}

function toDate(v: unknown): Date {
  return v instanceof Date ? v : new Date(String(v));
}

/**
 * Claims the notice of a place overdue since `dueOn`: true the first time only (the primary key decides, so two
 * instances sweeping at once claim it once).
 */
export async function claimOverdueNotice(db: Db, companyId: number, placeKey: string, dueOn: string) {
  const rows = await db
    .insert(countOverdueNotices)
    .values({ companyId, placeKey, dueOn })
    .onConflictDoNothing()
    .returning({ placeKey: countOverdueNotices.placeKey });
  return rows.length > 0;
}

/** The company's fixed reader (one posting to its webhook), by id. */
export async function findFixedReader(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id), eq(devices.kind, 'fixed')));
  return row;
}

/** Claims a planned count's run for its due day: true the first time only (the primary key decides). */
export async function claimRun(db: Db, companyId: number, planId: number, placeKey: string, dueOn: string) {
  const rows = await db
    .insert(countPlanRuns)
    .values({ companyId, planId, placeKey, dueOn })
    .onConflictDoNothing()
    .returning({ planId: countPlanRuns.planId });
  return rows.length > 0;
}

export async function setRunAudit(
  db: Db,
  companyId: number,
  run: { planId: number; placeKey: string; dueOn: string },
  auditId: number,
) {
  await db
    .update(countPlanRuns)
    .set({ auditId })
    .where(
      and(
        eq(countPlanRuns.companyId, companyId),
        eq(countPlanRuns.planId, run.planId),
        eq(countPlanRuns.placeKey, run.placeKey),
        eq(countPlanRuns.dueOn, run.dueOn),
      ),
    );
}
