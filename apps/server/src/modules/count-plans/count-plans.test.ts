import { randomUUID } from 'node:crypto';
import { COUNT_PLAN_MESSAGES, type TCountPlan, type TDueCountsResponse } from '@quantics/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, companies, countPlans, events } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { addLocation, addProducts, asReader, pairReader } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { finishDueAudits } from '../ingest/webhook-batches.service.ts';
import { planStatus } from './due-counts.service.ts';
import { recordOverdueCounts } from './overdue.ts';
import { startPlannedReaderCounts } from './planned-readers.ts';

let t: TestApp;
let a: Tenant;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(a.operator.token, method, url, payload);

async function plan(body: object, tenant = a): Promise<TCountPlan> {
  const res = await as(tenant.operator.token, 'POST', '/api/count-plans', {
    grace_days: 0,
    blind: false,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const due = async (token = a.operator.token) =>
  (await as(token, 'GET', '/api/counts/due')).json() as TDueCountsResponse;

/** A count at a location through the reader protocol (a handheld started by hand), completed. */
async function countAt(locationId: number, planId?: number) {
  const reader = await pairReader(t, a);
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    location_id: locationId,
    ...(planId ? { plan_id: planId } : {}),
  });
  expect(start.statusCode, start.body).toBe(201);
  const id = start.json().audit_id as number;
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 0 });
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

/** Moves a completed count to another moment (the server's clock is the test's). */
const countedAt = (auditId: number, at: string) =>
  t.database.db
    .update(audits)
    .set({ completedAt: new Date(at), createdAt: new Date(at) })
    .where(and(eq(audits.companyId, a.companyId), eq(audits.id, auditId)));

const madeAt = (planId: number, at: string) =>
  t.database.db
    .update(countPlans)
    .set({ createdAt: new Date(at) })
    .where(eq(countPlans.id, planId));

const overdueEvents = async (companyId: number) =>
  t.database.db
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.companyId, companyId), eq(events.type, 'count.overdue')));

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Cycle Co');
});
afterAll(() => t.close());

describe('count plans', () => {
  it('are created, read, changed and deleted by operators, with exactly one rhythm', async () => {
    const store = await addLocation(t, a.companyId, 'Plans Store');
    const made = await plan({ name: 'Floor daily', location_ids: [store, store], every_days: 1 });
    expect(made).toMatchObject({ location_ids: [store], every_days: 1, weekdays: null, month_day: null });
    expect((await op('GET', '/api/count-plans')).json().data.map((p: TCountPlan) => p.id)).toContain(made.id);

    const both = await op('PUT', `/api/count-plans/${made.id}`, {
      name: 'Floor',
      location_ids: [store],
      every_days: 2,
      weekdays: [1],
      grace_days: 0,
      blind: false,
    });
    expect([both.statusCode, both.json().message]).toEqual([
      400,
      'Choose exactly one rhythm: every_days, weekdays or month_day',
    ]);
    const none = await op('POST', '/api/count-plans', {
      name: 'None',
      location_ids: [store],
      grace_days: 0,
      blind: false,
    });
    expect([none.statusCode, none.json().message]).toEqual([
      400,
      'Choose exactly one rhythm: every_days, weekdays or month_day',
    ]);
    const badDay = await op('POST', '/api/count-plans', {
      name: 'Bad',
      location_ids: [store],
      month_day: 31,
      grace_days: 0,
      blind: false,
    });
    expect(badDay.json().message).toBe('month_day must be a whole number from 1 to 28');
    const rooms = await op('POST', '/api/count-plans', {
      name: 'Rooms',
      rooms: ['Vault'],
      every_days: 1,
      grace_days: 0,
      blind: false,
    });
    expect([rooms.statusCode, rooms.json().message]).toEqual([
      400,
      'rooms are for a Dutchie company; a catalogue company plans location_ids',
    ]);
    const missing = await op('POST', '/api/count-plans', {
      name: 'Missing',
      location_ids: [2_000_000],
      every_days: 1,
      grace_days: 0,
      blind: false,
    });
    expect(missing.json().message).toBe('location_ids names a location that does not exist');

    const changed = await op('PUT', `/api/count-plans/${made.id}`, {
      name: 'Floor Mondays',
      location_ids: [store],
      weekdays: [5, 1, 1],
      grace_days: 2,
      blind: true,
      assignee_user_id: a.operator.userId,
    });
    expect(changed.json()).toMatchObject({
      name: 'Floor Mondays',
      weekdays: [1, 5],
      every_days: null,
      blind: true,
    });
    expect((await op('DELETE', `/api/count-plans/${made.id}`)).statusCode).toBe(200);
    expect((await op('GET', `/api/count-plans/${made.id}`)).statusCode).toBe(404);
    expect((await as(a.member.token, 'POST', '/api/count-plans', { name: 'x' })).statusCode).toBe(403);
  });

  it('names the field a refusal is about (ZErrorResponse.field), for the form to show it there', async () => {
    const store = await addLocation(t, a.companyId, 'Fields Store');
    const body = { name: 'Fields', location_ids: [store], every_days: 7, grace_days: 0, blind: false };
    const refusals = [
      [{ grace_days: 91 }, 'grace_days', 'grace_days must be a whole number from 0 to 90'],
      [{ location_ids: [2_000_000] }, 'location_ids', COUNT_PLAN_MESSAGES.locationNotFound],
      [{ rooms: ['Vault'] }, 'rooms', COUNT_PLAN_MESSAGES.roomsForDutchie],
      [{ device_id: 2_000_000, duration_minutes: 15 }, 'device_id', COUNT_PLAN_MESSAGES.deviceNotFound],
      [{ assignee_user_id: 2_000_000 }, 'assignee_user_id', COUNT_PLAN_MESSAGES.assigneeNotFound],
    ] as const;
    for (const [change, field, message] of refusals) {
      const res = await op('POST', '/api/count-plans', { ...body, ...change });
      expect([res.statusCode, res.json()], JSON.stringify(change)).toEqual([400, { message, field }]);
    }
    const plans = (await op('GET', '/api/count-plans')).json().data as TCountPlan[];
    expect(plans.some((p) => p.name === 'Fields')).toBe(false);
  });

  it('keeps the company time zone as an IANA name', async () => {
    const put = (time_zone: unknown) =>
      as(a.admin.token, 'PUT', `/api/companies/${a.companyId}`, { time_zone });
    const bad = await put('Mars/Olympus_Mons');
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'time_zone must be an IANA time zone name, such as Europe/Amsterdam',
    ]);
    const ok = await put('America/New_York');
    expect([ok.statusCode, ok.json().time_zone]).toEqual([200, 'America/New_York']);
    expect((await as(a.admin.token, 'GET', '/api/companies/current')).json().time_zone).toBe(
      'America/New_York',
    );
    await put('UTC');
  });
});

