import { randomUUID } from 'node:crypto';
import {
  READER_MESSAGES,
  type TAudit,
  type TAuditProgress,
  type TDiscrepancy,
  TEAM_COUNT_MESSAGES,
  type TOpenCountsResponse,
} from '@quantics/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditBatches, products } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  type PairedReader,
  pairReader,
  tidFor,
} from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Team counts (issue 49): several readers count one audit, each numbering its own batches; one result.

let t: TestApp;
let a: Tenant;
let store: number;
let epc: Record<string, string>;
const GTIN = '09506000134352';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Team Co');
  store = await addLocation(t, a.companyId, 'Store');
  const aisle1 = await addLocation(t, a.companyId, 'Aisle 1', store);
  const aisle2 = await addLocation(t, a.companyId, 'Aisle 2', store);
  const backroom = await addLocation(t, a.companyId, 'Backroom');
  const made = await addProducts(t, a.companyId, [
    { sku: 'T1', quantity: 3, locationId: aisle1 },
    { sku: 'SER1', quantity: 2, locationId: aisle1 },
    { sku: 'T2', quantity: 2, locationId: aisle2 },
    { sku: 'BAR1', quantity: 5, locationId: aisle2 },
    { sku: 'T3', quantity: 1, locationId: backroom },
  ]);
  epc = Object.fromEntries(Object.entries(made).map(([sku, p]) => [sku, p.epc]));
  await t.database.db.update(products).set({ gtin: GTIN }).where(eq(products.sku, 'SER1'));
});
afterAll(() => t.close());

