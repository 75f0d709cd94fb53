import { randomUUID } from 'node:crypto';
import {
  READER_MESSAGES,
  type TAudit,
  TEAM_COUNT_MESSAGES,
  type TFixedReaderCreated,
  type TOpenCountsResponse,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  completeShelfAudit,
  type PairedReader,
  pairReader,
  uniqueSerial,
} from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startPlannedReaderCounts } from '../count-plans/planned-readers.ts';

// One open count per reader (issue 49), held by the database on every way a count starts or a reader joins one.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let store: number;
let aisle: number;
let backroom: number;
let epc: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Open Co');
  b = await createTenant(t, 'Elsewhere Co');
  store = await addLocation(t, a.companyId, 'Store');
  aisle = await addLocation(t, a.companyId, 'Aisle', store);
  backroom = await addLocation(t, a.companyId, 'Backroom');
  epc = (await addProducts(t, a.companyId, [{ sku: 'OC1', quantity: 4, locationId: aisle }])).OC1?.epc ?? '';
});
afterAll(() => t.close());

type Answer = { statusCode: number; json: () => Record<string, unknown> };
const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const start = (r: PairedReader, body: object = {}) =>
  asReader(t, r.token, '/api/rfid/audits', { client_audit_id: randomUUID(), ...body });
const join = (r: PairedReader, id: number) => asReader(t, r.token, `/api/rfid/audits/${id}/join`, {});
const recount = (auditId: number, deviceId: number) =>
  call(a.operator.token, 'POST', `/api/audits/${auditId}/recount`, { device_id: deviceId });
const nameOf = async (id: number) =>
  ((await call(a.member.token, 'GET', `/api/audits/${id}`)).json() as TAudit).name;
const openOf = async (deviceId: number) =>
  (
    await t.database.db.execute<{ audit_id: number }>(
      sql`select audit_id from audit_participants where device_id = ${deviceId} and is_open`,
    )
  ).rows.map((r) => Number(r.audit_id));
