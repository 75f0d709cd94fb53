import {
  API_MESSAGES,
  DEVICE_MESSAGES,
  IMPINJ_MESSAGES,
  READER_MESSAGES,
  serialTakenMessage,
  type TAudit,
  TEAM_COUNT_MESSAGES,
  type TFixedReaderCreated,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories.ts';
import { addLocation, addProducts, pairReader, tidFor, uniqueSerial } from '../../../test/readers.ts';
import { createTenant, type Tenant } from '../../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { finishDueAudits } from '../webhook-batches.service.ts';

let t: TestApp;
let tenant: Tenant;
let storeId: number;
let backroomId: number;
let epcs: Record<string, string>;

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
const as = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const post = (webhook: TFixedReaderCreated['webhook'], body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rfid/impinj/events',
    headers: { ...basic(webhook.username, webhook.password), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** One R700 tagInventory event, as the reader sends it (with fields Quantics does not read). */
const tagEvent = (epc: string, tid: string, rssiCdbm = -5350, at = '2025-03-15T23:37:16.540604Z') => ({
  timestamp: at,
  hostname: 'impinj-14-2b-7c',
  eventType: 'tagInventory',
  tagInventoryEvent: {
    epcHex: epc.toLowerCase(),
    tidHex: tid,
    antennaPort: 1,
    antennaName: 'Antenna 1',
    peakRssiCdbm: rssiCdbm,
    frequency: 920250,
    transmitPowerCdbm: 3000,
    lastSeenTime: at,
    phaseAngle: 12.5,
  },
});
const otherEvent = {
  timestamp: '2025-03-15T23:37:17Z',
  hostname: 'impinj',
  eventType: 'inventoryStatus',
  inventoryStatusEvent: { status: 'running' },
};

async function addFixed(body: Record<string, unknown> = {}) {
  const res = await as(tenant.operator.token, '/api/devices/fixed', {
    name: 'Dock door 1',
    serial_number: uniqueSerial('R700'),
    model: 'Impinj R700',
    location_id: storeId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TFixedReaderCreated;
}
async function stored(auditId: number) {
  const r = await t.database.db.execute<{ batches: number; reads: number }>(
    sql`select (select count(*)::int from audit_batches where audit_id = ${auditId}) as batches,
      (select count(*)::int from audit_reads where audit_id = ${auditId}) as reads`,
  );
  return r.rows[0];
}
const allReads = async () =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_reads`)).rows[0]?.n,
  );
const getAudit = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/audits/${id}`, headers: bearer(tenant.member.token) })
  ).json() as TAudit;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  tenant = await createTenant(t, 'Fixed Co');
  storeId = await addLocation(t, tenant.companyId, 'Store');
  backroomId = await addLocation(t, tenant.companyId, 'Backroom');
  const products = await addProducts(t, tenant.companyId, [
    { sku: 'FIX1', quantity: 2, locationId: storeId },
    { sku: 'FIX2', quantity: 1, locationId: storeId },
    { sku: 'FIX3', quantity: 1, locationId: backroomId },
  ]);
  epcs = Object.fromEntries(Object.entries(products).map(([sku, p]) => [sku, p.epc]));
});
afterAll(() => t.close());

describe('adding a fixed reader', () => {
  it('answers the device and the webhook settings to type into the reader, once', async () => {
    const serial = uniqueSerial('R700');
    const res = await as(tenant.admin.token, '/api/devices/fixed', {
      name: 'Back door',
      serial_number: serial,
      model: 'Impinj R700',
      location_id: backroomId,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as TFixedReaderCreated;
    expect(created.device).toMatchObject({
      kind: 'fixed',
      serial_number: serial,
      location_id: backroomId,
      model: 'Impinj R700',
    });
    expect(created.device.battery_level).toBeNull();
    expect(created.webhook).toEqual({
      url: 'https://portal.example.com/api/rfid/impinj/events',
      username: serial,
      password: expect.stringMatching(/^qdt_/),
    });
    // Never shown again: the device list has no password.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: bearer(tenant.admin.token),
    });
    expect(list.body).not.toContain(created.webhook.password);
  });

  it('refuses a serial number the company has, an unknown location, and a room in a catalogue company', async () => {
    const first = await addFixed();
    const again = await as(tenant.operator.token, '/api/devices/fixed', {
      name: 'Twin',
      serial_number: first.device.serial_number,
    });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      serialTakenMessage(first.device.serial_number),
    ]);
    const nowhere = await as(tenant.operator.token, '/api/devices/fixed', {
      name: 'Lost',
      serial_number: uniqueSerial('R700'),
      location_id: 999_999,
    });
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([404, READER_MESSAGES.locationNotFound]);
    const room = await as(tenant.operator.token, '/api/devices/fixed', {
      name: 'Room',
      serial_number: uniqueSerial('R700'),
      room: 'Sales Floor',
    });
    expect([room.statusCode, room.json().message]).toEqual([400, READER_MESSAGES.roomIsForDutchie]);
  });
});