describe('what is due', () => {
  it('every 7 days is due on the right local day across a daylight-saving change', async () => {
    await t.database.db
      .update(companies)
      .set({ timeZone: 'Europe/Amsterdam' })
      .where(eq(companies.id, a.companyId));
    const aisle = await addLocation(t, a.companyId, 'DST Aisle');
    const weekly = await plan({ name: 'DST weekly', location_ids: [aisle], every_days: 7 });
    // 00:30 on Wednesday 25 March in Amsterdam (CET, UTC+1) is still Tuesday in UTC; summer time starts on the 29th.
    await countedAt(await countAt(aisle), '2026-03-24T23:30:00Z');
    const at = async (now: string) =>
      (await planStatus(t.database.db, a.companyId, new Date(now))).places.find(
        (p) => p.planId === weekly.id,
      );
    // 23:30 on Tuesday 31 March in Amsterdam (CEST, UTC+2): not yet due (a UTC day count would say due).
    expect(await at('2026-03-31T21:30:00Z')).toMatchObject({ dueOn: '2026-04-01', isDue: false });
    // 00:30 on Wednesday 1 April in Amsterdam: due today, not overdue.
    expect(await at('2026-03-31T22:30:00Z')).toMatchObject({
      dueOn: '2026-04-01',
      isDue: true,
      isOverdue: false,
    });
    expect(await at('2026-04-01T22:30:00Z')).toMatchObject({ isOverdue: true });
    await t.database.db.update(companies).set({ timeZone: 'UTC' }).where(eq(companies.id, a.companyId));
    await op('DELETE', `/api/count-plans/${weekly.id}`);
  });

  it('weekdays and a month day fall on the chosen days', async () => {
    const back = await addLocation(t, a.companyId, 'Rhythm Back');
    const mondays = await plan({ name: 'Mondays', location_ids: [back], weekdays: [1, 4] });
    const monthly = await plan({ name: 'Monthly', location_ids: [back], month_day: 15 });
    await countedAt(await countAt(back), '2026-06-01T10:00:00Z'); // a Monday
    const status = await planStatus(t.database.db, a.companyId, new Date('2026-06-02T10:00:00Z'));
    expect(status.places.find((p) => p.planId === mondays.id)?.dueOn).toBe('2026-06-04');
    expect(status.places.find((p) => p.planId === monthly.id)?.dueOn).toBe('2026-06-15');
    await op('DELETE', `/api/count-plans/${mondays.id}`);
    await op('DELETE', `/api/count-plans/${monthly.id}`);
  });

  it('a count started by hand satisfies the plan, a location includes its children, and coverage moves', async () => {
    const store = await addLocation(t, a.companyId, 'Cover Store');
    const shelf = await addLocation(t, a.companyId, 'Cover Shelf', store);
    const annex = await addLocation(t, a.companyId, 'Cover Annex');
    await addProducts(t, a.companyId, [
      { sku: 'COVA', quantity: 30, locationId: shelf },
      { sku: 'COVB', quantity: 10, locationId: annex },
    ]);
    const daily = await plan({
      name: 'Cover daily',
      location_ids: [store, annex],
      every_days: 1,
      assignee_user_id: a.admin.userId,
    });
    const before = await due();
    const mine = before.data.filter((d) => d.plan_id === daily.id);
    expect(mine.map((d) => d.name)).toEqual(['Cover Annex', 'Cover Store']);
    expect(mine.every((d) => d.due_on === before.today && !d.overdue && d.last_counted_at === null)).toBe(
      true,
    );
    // The admin is the plan's person: theirs come first.
    expect((await due(a.admin.token)).data[0]).toMatchObject({ plan_id: daily.id, is_mine: true });

    // A count of the shelf alone does not count the whole store; a count of the store does (and its shelf).
    await countAt(shelf);
    expect((await due()).data.some((d) => d.location_id === store)).toBe(true);
    await countAt(store);
    const after = await due();
    expect(after.data.filter((d) => d.plan_id === daily.id).map((d) => d.location_id)).toEqual([annex]);
    expect(after.coverage.locations).toBeGreaterThan(before.coverage.locations);
    expect(after.coverage.units).toBeGreaterThan(before.coverage.units);
    await op('DELETE', `/api/count-plans/${daily.id}`);
  });

  it('a count started from a plan records it; another company’s plan is not found', async () => {
    const spot = await addLocation(t, a.companyId, 'Planned Spot');
    const p = await plan({ name: 'Spot', location_ids: [spot], every_days: 3 });
    const id = await countAt(spot, p.id);
    const [row] = await t.database.db
      .select({ planId: audits.planId })
      .from(audits)
      .where(and(eq(audits.companyId, a.companyId), eq(audits.id, id)));
    expect(row?.planId).toBe(p.id);
    const b = await createTenant(t, 'Other Cycle Co');
    const theirs = await plan(
      { name: 'Theirs', location_ids: [await addLocation(t, b.companyId, 'B')], every_days: 1 },
      b,
    );
    const reader = await pairReader(t, a);
    const refused = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      location_id: spot,
      plan_id: theirs.id,
    });
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Count plan not found']);
    await op('DELETE', `/api/count-plans/${p.id}`);
  });
});