async function addFixed(locationId: number) {
  const res = await call(a.admin.token, 'POST', '/api/devices/fixed', {
    name: `Fixed ${uniqueSerial('F')}`,
    serial_number: uniqueSerial('R700'),
    location_id: locationId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TFixedReaderCreated;
}
const post = (fixed: TFixedReaderCreated, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rfid/impinj/events',
    headers: {
      authorization: `Basic ${Buffer.from(`${fixed.webhook.username}:${fixed.webhook.password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify([
      {
        timestamp: `2025-03-15T10:00:0${n}Z`,
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: epc, tidHex: `E2801160600002000000A00${n}`, peakRssiCdbm: -5000 },
      },
    ]),
  });

/** Exactly one answer won (2xx); every other is 409 naming the winner's count. */
async function exactlyOneWins(answers: Answer[], winnerId: (won: Answer) => number) {
  const won = answers.filter((r) => r.statusCode < 300);
  expect(won, JSON.stringify(answers.map((r) => [r.statusCode, r.json()]))).toHaveLength(1);
  const id = winnerId(won[0] as Answer);
  const busy = { message: TEAM_COUNT_MESSAGES.readerBusy(await nameOf(id), id), open_audit_id: id };
  for (const r of answers.filter((x) => x.statusCode >= 300))
    expect([r.statusCode, r.json()]).toEqual([409, busy]);
  return id;
}

describe('one open count per reader', () => {
  it('a handheld: three starts, a join and a recount at once open exactly one, the others 409 naming it', async () => {
    const h = await pairReader(t, a);
    const other = (await start(await pairReader(t, a), { location_id: store, name: 'Other count' })).json()
      .audit_id;
    const shelf = await completeShelfAudit(t, a, 'Race shelf', 3, 1);
    const answers = await Promise.all([
      start(h, { name: 'Start 1' }),
      start(h, { name: 'Start 2' }),
      start(h, { name: 'Start 3' }),
      join(h, other),
      recount(shelf.id, h.deviceId),
    ]);
    const id = await exactlyOneWins(answers, (w) => Number(w.json().audit_id ?? w.json().id));
    expect(await openOf(h.deviceId)).toEqual([id]);
    const linked = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_discrepancies where audit_id = ${shelf.id} and recount_audit_id is not null`,
    );
    expect(linked.rows[0]?.n).toBe(answers[4]?.statusCode === 201 ? 1 : 0);
  });

  it('a fixed reader: two starts, a recount, being added to a count and its planned count at once open one', async () => {
    const fixed = await addFixed(aisle);
    const f = fixed.device.id;
    const other = (await start(await pairReader(t, a), { location_id: store, name: 'Store count' })).json()
      .audit_id;
    const shelf = await completeShelfAudit(t, a, 'Fixed race shelf', 3, 1);
    const plan = await call(a.operator.token, 'POST', '/api/count-plans', {
      name: 'Aisle nightly',
      location_ids: [aisle],
      every_days: 1,
      grace_days: 0,
      blind: false,
      device_id: f,
      duration_minutes: 15,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    // The planned sweep finds the reader busy (before or as it starts) and leaves it: it started none.
    const planned = startPlannedReaderCounts(t.app.ingest, new Date()).then(
      (n): Answer => ({ statusCode: n === 1 ? 201 : 409, json: () => ({}) }),
    );
    const answers = await Promise.all([
      call(a.operator.token, 'POST', `/api/devices/${f}/counts`, {}),
      call(a.operator.token, 'POST', `/api/devices/${f}/counts`, {}),
      recount(shelf.id, f),
      call(a.admin.token, 'POST', `/api/audits/${other}/participants`, { device_id: f }),
      planned,
    ]);
    const won = answers.filter((r) => r.statusCode < 300);
    expect(won).toHaveLength(1);
    const [open] = await openOf(f);
    expect(await openOf(f)).toHaveLength(1);
    // The planned sweep answers no body; the others' 409 names the count that holds the reader.
    await exactlyOneWins(
      answers.filter((r) => r !== answers[4] || r.statusCode < 300),
      () => open as number,
    );
    // A recount sent to the reader now is 409 too, and its lines stay unlinked.
    const again = await recount(shelf.id, f);
    expect([again.statusCode, again.json().open_audit_id]).toEqual([409, open]);
    await call(a.operator.token, 'DELETE', `/api/count-plans/${plan.json().id}`);
  });

  it('a count that timed out does not hold its reader: the next start closes it', async () => {
    const fixed = await addFixed(aisle);
    const first = (await call(a.operator.token, 'POST', `/api/devices/${fixed.device.id}/counts`, {})).json();
    await t.database.db.execute(
      sql`update audits set created_at = now() - interval '130 minutes' where id = ${first.audit_id}`,
    );
    const second = await call(a.operator.token, 'POST', `/api/devices/${fixed.device.id}/counts`, {});
    expect(second.statusCode, second.body).toBe(201);
    expect(await openOf(fixed.device.id)).toEqual([second.json().audit_id]);
  });
});

describe('a fixed reader added to a team count', () => {
  it('posts to the count it was added to, finishes its part, and the count completes with the last reader', async () => {
    const browser = await call(a.operator.token, 'POST', '/api/devices/browser', { name: 'Count screen' });
    const screen = { token: browser.json().device_token, deviceId: browser.json().device.id, serial: '' };
    const id = (await start(screen, { location_id: store, name: 'Store with the dock' })).json().audit_id;
    const fixed = await addFixed(aisle);
    const f = fixed.device.id;
    const added = await call(a.operator.token, 'POST', `/api/audits/${id}/participants`, { device_id: f });
    expect([
      added.statusCode,
      added.json().participants.map((p: { device_id: number }) => p.device_id),
    ]).toEqual([200, [screen.deviceId, f]]);
    expect(
      (await call(a.operator.token, 'POST', `/api/audits/${id}/participants`, { device_id: f })).json(),
    ).toEqual(added.json());
    for (const n of [0, 1]) expect((await post(fixed, n)).statusCode).toBe(204);
    const seqs = await t.database.db.execute<{ s: number }>(
      sql`select batch_seq as s from audit_batches where audit_id = ${id} order by 1`,
    );
    expect(seqs.rows.map((r) => Number(r.s))).toEqual([1_000_000, 1_000_001]);
    const part = await call(a.operator.token, 'POST', `/api/devices/${f}/counts/finish`);
    expect([part.statusCode, part.json().status]).toEqual([200, 'in_progress']);
    expect((await post(fixed, 2)).statusCode).toBe(204);
    expect(
      (
        await asReader(t, screen.token, `/api/rfid/audits/${id}/reads`, {
          batch_seq: 0,
          reads: [{ epc, tid: 'E2801160600002000000A009' }],
        })
      ).json(),
    ).toMatchObject({ accepted: 1 });
    const done = await asReader(t, screen.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
    expect(done.json()).toMatchObject({ status: 'completed', batch_count: 3, tags_found: 3 });
  });

  it('refuses handhelds, readers elsewhere, unknown devices, and people who did not start it', async () => {
    const id = (await start(await pairReader(t, a), { location_id: store })).json().audit_id;
    const add = (deviceId: number, token = a.admin.token) =>
      call(token, 'POST', `/api/audits/${id}/participants`, { device_id: deviceId });
    const handheld = await pairReader(t, a);
    expect((await add(handheld.deviceId)).json()).toEqual({ message: TEAM_COUNT_MESSAGES.notFixedReader });
    const elsewhere = await addFixed(backroom);
    expect((await add(elsewhere.device.id)).json()).toEqual({
      message: TEAM_COUNT_MESSAGES.notFixedReaderHere,
    });
    expect((await add(999_999)).statusCode).toBe(404);
    const here = await addFixed(aisle);
    const operator = await add(here.device.id, a.operator.token);
    expect([operator.statusCode, operator.json().message]).toEqual([403, TEAM_COUNT_MESSAGES.notStarter]);
    expect((await add(here.device.id, a.member.token)).statusCode).toBe(403);
    expect(
      (await call(a.admin.token, 'POST', '/api/audits/999999/participants', { device_id: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('joining: bad requests and other companies', () => {
  it('answers 404 for unknown and foreign counts, 409 for a completed one, 400 for a batch_seq too high', async () => {
    const h = await pairReader(t, a);
    expect((await join(h, 999_999)).json()).toEqual({ message: READER_MESSAGES.auditNotFound });
    const shelf = await completeShelfAudit(t, a, 'Done shelf', 1, 1);
    const closed = await join(h, shelf.id);
    expect([closed.statusCode, closed.json().message]).toEqual([409, TEAM_COUNT_MESSAGES.notInProgress]);
    const id = (await start(await pairReader(t, a), { name: 'A only' })).json().audit_id;
    const foreign = await pairReader(t, b);
    expect((await join(foreign, id)).statusCode).toBe(404);
    const list = await call(foreign.token, 'GET', '/api/rfid/audits/open');
    expect((list.json() as TOpenCountsResponse).data).toEqual([]);
    expect((await call(b.admin.token, 'GET', `/api/audits/${id}/progress`)).statusCode).toBe(404);
    expect((await call(b.admin.token, 'POST', `/api/audits/${id}/finish`)).statusCode).toBe(404);
    expect((await join(h, id)).json()).toMatchObject({ audit_id: id, seat: 1 });
    const tooHigh = await asReader(t, h.token, `/api/rfid/audits/${id}/reads`, {
      batch_seq: 1_000_000,
      reads: [],
    });
    expect([tooHigh.statusCode, tooHigh.json().message]).toEqual([400, 'batch_seq must be at most 999999']);
    expect((await call(a.member.token, 'GET', '/api/audits/999999/progress')).statusCode).toBe(404);
  });
});
