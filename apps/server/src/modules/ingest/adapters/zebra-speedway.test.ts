import {
  API_MESSAGES,
  IMPINJ_MESSAGES,
  FIXED_INTERFACE_MESSAGES as M,
  type TAudit,
  type TDevice,
  type TFixedReaderCreated,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories.ts';
import { addLocation, addProducts, tidFor, uniqueSerial } from '../../../test/readers.ts';
import { createTenant, type Tenant } from '../../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Zebra's IoT Connector and Impinj's Speedway Connect: bodies shaped as the readers send them (see
// docs/zebra-iot-connector.md and docs/speedway-connect.md for the published formats), through the same fixed-reader
// set-up, counts and finish as the R700's (impinj.test.ts covers what the three share in depth).

let t: TestApp;
let tenant: Tenant;
let storeId: number;
let epcs: Record<string, string>;

const ZEBRA = '/api/rfid/zebra/events';
const SPEEDWAY = '/api/rfid/speedway/events';
const basic = (w: TFixedReaderCreated['webhook']) => ({
  authorization: `Basic ${Buffer.from(`${w.username}:${w.password}`).toString('base64')}`,
});
const as = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const post = (url: string, webhook: TFixedReaderCreated['webhook'], body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...basic(webhook), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

let eventNum = 1000;
/** A Zebra INVENTORY-mode tag event as the IoT Connector posts it (with fields Quantics does not read). */
const zebraTag = (epc: string, tid: string | null, extra: Record<string, unknown> = {}) => ({
  data: {
    eventNum: eventNum++,
    format: 'epc',
    idHex: epc.toLowerCase(),
    antenna: 2,
    peakRssi: -56,
    reads: 3,
    channel: 915.25,
    phase: 11.2,
    ...(tid ? { TID: tid } : {}),
    ...extra,
  },
  timestamp: '2026-09-07T12:50:55.513+0000',
  type: 'INVENTORY',
});
/** A SIMPLE-mode event: only eventNum, format and idHex. */
const zebraSimple = (epc: string) => ({
  data: { eventNum: eventNum++, format: 'epc', idHex: epc },
  timestamp: '2026-09-07T12:50:56.001+0000',
  type: 'SIMPLE',
});
const zebraHeartbeat = {
  component: 'CPU',
  data: {
    radioConnection: 'connected',
    temperature: 41,
    uptime: '1 days 02:03:04',
    cpu: { system: 12, user: 20 },
  },
  timestamp: '2026-09-07T12:51:00.000+0000',
  type: 'HEARTBEAT',
};
const zebraGpi = { data: { pin: 1, state: 'HIGH' }, timestamp: '2026-09-07T12:51:01.000+0000', type: 'GPI' };

/** A Speedway Connect tag read in inventory mode (JSON output). */
const speedwayTag = (
  epc: string,
  tid: string | null,
  firstSeen: string | number = '2018-06-14T00:15:54.36879Z',
) => ({
  antennaPort: 7,
  epc,
  ...(tid ? { tid } : {}),
  firstSeenTimestamp: firstSeen,
  peakRssi: -51,
  isHeartBeat: false,
});
const speedwayHeartbeat = {
  isHeartBeat: true,
  reader_name: 'SpeedwayR-12-34-56',
  mac_address: '00:16:25:12:34:56',
  hostname: 'speedwayr-12-34-56',
};

async function addFixed(body: Record<string, unknown>) {
  const res = await as(tenant.operator.token, '/api/devices/fixed', {
    name: 'Dock door',
    serial_number: uniqueSerial('FX'),
    location_id: storeId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TFixedReaderCreated;
}
const startCount = async (deviceId: number) => {
  const res = await as(tenant.operator.token, `/api/devices/${deviceId}/counts`, {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json().audit_id as number;
};
async function stored(auditId: number) {
  const r = await t.database.db.execute<{ batches: number; reads: number }>(
    sql`select (select count(*)::int from audit_batches where audit_id = ${auditId}) as batches,
      (select count(*)::int from audit_reads where audit_id = ${auditId}) as reads`,
  );
  return r.rows[0];
}
const readsOf = async (auditId: number) =>
  (
    await t.database.db.execute<{
      epc: string;
      tid: string | null;
      rssi: number | null;
      count: number;
      seen_at: Date;
    }>(
      sql`select upper(encode(epc, 'hex')) as epc, upper(encode(tid, 'hex')) as tid, rssi, count, seen_at
        from audit_reads where audit_id = ${auditId} order by batch_seq, ordinal`,
    )
  ).rows.map((r) => [
    r.epc,
    r.tid,
    r.rssi === null ? null : Number(r.rssi),
    r.count,
    new Date(r.seen_at).toISOString(),
  ]);
const deviceOf = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/devices/${id}`, headers: bearer(tenant.admin.token) })
  ).json() as TDevice;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  tenant = await createTenant(t, 'Zebra Co');
  storeId = await addLocation(t, tenant.companyId, 'Store');
  const products = await addProducts(t, tenant.companyId, [
    { sku: 'ZEB1', quantity: 2, locationId: storeId },
    { sku: 'ZEB2', quantity: 1, locationId: storeId },
  ]);
  epcs = Object.fromEntries(Object.entries(products).map(([sku, p]) => [sku, p.epc]));
});
afterAll(() => t.close());

describe('setting up a fixed reader: its interface', () => {
  it('follows the model when none is named, answers that interface’s URL, and the device list shows it', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ model: 'Zebra FX9600' }, 'zebra-iot-connector', ZEBRA],
      [{ model: 'fx7500' }, 'zebra-iot-connector', ZEBRA],
      [{ model: 'Zebra ATR7000' }, 'zebra-iot-connector', ZEBRA],
      [{ model: 'Zebra FXR90' }, 'zebra-iot-connector', ZEBRA],
      [{ model: 'Impinj Speedway R420' }, 'speedway-connect', SPEEDWAY],
      [{ model: 'R220' }, 'speedway-connect', SPEEDWAY],
      [{ model: 'Impinj xArray' }, 'speedway-connect', SPEEDWAY],
      [{ model: 'Impinj R700' }, 'impinj-iot', '/api/rfid/impinj/events'],
      [{}, 'impinj-iot', '/api/rfid/impinj/events'],
      // Named: it wins over the model (a Speedway running another way in, say).
      [{ model: 'Impinj Speedway R420', interface: 'zebra-iot-connector' }, 'zebra-iot-connector', ZEBRA],
      [{ model: 'Zebra FX9600', interface: 'impinj-iot' }, 'impinj-iot', '/api/rfid/impinj/events'],
    ];
    for (const [body, iface, path] of cases) {
      const created = await addFixed(body);
      expect(created.device.interface, JSON.stringify(body)).toBe(iface);
      expect(created.webhook).toEqual({
        url: `https://portal.example.com${path}`,
        username: created.device.serial_number,
        password: expect.stringMatching(/^\S{20,}$/),
      });
      // A new password answers the same interface's URL.
      const replaced = await as(tenant.operator.token, `/api/devices/${created.device.id}/webhook-password`);
      expect(replaced.json().webhook.url).toBe(`https://portal.example.com${path}`);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: bearer(tenant.admin.token),
    });
    const kinds = new Set((list.json() as TDevice[]).map((d) => `${d.kind}:${d.interface}`));
    expect(kinds).toEqual(
      new Set(['fixed:zebra-iot-connector', 'fixed:speedway-connect', 'fixed:impinj-iot']),
    );
  });

  it('refuses an interface it does not know, adding nothing', async () => {
    const serial = uniqueSerial('FX');
    for (const bad of ['zebra', 5, 'IMPINJ-IOT']) {
      const res = await as(tenant.operator.token, '/api/devices/fixed', {
        name: 'X',
        serial_number: serial,
        interface: bad,
      });
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        'interface must be one of impinj-iot, zebra-iot-connector, speedway-connect',
      ]);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: bearer(tenant.admin.token),
    });
    expect((list.json() as TDevice[]).map((d) => d.serial_number)).not.toContain(serial);
  });
});