describe('count.overdue', () => {
  it('is told once per place and due day, even by two sweeps at once', async () => {
    const c = await createTenant(t, 'Overdue Co');
    const aisle = await addLocation(t, c.companyId, 'Aisle 3');
    const p = await plan({ name: 'Aisles', location_ids: [aisle], every_days: 7, grace_days: 2 }, c);
    await madeAt(p.id, '2026-05-01T12:00:00Z');
    // Due on 1 May; overdue from 4 May (two days' grace).
    expect(await recordOverdueCounts(t.database.db, new Date('2026-05-03T12:00:00Z'))).toBe(0);
    await recordOverdueCounts(t.database.db, new Date('2026-05-04T12:00:00Z'));
    await recordOverdueCounts(t.database.db, new Date('2026-05-05T12:00:00Z'));
    await Promise.all([
      recordOverdueCounts(t.database.db, new Date('2026-05-06T12:00:00Z')),
      recordOverdueCounts(t.database.db, new Date('2026-05-06T12:00:00Z')),
    ]);
    const told = await overdueEvents(c.companyId);
    expect(told.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        plan_id: p.id,
        location_id: aisle,
        room: null,
        name: 'Aisle 3',
        due_on: '2026-05-01',
        last_counted_at: null,
      }),
    ]);
  });

  it('works for a Dutchie company: rooms are planned, a count of the room satisfies it', async () => {
    const d = await createTenant(t, 'Dutchie Cycle Co');
    await t.database.db
      .update(companies)
      .set({ inventoryType: 'dutchie' })
      .where(eq(companies.id, d.companyId));
    const locs = await as(d.operator.token, 'POST', '/api/count-plans', {
      name: 'Locations',
      location_ids: [1],
      every_days: 1,
      grace_days: 0,
      blind: false,
    });
    expect(locs.json().message).toBe(
      'location_ids are for a catalogue company; a Dutchie company plans rooms',
    );
    const p = await plan({ name: 'Vault weekly', rooms: ['Vault', 'Sales Floor'], every_days: 7 }, d);
    await madeAt(p.id, '2026-05-01T12:00:00Z');
    // A completed count of the vault (as the reader protocol leaves it), on 2 May.
    await t.database.db.insert(audits).values({
      companyId: d.companyId,
      clientAuditId: randomUUID(),
      name: 'Vault count',
      room: 'vault',
      status: 'completed',
      createdAt: new Date('2026-05-02T09:00:00Z'),
      completedAt: new Date('2026-05-02T10:00:00Z'),
    });
    const status = await planStatus(t.database.db, d.companyId, new Date('2026-05-03T12:00:00Z'));
    expect(status.places.map((x) => [x.room, x.dueOn, x.isDue])).toEqual([
      ['Vault', '2026-05-09', false],
      ['Sales Floor', '2026-05-01', true],
    ]);
    await recordOverdueCounts(t.database.db, new Date('2026-05-03T12:00:00Z'));
    expect((await overdueEvents(d.companyId)).map((e) => (e.payload as { room: string }).room)).toEqual([
      'Sales Floor',
    ]);
    const res = await as(d.operator.token, 'GET', '/api/counts/due');
    expect(res.json().data.map((x: { room: string }) => x.room)).toEqual(['Sales Floor', 'Vault']);
    // The rooms as the Plans tab lists them (a Dutchie store has no Locations page): both long overdue by now.
    const rooms = await as(d.operator.token, 'GET', '/api/count-plans/rooms');
    expect(rooms.json().data).toEqual([
      {
        room: 'Sales Floor',
        last_counted_at: null,
        next_due_on: '2026-05-01',
        due: true,
        overdue: true,
        plans: ['Vault weekly'],
      },
      {
        room: 'Vault',
        last_counted_at: '2026-05-02T10:00:00.000Z',
        next_due_on: '2026-05-09',
        due: true,
        overdue: true,
        plans: ['Vault weekly'],
      },
    ]);
    expect((await as(d.member.token, 'GET', '/api/count-plans/rooms')).statusCode).toBe(403);
  });
});