const tag = (sku: string, n: number) => ({ epc: epc[sku] as string, tid: tidFor(epc[sku] as string, n) });
const serial = (s: string) => ({ code: `]d201${GTIN}21${s}` });
const link = (s: string) => ({ code: `https://id.gs1.org/01/${GTIN}/21/${s}` });
const person = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const start = async (r: PairedReader, body: object = {}) => {
  const res = await asReader(t, r.token, '/api/rfid/audits', { client_audit_id: randomUUID(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().audit_id as number;
};
const join = (r: PairedReader, id: number) => asReader(t, r.token, `/api/rfid/audits/${id}/join`, {});
const send = async (r: PairedReader, id: number, seq: number, reads: object[]) => {
  const res = await asReader(t, r.token, `/api/rfid/audits/${id}/reads`, { batch_seq: seq, reads });
  return res;
};
const complete = (r: PairedReader, id: number, n: number) =>
  asReader(t, r.token, `/api/rfid/audits/${id}/complete`, { batch_count: n });
const progress = async (id: number) =>
  (await person(a.member.token, 'GET', `/api/audits/${id}/progress`)).json() as TAuditProgress;
const seqs = async (id: number) =>
  (
    await t.database.db
      .select({ s: auditBatches.batchSeq })
      .from(auditBatches)
      .where(eq(auditBatches.auditId, id))
      .orderBy(auditBatches.batchSeq)
  ).map((r) => r.s);

describe('two handhelds count one store', () => {
  it('join, each numbers its batches from 0, overlapping tags count once, and the last one completes it', async () => {
    const [h1, h2] = [await pairReader(t, a), await pairReader(t, a)] as [PairedReader, PairedReader];
    const id = await start(h1, { location_id: store, name: 'Store team' });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/rfid/audits/open', headers: bearer(h2.token) })
    ).json() as TOpenCountsResponse;
    expect(listed.data.find((c) => c.id === id)).toMatchObject({
      name: 'Store team',
      place: 'Store',
      location_id: store,
      participants: [{ device_id: h1.deviceId, finished: false }],
    });
    const joined = await join(h2, id);
    expect([joined.statusCode, joined.json()]).toEqual([
      200,
      { audit_id: id, status: 'in_progress', seat: 1, next_batch_seq: 0 },
    ]);
    expect((await join(h2, id)).json()).toEqual(joined.json());
    // A reader that joined reads the count's sheet as its starter does (the Count screen names what it reads by it);
    // a reader not in the count does not.
    const sheetOf = (r: PairedReader) =>
      t.app.inject({
        method: 'GET',
        url: `/api/rfid/audits/${id}/sheet?items=none`,
        headers: bearer(r.token),
      });
    expect([(await sheetOf(h2)).statusCode, (await sheetOf(h2)).json().tags_expected]).toEqual([200, 12]);
    expect((await sheetOf(await pairReader(t, a))).statusCode).toBe(404);
    expect((await join(h1, id)).json()).toEqual({
      audit_id: id,
      status: 'in_progress',
      seat: 0,
      next_batch_seq: 0,
    });

    expect((await send(h1, id, 0, [tag('T1', 0), tag('T1', 1)])).json()).toEqual({
      batch_seq: 0,
      accepted: 2,
      duplicate: false,
    });
    await send(h1, id, 1, [tag('T2', 0), { code: 'bar1', quantity: 2 }, serial('S1'), tag('T3', 0)]);
    // The same numbers from the second reader are its own batches, not duplicates of the first's.
    expect((await send(h2, id, 0, [tag('T1', 1), tag('T1', 2), tag('T3', 0)])).json()).toEqual({
      batch_seq: 0,
      accepted: 3,
      duplicate: false,
    });
    await send(h2, id, 1, [tag('T2', 0), { code: 'BAR1' }, link('S1'), link('S2')]);
    expect((await send(h2, id, 1, [])).json()).toMatchObject({ batch_seq: 1, accepted: 4, duplicate: true });
    expect(await seqs(id)).toEqual([0, 1, 1_000_000, 1_000_001]);
    // A reader that lost what it kept goes on numbering from its join's answer.
    expect((await join(h2, id)).json()).toMatchObject({ seat: 1, next_batch_seq: 2 });
    expect((await join(h1, id)).json()).toMatchObject({ seat: 0, next_batch_seq: 2 });

    const live = await progress(id);
    // T1 3 (TIDs 0, 1, 2), SER1 2 (serials S1, S2), T2 1, BAR1 2 + 1 (plain scans add up) of 3 + 2 + 2 + 5.
    expect(live).toMatchObject({ status: 'in_progress', units_found: 9, units_expected: 12 });
    expect(live.places).toEqual([
      { location_id: store, name: 'Store', expected: 0, found: 0 },
      { location_id: expect.any(Number), name: 'Aisle 1', expected: 5, found: 5 },
      { location_id: expect.any(Number), name: 'Aisle 2', expected: 7, found: 4 },
    ]);
    expect(live.participants).toEqual([
      expect.objectContaining({ device_id: h1.deviceId, reads: 6, units: 7, finished: false }),
      expect.objectContaining({ device_id: h2.deviceId, reads: 7, units: 7, finished: false }),
    ]);
    expect(live.participants[0]?.last_read_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // The first reader finishes its part: the count goes on, and the reader is free for another count.
    const part = await complete(h1, id, 2);
    expect([part.statusCode, part.json().status]).toEqual([200, 'in_progress']);
    const next = await start(h1);
    expect((await complete(h1, next, 0)).json().status).toBe('completed');
    const late = await send(h1, id, 2, [tag('T2', 1)]);
    expect([late.statusCode, late.json().message]).toEqual([409, TEAM_COUNT_MESSAGES.partFinished]);
    expect((await progress(id)).participants.map((p) => p.finished)).toEqual([true, false]);

    const missing = await complete(h2, id, 3);
    expect([missing.statusCode, missing.json()]).toEqual([
      409,
      { message: READER_MESSAGES.missingBatches, missing_batch_seqs: [2] },
    ]);
    await send(h2, id, 2, []);
    const done = (await complete(h2, id, 3)).json() as TAudit;
    expect(done).toMatchObject({
      status: 'completed',
      tags_expected: 12,
      tags_found: 9,
      discrepancies_count: 3,
      misplaced_count: 1,
      batch_count: 5,
      reads_count: 13,
    });
    const rows = (
      await person(a.member.token, 'GET', `/api/audits/${id}/discrepancies`)
    ).json() as TDiscrepancy[];
    expect(
      rows.map((r) => [r.product_sku, r.discrepancy_type, r.expected_quantity, r.found_quantity]),
    ).toEqual([
      ['BAR1', 'shortage', 5, 3],
      ['T2', 'shortage', 2, 1],
      // Read by both readers, kept in the back room: misplaced once, one unit.
      ['T3', 'misplaced', 0, 1],
    ]);
    expect(await progress(id)).toMatchObject({
      status: 'completed',
      units_found: 9,
      units_expected: 12,
      participants: [{ finished: true }, { finished: true }],
    });
    expect((await complete(h2, id, 3)).json()).toEqual(done);
  });
});

describe('finishing for everyone', () => {
  it('by an admin: batches already sent count, later ones are 409, a resent one is still answered', async () => {
    const [h1, h2] = [await pairReader(t, a), await pairReader(t, a)] as [PairedReader, PairedReader];
    const id = await start(h1, { location_id: store });
    await join(h2, id);
    await send(h1, id, 0, [tag('T1', 0)]);
    await send(h2, id, 0, [tag('T1', 1)]);
    // A reader alone started it: only an admin may finish it for everyone; members may not at all.
    const operator = await person(a.operator.token, 'POST', `/api/audits/${id}/finish`);
    expect([operator.statusCode, operator.json().message]).toEqual([403, TEAM_COUNT_MESSAGES.notStarter]);
    expect((await person(a.member.token, 'POST', `/api/audits/${id}/finish`)).statusCode).toBe(403);
    const [x, y] = await Promise.all([
      person(a.admin.token, 'POST', `/api/audits/${id}/finish`),
      person(a.admin.token, 'POST', `/api/audits/${id}/finish`),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json()).toMatchObject({ status: 'completed', tags_found: 2, batch_count: 2 });
    const late = await send(h2, id, 1, [tag('T1', 2)]);
    expect([late.statusCode, late.json().message]).toEqual([409, READER_MESSAGES.auditCompleted]);
    expect((await send(h2, id, 0, [])).json()).toEqual({ batch_seq: 0, accepted: 1, duplicate: true });
    expect((await complete(h2, id, 1)).json()).toMatchObject({ id, status: 'completed', tags_found: 2 });
    // Both readers are free again.
    expect((await complete(h2, await start(h2), 0)).statusCode).toBe(200);
  });

  it('by the person who started it on their Count screen', async () => {
    const browser = await person(a.operator.token, 'POST', '/api/devices/browser', { name: 'Op MC3300' });
    const screen = { token: browser.json().device_token, deviceId: browser.json().device.id, serial: '' };
    const id = await start(screen, { location_id: store });
    await send(screen, id, 0, [tag('T2', 0), tag('T2', 1)]);
    const done = await person(a.operator.token, 'POST', `/api/audits/${id}/finish`);
    expect([done.statusCode, done.json()]).toMatchObject([200, { status: 'completed', tags_found: 2 }]);
  });
});

describe('a handheld that was offline', () => {
  it('sends its batches when back and they count while the count is open; the time-out is the whole count’s', async () => {
    const [h1, h2] = [await pairReader(t, a), await pairReader(t, a)] as [PairedReader, PairedReader];
    const id = await start(h1, { location_id: store });
    await join(h2, id);
    await send(h1, id, 0, [tag('T1', 0)]);
    expect((await complete(h1, id, 1)).json().status).toBe('in_progress');
    // 100 minutes without a batch from anyone: still open (the time-out is 120).
    await t.database.db.execute(
      sql`update audits set created_at = now() - interval '110 minutes' where id = ${id}`,
    );
    await t.database.db.execute(
      sql`update audit_batches set received_at = now() - interval '100 minutes' where audit_id = ${id}`,
    );
    for (const n of [0, 1]) expect((await send(h2, id, n, [tag('T1', n + 1)])).statusCode).toBe(200);
    expect((await complete(h2, id, 2)).json()).toMatchObject({ status: 'completed', tags_found: 3 });
  });

  it('finds the count failed when nobody sent anything for the time-out', async () => {
    const [h1, h2] = [await pairReader(t, a), await pairReader(t, a)] as [PairedReader, PairedReader];
    const id = await start(h1);
    await join(h2, id);
    await send(h1, id, 0, [tag('T1', 0)]);
    await t.database.db.execute(
      sql`update audit_batches set received_at = now() - interval '121 minutes' where audit_id = ${id}`,
    );
    await t.database.db.execute(
      sql`update audits set created_at = now() - interval '130 minutes' where id = ${id}`,
    );
    const late = await send(h2, id, 0, [tag('T1', 1)]);
    expect([late.statusCode, late.json().message]).toEqual([409, READER_MESSAGES.auditFailed]);
    // Neither reader is held by it: both start again.
    for (const r of [h1, h2]) expect((await complete(r, await start(r), 0)).statusCode).toBe(200);
  });
});