describe.each([
  { name: 'Zebra IoT Connector', url: ZEBRA, model: 'Zebra FX9600', heartbeat: [zebraHeartbeat] },
  { name: 'Speedway Connect', url: SPEEDWAY, model: 'Impinj Speedway R420', heartbeat: speedwayHeartbeat },
])('$name: credentials, heartbeats, no count open', ({ url, model, heartbeat }) => {
  it('answers 401 with a Basic challenge to wrong credentials', async () => {
    const { webhook } = await addFixed({ model });
    const other = await addFixed({ model });
    for (const headers of [
      {},
      bearer(webhook.password),
      basic({ ...webhook, password: 'qdt_wrong' }),
      basic({ ...other.webhook, password: webhook.password }),
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: heartbeat as object });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="/);
      expect(res.json().message).toBe(IMPINJ_MESSAGES.credentialsRequired);
    }
  });

  it('a heartbeat keeps the reader online and stores nothing', async () => {
    const { webhook, device } = await addFixed({ model });
    expect(device.status).toBe('offline');
    const auditId = await startCount(device.id);
    expect((await post(url, webhook, heartbeat)).statusCode).toBe(204);
    expect((await deviceOf(device.id)).status).toBe('online');
    expect(await stored(auditId)).toEqual({ batches: 0, reads: 0 });
  });

  it('reads with no count open keep it online and are not stored', async () => {
    const { webhook, device } = await addFixed({ model });
    const before = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_reads`,
    );
    const body = url === ZEBRA ? [zebraTag(epcs.ZEB1 ?? '', null)] : [speedwayTag(epcs.ZEB1 ?? '', null)];
    expect((await post(url, webhook, body)).statusCode).toBe(204);
    const after = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_reads`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect((await deviceOf(device.id)).status).toBe('online');
  });
});

