import { randomUUID } from 'node:crypto';
import type { TCountPlan } from '@quantics/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPlanPlaces, countPlans, events } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { addLocation, asReader, pairReader } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { overdueCompanies, staleCompanies } from './plan-places.ts';
import { addDays, localDay } from './schedule.ts';

/**
 * Each planned place's next due day is stored (count_plan_places), worked out again when a count completes or the
 * plan changes, so the overdue and planned-reader sweeps read an index of what is due instead of working out every
 * plan of every company.
 */
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Places Co');
}, 120_000);
afterAll(() => t?.close());

const op = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), payload });

/** A plan's body: one location, every `days` days, `grace` days' grace. */
const planBody = (name: string, locationId: number, days: number, grace: number) => ({
  name,
  location_ids: [locationId],
  every_days: days,
  grace_days: grace,
  blind: false,
});

const stored = (planId: number) =>
  t.database.db
    .select({
      dueOn: countPlanPlaces.dueOn,
      overdueAt: countPlanPlaces.overdueAt,
      isOverdueTold: countPlanPlaces.isOverdueTold,
    })
    .from(countPlanPlaces)
    .where(and(eq(countPlanPlaces.companyId, a.companyId), eq(countPlanPlaces.planId, planId)));

const refreshedAt = async (planId: number) =>
  (
    await t.database.db
      .select({ at: countPlans.placesRefreshedAt })
      .from(countPlans)
      .where(and(eq(countPlans.companyId, a.companyId), eq(countPlans.id, planId)))
  )[0]?.at ?? null;

const overdueTold = async () =>
  (
    await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.companyId, a.companyId), eq(events.type, 'count.overdue')))
  ).length;

/** A handheld's count of the location, completed through the reader protocol. */
async function countNow(locationId: number) {
  const reader = await pairReader(t, a);
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    location_id: locationId,
  });
  const id = start.json().audit_id as number;
  expect(
    (await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 0 })).statusCode,
  ).toBe(200);
}

describe("a planned place's next due day", () => {
  it('is stored by the plan-places sweep, and again when a count completes or the plan changes', async () => {
    const shelf = await addLocation(t, a.companyId, 'Stored shelf');
    const made = await op('POST', '/api/count-plans', planBody('Shelf weekly', shelf, 7, 1));
    const plan = made.json() as TCountPlan;
    const today = localDay(new Date(), 'UTC');
    // New: to be worked out, and the sweep does.
    expect(await refreshedAt(plan.id)).toBeNull();
    expect(await staleCompanies(t.database.db, new Date(), 100)).toContain(a.companyId);
    await t.app.jobs.drain('plan-places');
    expect(await refreshedAt(plan.id)).not.toBeNull();
    expect(await stored(plan.id)).toEqual([
      { dueOn: today, overdueAt: new Date(`${addDays(today, 2)}T00:00:00Z`), isOverdueTold: false },
    ]);
    expect(await staleCompanies(t.database.db, new Date(), 100)).not.toContain(a.companyId);

    // A count completes: the company's places are to be worked out again, and then the shelf is due in a week.
    await countNow(shelf);
    expect(await refreshedAt(plan.id)).toBeNull();
    await t.app.jobs.drain('plan-places');
    expect((await stored(plan.id)).map((p) => p.dueOn)).toEqual([addDays(today, 7)]);

    // The plan changes to every 3 days: again.
    const changed = await op(
      'PUT',
      `/api/count-plans/${plan.id}`,
      planBody('Shelf twice a week', shelf, 3, 1),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await refreshedAt(plan.id)).toBeNull();
    await t.app.jobs.drain('plan-places');
    expect((await stored(plan.id)).map((p) => p.dueOn)).toEqual([addDays(today, 3)]);
  });

  it('is what the overdue sweep reads: a company is looked at while a place is overdue and untold, once', async () => {
    const aisle = await addLocation(t, a.companyId, 'Stored aisle');
    const made = await op('POST', '/api/count-plans', planBody('Aisle daily', aisle, 1, 0));
    const plan = made.json() as TCountPlan;
    // Made ten days ago and never counted: due then, overdue since the day after.
    await t.database.db
      .update(countPlans)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(and(eq(countPlans.companyId, a.companyId), eq(countPlans.id, plan.id)));
    await t.app.jobs.drain('plan-places');
    expect(await overdueCompanies(t.database.db, new Date(), 100)).toContain(a.companyId);
    const before = await overdueTold();
    await t.app.jobs.drain('overdue-counts');
    expect(await overdueTold()).toBe(before + 1);
    expect((await stored(plan.id))[0]?.isOverdueTold).toBe(true);
    // Told: the index no longer names the company, and another run tells nothing.
    expect(await overdueCompanies(t.database.db, new Date(), 100)).not.toContain(a.companyId);
    await t.app.jobs.drain('overdue-counts');
    expect(await overdueTold()).toBe(before + 1);
  });
});