describe('the webhook: credentials', () => {
  it('answers 401 with a Basic challenge to anything but the serial number and its password', async () => {
    const { webhook } = await addFixed();
    const other = await addFixed();
    const handheld = await pairReader(t, tenant);
    const attempts = [
      {},
      bearer(webhook.password),
      basic(webhook.username, 'qdt_wrong'),
      basic(other.webhook.username, webhook.password),
      basic(webhook.username, ''),
      basic(handheld.serial, handheld.token),
      { authorization: 'Basic !!!' },
      { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
    ];
    for (const headers of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/rfid/impinj/events',
        headers,
        payload: [],
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="/);
      expect(res.json().message).toBe(IMPINJ_MESSAGES.credentialsRequired);
    }
    expect((await post(webhook, [])).statusCode).toBe(204);
  });

  it('a webhook password opens the webhook only, not the handheld reader protocol', async () => {
    const { webhook } = await addFixed();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rfid/heartbeat',
      headers: bearer(webhook.password),
      payload: { battery_level: 50, signal_strength: 3 },
    });
    expect([res.statusCode, res.json().message]).toEqual([401, READER_MESSAGES.deviceTokenRequired]);
  });

  it('a replaced password stops working at once; the new one works', async () => {
    const created = await addFixed();
    const res = await as(tenant.operator.token, `/api/devices/${created.device.id}/webhook-password`);
    expect(res.statusCode).toBe(200);
    const replaced = res.json() as TFixedReaderCreated;
    expect(replaced.webhook.password).not.toBe(created.webhook.password);
    expect(replaced.webhook.username).toBe(created.webhook.username);
    expect((await post(created.webhook, [])).statusCode).toBe(401);
    expect((await post(replaced.webhook, [])).statusCode).toBe(204);
  });

  it('a handheld has no webhook password to replace', async () => {
    const handheld = await pairReader(t, tenant);
    const res = await as(tenant.operator.token, `/api/devices/${handheld.deviceId}/webhook-password`);
    expect([res.statusCode, res.json().message]).toEqual([400, IMPINJ_MESSAGES.notFixedReader]);
  });
});

describe('the webhook: bodies', () => {
  it('[] is a heartbeat: the reader shows online, nothing is stored', async () => {
    const { webhook, device } = await addFixed();
    expect(device.status).toBe('offline');
    const before = await allReads();
    expect((await post(webhook, [])).statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/devices/${device.id}`,
      headers: bearer(tenant.admin.token),
    });
    expect(after.json()).toMatchObject({ status: 'online', battery_level: null });
    expect(await allReads()).toBe(before);
  });

  it('reads with no count open keep the reader online and are not stored', async () => {
    const { webhook, device } = await addFixed();
    const before = await allReads();
    const res = await post(webhook, [tagEvent(epcs.FIX1 ?? '', tidFor(epcs.FIX1 ?? '', 0))]);
    expect(res.statusCode).toBe(204);
    expect(await allReads()).toBe(before);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/devices/${device.id}`,
      headers: bearer(tenant.admin.token),
    });
    expect(after.json().status).toBe('online');
  });

  it('refuses malformed bodies with 400 and a message, storing nothing', async () => {
    const { webhook, device } = await addFixed();
    const start = await as(tenant.operator.token, `/api/devices/${device.id}/counts`, {});
    const auditId = start.json().audit_id as number;
    const good = tagEvent(epcs.FIX1 ?? '', tidFor(epcs.FIX1 ?? '', 0));
    const bad: [unknown, string][] = [
      [{}, IMPINJ_MESSAGES.notAList],
      [[1, 2], IMPINJ_MESSAGES.eventNotObject],
      [[{ hostname: 'x' }], IMPINJ_MESSAGES.eventTypeRequired],
      [[good, { eventType: 'tagInventory' }], IMPINJ_MESSAGES.tagInventoryRequired],
      [[good, { eventType: 'tagInventory', tagInventoryEvent: { epcHex: 'xyz' } }], IMPINJ_MESSAGES.epcHex],
      [
        [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: epcs.FIX1, tidHex: 'zz' } }],
        IMPINJ_MESSAGES.tidHex,
      ],
      [
        [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: epcs.FIX1, peakRssiCdbm: 'loud' } }],
        IMPINJ_MESSAGES.peakRssi,
      ],
      [
        [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: epcs.FIX1, lastSeenTime: 'now' } }],
        IMPINJ_MESSAGES.lastSeenTime,
      ],
      [Array.from({ length: 5001 }, () => good), IMPINJ_MESSAGES.tooManyEvents],
    ];
    for (const [body, message] of bad) {
      const res = await post(webhook, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/rfid/impinj/events',
      headers: { ...basic(webhook.username, webhook.password), 'content-type': 'application/json' },
      payload: '[{"eventType": ',
    });
    expect([broken.statusCode, broken.json().message]).toEqual([400, API_MESSAGES.bodyNotJson]);
    expect(await stored(auditId)).toEqual({ batches: 0, reads: 0 });
  });
});