describe('Zebra IoT Connector: counting', () => {
  it('stores tag events of every operating mode, skips the rest, stores a retried post once, and reconciles', async () => {
    const { webhook, device } = await addFixed({ model: 'Zebra FX9600' });
    const auditId = await startCount(device.id);
    const zeb1 = epcs.ZEB1 ?? '';
    const zeb2 = epcs.ZEB2 ?? '';
    // A batch (reportingInterval) mixing INVENTORY tag events, a heartbeat and a GPI event.
    const batch = [
      zebraHeartbeat,
      zebraTag(zeb1, tidFor(zeb1, 0)),
      zebraGpi,
      // The second unit of ZEB1: same EPC, its own TID (lower case, as some firmware writes it, named tid).
      zebraTag(zeb1, null, { tid: tidFor(zeb1, 1).toLowerCase(), peakRssi: -61.5, reads: 1 }),
    ];
    expect((await post(ZEBRA, webhook, batch)).statusCode).toBe(204);
    // The reader did not get the answer: it posts the same batch again.
    expect((await post(ZEBRA, webhook, batch)).statusCode).toBe(204);
    // Batching off: one SIMPLE event alone, an object rather than an array, with a field nobody knows yet.
    expect((await post(ZEBRA, webhook, { ...zebraSimple(zeb2), newField: { x: 1 } })).statusCode).toBe(204);
    // Only non-tag events: a heartbeat post.
    expect((await post(ZEBRA, webhook, [zebraHeartbeat, zebraGpi])).statusCode).toBe(204);
    expect(await stored(auditId)).toEqual({ batches: 2, reads: 3 });
    expect(await readsOf(auditId)).toEqual([
      [zeb1, tidFor(zeb1, 0), -56, 3, '2026-09-07T12:50:55.513Z'],
      [zeb1, tidFor(zeb1, 1), -61.5, 1, '2026-09-07T12:50:55.513Z'],
      [zeb2, null, null, 1, '2026-09-07T12:50:56.001Z'],
    ]);
    const finish = await as(tenant.operator.token, `/api/devices/${device.id}/counts/finish`);
    expect(finish.statusCode).toBe(200);
    // Both units of ZEB1 counted (their TIDs differ), ZEB2 found: nothing missing.
    expect(finish.json() as TAudit).toMatchObject({
      status: 'completed',
      tags_expected: 3,
      tags_found: 3,
      discrepancies_count: 0,
      reads_count: 3,
      batch_count: 2,
    });
  });

  it('refuses malformed bodies with 400 and a message, storing nothing', async () => {
    const { webhook, device } = await addFixed({ model: 'Zebra FX7500' });
    const auditId = await startCount(device.id);
    const good = zebraTag(epcs.ZEB1 ?? '', null);
    const tag = (data: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
      ...good,
      data: { ...good.data, ...data },
      ...more,
    });
    const bad: [unknown, string][] = [
      ['"hello"', M.zebraNotEvents],
      ['null', M.zebraNotEvents],
      [[1], M.zebraEventNotObject],
      [[good, { data: {} }], M.zebraTypeRequired],
      [[{ type: 'INVENTORY', timestamp: good.timestamp }], M.zebraDataRequired],
      [[{ type: 'SIMPLE', data: 'x' }], M.zebraDataRequired],
      [[good, tag({ idHex: 'xyz' })], M.zebraIdHex],
      [[tag({ idHex: undefined })], M.zebraIdHex],
      [[tag({ format: 'tid' })], M.zebraFormat],
      [[tag({ TID: 'zz' })], M.zebraTid],
      [[tag({ peakRssi: 'loud' })], M.zebraRssi],
      [[tag({ peakRssi: 40 })], M.zebraRssi],
      [[tag({ antenna: -1 })], M.zebraAntenna],
      [[tag({ reads: 0 })], M.zebraReads],
      [[tag({}, { timestamp: 'yesterday' })], M.zebraTimestamp],
      [[tag({}, { timestamp: '2026-13-45T99:00:00.000+0000' })], M.zebraTimestamp],
      [Array.from({ length: 5001 }, () => good), M.tooManyEvents],
    ];
    for (const [body, message] of bad) {
      const res = await post(ZEBRA, webhook, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json().message, JSON.stringify(body).slice(0, 100)).toBe(message);
    }
    const broken = await post(ZEBRA, webhook, '[{"data": ');
    expect([broken.statusCode, broken.json().message]).toEqual([400, API_MESSAGES.bodyNotJson]);
    expect(await stored(auditId)).toEqual({ batches: 0, reads: 0 });
  });
});