describe('a fixed reader’s planned count', () => {
  it('starts and finishes by itself, once, with two sweepers at once', async () => {
    const dock = await addLocation(t, a.companyId, 'Dock');
    const fixed = await op('POST', '/api/devices/fixed', { name: 'Dock door', serial_number: 'R700-PLAN-1' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const deviceId = fixed.json().device.id as number;
    const p = await plan({
      name: 'Dock nightly',
      location_ids: [dock],
      every_days: 1,
      device_id: deviceId,
      duration_minutes: 15,
    });
    const deps = t.app.ingest;
    const now = new Date();
    // Two instances' sweeps at the same moment: one count starts.
    const started = await Promise.all([
      startPlannedReaderCounts(deps, now),
      startPlannedReaderCounts(deps, now),
    ]);
    expect(started.reduce((x, y) => x + y, 0)).toBe(1);
    const runs = await t.database.db
      .select({ id: audits.id, status: audits.status, planId: audits.planId, deviceId: audits.deviceId })
      .from(audits)
      .where(and(eq(audits.companyId, a.companyId), eq(audits.planId, p.id)));
    expect(runs).toEqual([{ id: expect.any(Number), status: 'in_progress', planId: p.id, deviceId }]);
    // Another sweep the same day starts nothing more while it runs, nor after.
    expect(await startPlannedReaderCounts(deps, now)).toBe(0);
    // Its 15 minutes have passed: both sweepers finish it, once.
    await t.database.db
      .update(audits)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(and(eq(audits.companyId, a.companyId), eq(audits.id, runs[0]?.id as number)));
    const finished = await Promise.all([finishDueAudits(deps, null), finishDueAudits(deps, null)]);
    expect(finished.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await due()).data.some((d) => d.plan_id === p.id)).toBe(false);
    expect(await startPlannedReaderCounts(deps, now)).toBe(0);
    await op('DELETE', `/api/count-plans/${p.id}`);
  });
});