describe('counts on a fixed reader', () => {
  it('stores tagInventory events as reads of the open count, ignores other events, and reconciles on finish', async () => {
    const { webhook, device } = await addFixed();
    const start = await as(tenant.operator.token, `/api/devices/${device.id}/counts`, { name: 'Dock count' });
    expect(start.statusCode).toBe(201);
    expect(start.json()).toEqual({ audit_id: expect.any(Number), status: 'in_progress' });
    const auditId = start.json().audit_id as number;
    const twice = await as(tenant.operator.token, `/api/devices/${device.id}/counts`, {});
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { message: TEAM_COUNT_MESSAGES.readerBusy('Dock count', auditId), open_audit_id: auditId },
    ]);

    const fix1 = epcs.FIX1 ?? '';
    const fix3 = epcs.FIX3 ?? '';
    expect((await post(webhook, [otherEvent, tagEvent(fix1, tidFor(fix1, 0), -5350)])).statusCode).toBe(204);
    expect((await post(webhook, [])).statusCode).toBe(204);
    expect((await post(webhook, [otherEvent])).statusCode).toBe(204);
    const second = [
      tagEvent(fix1, tidFor(fix1, 1), -6000, '2025-03-15T23:37:18Z'),
      tagEvent(fix3, tidFor(fix3, 0)),
    ];
    expect((await post(webhook, second)).statusCode).toBe(204);
    // The R700 resends a post whose answer it lost: stored once.
    expect((await post(webhook, second)).statusCode).toBe(204);
    expect(await stored(auditId)).toEqual({ batches: 2, reads: 3 });
    const reads = await t.database.db.execute<{ epc: string; rssi: number; batch_seq: number }>(
      sql`select upper(encode(epc, 'hex')) as epc, rssi, batch_seq from audit_reads where audit_id = ${auditId} order by batch_seq, ordinal`,
    );
    expect(reads.rows.map((r) => [r.epc, Number(r.rssi), r.batch_seq])).toEqual([
      [fix1, -53.5, 0],
      [fix1, -60, 1],
      [fix3, -53.5, 1],
    ]);
    const live = await getAudit(auditId);
    expect(live).toMatchObject({
      status: 'in_progress',
      reads_count: 3,
      started_by: 'Fixed Co Operator',
      location: 'Store',
    });

    const finish = await as(tenant.operator.token, `/api/devices/${device.id}/counts/finish`);
    expect(finish.statusCode).toBe(200);
    const done = finish.json() as TAudit;
    // Store expects FIX1 x2 (both found) and FIX2 x1 (short); FIX3 belongs in the backroom.
    expect(done).toMatchObject({
      id: auditId,
      status: 'completed',
      name: 'Dock count',
      tags_expected: 3,
      tags_found: 2,
      discrepancies_count: 1,
      misplaced_count: 1,
      reads_count: 3,
      batch_count: 2,
      audit_type: 'Fixed reader',
    });
    // Finished: the next count can start, reads after finishing are not stored in the old one.
    const refinish = await as(tenant.operator.token, `/api/devices/${device.id}/counts/finish`);
    expect([refinish.statusCode, refinish.json().message]).toEqual([409, IMPINJ_MESSAGES.noCountOpen]);
    expect((await post(webhook, [tagEvent(fix1, tidFor(fix1, 5))])).statusCode).toBe(204);
    expect(await stored(auditId)).toEqual({ batches: 2, reads: 3 });
  });

  it('the same post many times at once is stored once; different posts at once get batches 0..n-1', async () => {
    const { webhook, device } = await addFixed();
    const auditId = (await as(tenant.operator.token, `/api/devices/${device.id}/counts`, {})).json().audit_id;
    const fix2 = epcs.FIX2 ?? '';
    const same = [tagEvent(fix2, tidFor(fix2, 0))];
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(webhook, same)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(204));
    expect(await stored(auditId)).toEqual({ batches: 1, reads: 1 });

    const distinct = Array.from({ length: 8 }, (_, i) => [
      tagEvent(fix2, tidFor(fix2, i + 1), -5000, `2025-03-16T10:00:0${i}Z`),
    ]);
    await Promise.all([...distinct, ...distinct].map((body) => post(webhook, body)));
    expect(await stored(auditId)).toEqual({ batches: 9, reads: 9 });
    const seqs = await t.database.db.execute<{ s: number }>(
      sql`select batch_seq as s from audit_batches where audit_id = ${auditId} order by 1`,
    );
    expect(seqs.rows.map((r) => r.s)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await as(tenant.operator.token, `/api/devices/${device.id}/counts/finish`)).json()).toMatchObject(
      {
        status: 'completed',
        reads_count: 9,
      },
    );
  });

  it('two starts at once open one count', async () => {
    const { device } = await addFixed();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => as(tenant.operator.token, `/api/devices/${device.id}/counts`, {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const open = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audits where device_id = ${device.id} and status = 'in_progress'`,
    );
    expect(open.rows[0]?.n).toBe(1);
  });

  it('counts at another location than home, and refuses unknown places and handhelds', async () => {
    const { device } = await addFixed();
    const elsewhere = await as(tenant.operator.token, `/api/devices/${device.id}/counts`, {
      location_id: backroomId,
    });
    expect(elsewhere.statusCode).toBe(201);
    expect((await getAudit(elsewhere.json().audit_id)).location).toBe('Backroom');
    const other = await addFixed();
    const unknown = await as(tenant.operator.token, `/api/devices/${other.device.id}/counts`, {
      location_id: 999_999,
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, READER_MESSAGES.locationNotFound]);
    const handheld = await pairReader(t, tenant);
    const res = await as(tenant.operator.token, `/api/devices/${handheld.deviceId}/counts`, {});
    expect([res.statusCode, res.json().message]).toEqual([400, IMPINJ_MESSAGES.notFixedReader]);
    const nodevice = await as(tenant.operator.token, '/api/devices/999999/counts', {});
    expect([nodevice.statusCode, nodevice.json().message]).toEqual([404, DEVICE_MESSAGES.notFound]);
  });
});

describe('timed counts finish themselves', () => {
  const due = (auditId: number) =>
    t.database.db.execute(sql`update audits set ends_at = now() - interval '1 second' where id = ${auditId}`);
  const fix1 = () => epcs.FIX1 ?? '';

  async function timedCount() {
    const fixed = await addFixed();
    const start = await as(tenant.operator.token, `/api/devices/${fixed.device.id}/counts`, {
      duration_minutes: 30,
    });
    expect(start.statusCode).toBe(201);
    const auditId = start.json().audit_id as number;
    const audit = await getAudit(auditId);
    expect(Date.parse(audit.ends_at ?? '') - Date.parse(audit.created_at)).toBe(30 * 60_000);
    expect((await post(fixed.webhook, [tagEvent(fix1(), tidFor(fix1(), 0))])).statusCode).toBe(204);
    return { ...fixed, auditId };
  }

  it('on the next webhook post after the end, which is not stored', async () => {
    const { webhook, auditId } = await timedCount();
    await due(auditId);
    expect((await post(webhook, [tagEvent(fix1(), tidFor(fix1(), 1))])).statusCode).toBe(204);
    expect(await getAudit(auditId)).toMatchObject({ status: 'completed', reads_count: 1 });
  });

  it('on the next read of the devices list', async () => {
    const { auditId } = await timedCount();
    await due(auditId);
    await t.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(tenant.operator.token) });
    expect(await getAudit(auditId)).toMatchObject({ status: 'completed', reads_count: 1 });
  });

  it('by the background sweep, once however many run at once', async () => {
    const { auditId } = await timedCount();
    await due(auditId);
    const deps = t.app.ingest;
    const finished = await Promise.all([finishDueAudits(deps, null), finishDueAudits(deps, null)]);
    // Only this count was due: the sweeps together finish it exactly once.
    expect(finished.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await getAudit(auditId)).toMatchObject({ status: 'completed', reads_count: 1 });
    const log = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from activity_log where action = 'audit.complete' and (metadata->>'auditId')::int = ${auditId}`,
    );
    expect(log.rows[0]?.n).toBe(1);
  });
});