describe('Speedway Connect: counting', () => {
  it('takes one tag, a list or tag_reads; microsecond or ISO times; a retry once; and reconciles', async () => {
    const { webhook, device } = await addFixed({ model: 'Impinj Speedway R420' });
    const auditId = await startCount(device.id);
    const zeb1 = epcs.ZEB1 ?? '';
    const zeb2 = epcs.ZEB2 ?? '';
    // One tag a post (Speedway Connect's default), firstSeenTimestamp in microseconds since 1970.
    const one = speedwayTag(zeb1.toLowerCase(), tidFor(zeb1, 0), 1_788_785_455_513_000);
    expect((await post(SPEEDWAY, webhook, one)).statusCode).toBe(204);
    expect((await post(SPEEDWAY, webhook, one)).statusCode).toBe(204);
    // A list, with a heartbeat in it and a tid left empty by a reader not asked for it.
    const list = [
      speedwayHeartbeat,
      speedwayTag(zeb1, tidFor(zeb1, 1)),
      { ...speedwayTag(zeb2, null), tid: '' },
    ];
    expect((await post(SPEEDWAY, webhook, list)).statusCode).toBe(204);
    // The envelope with the reader's name and MAC address, and a field nobody knows yet.
    const envelope = {
      reader_name: 'SpeedwayR-12-34-56',
      mac_address: '00:16:25:12:34:56',
      tag_reads: [{ ...speedwayTag(zeb2, tidFor(zeb2, 0), '1788785460000000'), phaseAngle: 1.2 }],
    };
    expect((await post(SPEEDWAY, webhook, envelope)).statusCode).toBe(204);
    expect((await post(SPEEDWAY, webhook, speedwayHeartbeat)).statusCode).toBe(204);
    expect(await stored(auditId)).toEqual({ batches: 3, reads: 4 });
    expect(await readsOf(auditId)).toEqual([
      [zeb1, tidFor(zeb1, 0), -51, 1, '2026-09-07T12:50:55.513Z'],
      [zeb1, tidFor(zeb1, 1), -51, 1, '2018-06-14T00:15:54.368Z'],
      [zeb2, null, -51, 1, '2018-06-14T00:15:54.368Z'],
      [zeb2, tidFor(zeb2, 0), -51, 1, '2026-09-07T12:51:00.000Z'],
    ]);
    const finish = await as(tenant.operator.token, `/api/devices/${device.id}/counts/finish`);
    expect(finish.json() as TAudit).toMatchObject({
      status: 'completed',
      tags_expected: 3,
      tags_found: 3,
      reads_count: 4,
      batch_count: 3,
    });
  });

  it('refuses malformed bodies with 400 and a message, storing nothing', async () => {
    const { webhook, device } = await addFixed({ model: 'Impinj xArray' });
    const auditId = await startCount(device.id);
    const good = speedwayTag(epcs.ZEB1 ?? '', null);
    const bad: [unknown, string][] = [
      ['"hello"', M.speedwayNotTags],
      ['null', M.speedwayNotTags],
      [[1], M.speedwayTagNotObject],
      [{ tag_reads: 'x' }, M.speedwayNotTags],
      [[good, { antennaPort: 1 }], M.speedwayEpc],
      [[{ ...good, epc: 'E2801160' }], M.speedwayEpc],
      [[{ ...good, isHeartBeat: 'no' }], 'isHeartBeat must be true or false'],
      [[{ ...good, tid: 'zz' }], M.speedwayTid],
      [[{ ...good, peakRssi: '-51' }], M.speedwayRssi],
      [[{ ...good, antennaPort: 1.5 }], M.speedwayAntenna],
      [[{ ...good, firstSeenTimestamp: 'yesterday' }], M.speedwayFirstSeen],
      [[{ ...good, firstSeenTimestamp: 12 }], M.speedwayFirstSeen],
      [{ tag_reads: Array.from({ length: 5001 }, () => good) }, M.tooManyEvents],
    ];
    for (const [body, message] of bad) {
      const res = await post(SPEEDWAY, webhook, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json().message, JSON.stringify(body).slice(0, 100)).toBe(message);
    }
    expect(await stored(auditId)).toEqual({ batches: 0, reads: 0 });
  });
});
