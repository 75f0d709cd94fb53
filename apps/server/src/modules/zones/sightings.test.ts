import { sgtin96, type TFixedReaderCreated, type TWhereResponse, ZONE_MESSAGES } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bearer } from '../../test/factories.ts';
import { addLocation, completeShelfAudit, uniqueSerial } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { forgetSightingsBefore, SightingsWriter } from './sightings.service.ts';

// Antennas mapped to places, where each tag was last seen (every fixed reader's post, a count open or not, and
// every count's keep) and "where is it" (issue 52).

let t: TestApp;
let a: Tenant;
let other: Tenant;
let store: number;
let floor: number;
let back: number;

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const basic = (w: TFixedReaderCreated['webhook']) => ({
  authorization: `Basic ${Buffer.from(`${w.username}:${w.password}`).toString('base64')}`,
  'content-type': 'application/json',
});
const post = (url: string, w: TFixedReaderCreated['webhook'], body: unknown) =>
  t.app.inject({ method: 'POST', url, headers: basic(w), payload: JSON.stringify(body) });

async function addFixed(iface: string): Promise<TFixedReaderCreated> {
  const res = await call(a.operator.token, 'POST', '/api/devices/fixed', {
    name: `Reader ${iface}`,
    serial_number: uniqueSerial('FX'),
    location_id: store,
    interface: iface,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A product with a GTIN (GS1's example) and its tags' SGTIN-96 EPCs: serials 1, 2, 3... */
const GTIN = '80614141123458';
const sgtin = (serial: number) => sgtin96(GTIN, serial, 7);
const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

/** The sightings table once this app's writer has written what it holds (it writes after the answer). */
const sightings = async () => {
  await t.app.ingest.sightings?.flush();
  return (
    await t.app.db.execute<{
      epc: string;
      tid: string;
      location_id: number | null;
      device_id: number | null;
      antenna: number | null;
      rssi: number | null;
      gtin: string | null;
    }>(sql`select upper(encode(epc, 'hex')) as epc, upper(encode(tid, 'hex')) as tid, location_id, device_id,
      antenna, rssi, gtin from tag_sightings where company_id = ${a.companyId} order by epc, tid`)
  ).rows;
};
const sightingOf = async (epc: string) => (await sightings()).filter((s) => s.epc === epc);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Zones Co');
  other = await createTenant(t, 'Other Zones Co');
  store = await addLocation(t, a.companyId, 'Alpine Store');
  floor = await addLocation(t, a.companyId, 'Sales floor', store);
  back = await addLocation(t, a.companyId, 'Backroom', store);
  const res = await call(a.operator.token, 'POST', '/api/inventory', {
    name: 'Alpine tent 2P',
    sku: 'TENT2P',
    gtin: GTIN,
    location_id: floor,
    stock: [
      { location_id: floor, quantity: 2 },
      { location_id: back, quantity: 5 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

describe('antennas (issue 52)', () => {
  it('maps a fixed reader antennas to places, and refuses a bad map changing nothing', async () => {
    const r700 = await addFixed('impinj-iot');
    const id = r700.device.id;
    const url = `/api/devices/${id}/antennas`;
    expect((await call(a.operator.token, 'GET', url)).json()).toEqual({ antennas: [] });
    const ok = await call(a.operator.token, 'PUT', url, {
      antennas: [
        { port: 1, location_id: floor, name: 'Front door' },
        { port: 2, location_id: back },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().antennas).toEqual([
      { port: 1, location_id: floor, location: 'Alpine Store > Sales floor', name: 'Front door' },
      { port: 2, location_id: back, location: 'Alpine Store > Backroom', name: null },
    ]);
    const bad = [
      [
        {
          antennas: [
            { port: 1, location_id: floor },
            { port: 1, location_id: back },
          ],
        },
        'Antenna 1 is named twice',
      ],
      [{ antennas: [{ port: -1, location_id: floor }] }, ZONE_MESSAGES.antennaPort],
      [{ antennas: [{ port: 3, location_id: 'x' }] }, ZONE_MESSAGES.antennaLocation],
      [{ antennas: [{ port: 3, location_id: 999999 }] }, ZONE_MESSAGES.antennaLocationNotFound],
      [{}, ZONE_MESSAGES.antennasList],
    ] as const;
    for (const [body, message] of bad) {
      const res = await call(a.operator.token, 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // Another company's place is no place of this company.
    const theirs = await addLocation(t, other.companyId, 'Their shelf');
    const foreign = await call(a.operator.token, 'PUT', url, {
      antennas: [{ port: 3, location_id: theirs }],
    });
    expect(foreign.statusCode).toBe(400);
    expect((await call(a.member.token, 'PUT', url, { antennas: [] })).statusCode).toBe(403);
    expect(
      (await call(a.operator.token, 'PUT', '/api/devices/999999/antennas', { antennas: [] })).statusCode,
    ).toBe(404);
    expect((await call(other.operator.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(a.operator.token, 'GET', url)).json().antennas).toHaveLength(2);
  });

  it('refuses antennas on a handheld', async () => {
    const res = await call(a.operator.token, 'POST', '/api/devices', {
      name: 'Handheld',
      serial_number: uniqueSerial('HH'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const put = await call(a.operator.token, 'PUT', `/api/devices/${res.json().id}/antennas`, {
      antennas: [],
    });
    expect([put.statusCode, put.json().message]).toEqual([400, ZONE_MESSAGES.notFixed]);
  });
});

describe('sightings (issue 52)', () => {
  it('records every fixed reader post with no count open, at the mapped antenna place, else the reader home', async () => {
    const r700 = await addFixed('impinj-iot');
    await call(a.operator.token, 'PUT', `/api/devices/${r700.device.id}/antennas`, {
      antennas: [{ port: 1, location_id: floor }],
    });
    const ev = (serial: number, port: number, secondsAgo: number, rssi = -5350) => ({
      timestamp: at(secondsAgo),
      eventType: 'tagInventory',
      tagInventoryEvent: {
        epcHex: sgtin(serial),
        tidHex: `E2801100200000000000${serial.toString().padStart(4, '0')}`,
        antennaPort: port,
        peakRssiCdbm: rssi,
        lastSeenTime: at(secondsAgo),
      },
    });
    // Tag 1 read on antenna 2 (unmapped), then on antenna 1: the later read wins. Tag 2 only on antenna 2.
    const res = await post('/api/rfid/impinj/events', r700.webhook, [
      ev(1, 2, 60),
      ev(1, 1, 30, -4100),
      ev(2, 2, 50),
    ]);
    expect(res.statusCode, res.body).toBe(204);
    const [one] = await sightingOf(sgtin(1));
    expect(one).toMatchObject({
      location_id: floor,
      device_id: r700.device.id,
      antenna: 1,
      rssi: -41,
      gtin: GTIN,
    });
    expect(one?.tid).toBe('E28011002000000000000001');
    expect(await sightingOf(sgtin(2))).toMatchObject([{ location_id: store, antenna: 2 }]);
    // A late post with an older read does not move tag 1 back.
    await post('/api/rfid/impinj/events', r700.webhook, [ev(1, 2, 120)]);
    expect((await sightingOf(sgtin(1)))[0]).toMatchObject({ location_id: floor, antenna: 1 });
    // One row per tag however often it is read.
    await post('/api/rfid/impinj/events', r700.webhook, [ev(1, 1, 10), ev(1, 1, 5)]);
    expect(await sightingOf(sgtin(1))).toHaveLength(1);
  });

  it('reads the antenna of Zebra IoT Connector and Speedway Connect posts, with a count open too', async () => {
    const zebra = await addFixed('zebra-iot-connector');
    const speedway = await addFixed('speedway-connect');
    for (const r of [zebra, speedway]) {
      await call(a.operator.token, 'PUT', `/api/devices/${r.device.id}/antennas`, {
        antennas: [{ port: 4, location_id: back }],
      });
    }
    const started = await call(a.operator.token, 'POST', `/api/devices/${zebra.device.id}/counts`, {});
    expect(started.statusCode, started.body).toBe(201);
    const zebraEvent = (serial: number, antenna: number) => ({
      data: { format: 'epc', idHex: sgtin(serial), antenna, peakRssi: -60, reads: 2 },
      timestamp: at(20).replace('Z', '+0000'),
      type: 'INVENTORY',
    });
    const z = await post('/api/rfid/zebra/events', zebra.webhook, [zebraEvent(3, 4), zebraEvent(4, 9)]);
    expect(z.statusCode, z.body).toBeLessThan(300);
    expect(await sightingOf(sgtin(3))).toMatchObject([
      { location_id: back, antenna: 4, device_id: zebra.device.id },
    ]);
    expect(await sightingOf(sgtin(4))).toMatchObject([{ location_id: store, antenna: 9 }]);
    const s = await post('/api/rfid/speedway/events', speedway.webhook, {
      reader_name: 'SpeedwayR',
      tag_reads: [
        { epc: sgtin(5), antennaPort: 4, peakRssi: -48, firstSeenTimestamp: at(15), isHeartBeat: false },
      ],
    });
    expect(s.statusCode, s.body).toBeLessThan(300);
    expect(await sightingOf(sgtin(5))).toMatchObject([
      { location_id: back, antenna: 4, device_id: speedway.device.id, tid: '' },
    ]);
  });

  it('keeps a completed count tags at the count place, never over a more recent sighting', async () => {
    const { id } = await completeShelfAudit(t, a, 'Keep', 3, 1);
    const r = await t.app.db.execute<{ epc: string; location_id: number; antenna: number | null }>(sql`
      select upper(encode(s.epc, 'hex')) as epc, s.location_id, s.antenna from tag_sightings s
      join audit_tags t on t.company_id = s.company_id and t.epc = s.epc
      where t.company_id = ${a.companyId} and t.audit_id = ${id}`);
    const audit = (await call(a.operator.token, 'GET', `/api/audits/${id}`)).json();
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ location_id: audit.location_id, antenna: null });
  });

  it('writes after the answer: a tag at the same reader and antenna renewed once a minute, moved at once', async () => {
    const r700 = await addFixed('impinj-iot');
    await call(a.operator.token, 'PUT', `/api/devices/${r700.device.id}/antennas`, {
      antennas: [{ port: 1, location_id: floor }],
    });
    let clock = Date.now();
    const writer = new SightingsWriter(t.app.db, t.app.ingest.tags, { now: () => clock, flushMs: 60_000 });
    const device = { companyId: a.companyId, deviceId: r700.device.id, name: 'Reader', kind: 'fixed' };
    const read = (port: number, seenAt: string) => ({
      epc: sgtin(31),
      tid: null,
      rssi: -50,
      count: 1,
      seen_at: seenAt,
      antenna: port,
    });
    const seenAt = async () => {
      const r = await t.app.db.execute<{ ms: string; location_id: number; antenna: number }>(sql`
        select (extract(epoch from seen_at) * 1000)::bigint::text as ms, location_id, antenna from tag_sightings
        where company_id = ${a.companyId} and epc = decode(${sgtin(31)}, 'hex')`);
      return r.rows[0] && { ...r.rows[0], ms: Number(r.rows[0].ms) };
    };
    const first = new Date(clock - 5000).toISOString();
    expect(writer.record(device, [read(1, first)])).toBeUndefined();
    // Held until its write (a second later in the app; here when flushed).
    expect(await seenAt()).toBeUndefined();
    await writer.flush();
    expect(await seenAt()).toEqual({ ms: Date.parse(first), location_id: floor, antenna: 1 });
    // Seen again at the same antenna 30 s later: its place is right, its time not renewed yet.
    clock += 30_000;
    writer.record(device, [read(1, new Date(clock).toISOString())]);
    expect(writer.pendingCount).toBe(0);
    // A minute after it was written: renewed.
    clock += 31_000;
    const renewed = new Date(clock).toISOString();
    writer.record(device, [read(1, renewed)]);
    await writer.flush();
    expect(await seenAt()).toEqual({ ms: Date.parse(renewed), location_id: floor, antenna: 1 });
    // On another antenna a second later: moved at once (to the reader's home: antenna 2 is not mapped).
    clock += 1000;
    const moved = new Date(clock).toISOString();
    writer.record(device, [read(2, moved)]);
    await writer.flush();
    expect(await seenAt()).toEqual({ ms: Date.parse(moved), location_id: store, antenna: 2 });
    // Read on antennas 1 and 2 in one post, 2 the later (in either order in the post): the post leaves it at antenna
    // 2, where it was written a second ago, so nothing is written again.
    clock += 1000;
    const t1 = new Date(clock - 200).toISOString();
    const t2 = new Date(clock - 100).toISOString();
    writer.record(device, [read(1, t1), read(2, t2)]);
    writer.record(device, [read(2, t2), read(1, t1)]);
    expect(writer.pendingCount).toBe(0);
    // Its latest read on antenna 1: moved, written.
    writer.record(device, [read(2, t1), read(1, t2)]);
    expect(writer.pendingCount).toBe(1);
    await writer.flush();
    expect(await seenAt()).toEqual({ ms: Date.parse(t2), location_id: floor, antenna: 1 });
  });

  it('a stopping instance writes the sightings it holds before it closes', async () => {
    const r700 = await addFixed('impinj-iot');
    const second = await buildApp(testConfig(), { database: t.database, logger: false });
    const res = await second.inject({
      method: 'POST',
      url: '/api/rfid/impinj/events',
      headers: basic(r700.webhook),
      payload: JSON.stringify([
        {
          eventType: 'tagInventory',
          tagInventoryEvent: { epcHex: sgtin(41), antennaPort: 7, lastSeenTime: at(1) },
        },
      ]),
    });
    expect(res.statusCode, res.body).toBe(204);
    await second.close();
    const rows = await t.app.db.execute(sql`select 1 from tag_sightings
      where company_id = ${a.companyId} and epc = decode(${sgtin(41)}, 'hex') and device_id = ${r700.device.id}`);
    expect(rows.rows).toHaveLength(1);
  });

  it('forgets tags not seen for the raw reads retention', async () => {
    const before = (await sightings()).length;
    expect(before).toBeGreaterThan(0);
    await forgetSightingsBefore(t.app.db, new Date(Date.now() - 3600_000));
    expect((await sightings()).length).toBe(before);
    await forgetSightingsBefore(t.app.db, new Date(Date.now() + 3600_000));
    expect(await sightings()).toEqual([]);
  });
});

describe('where is it (issue 52)', () => {
  it('answers the product of any code, its places with units and where its tags were last seen', async () => {
    const r700 = await addFixed('impinj-iot');
    await call(a.operator.token, 'PUT', `/api/devices/${r700.device.id}/antennas`, {
      antennas: [{ port: 1, location_id: floor }],
    });
    const ev = (serial: number, port: number) => ({
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: sgtin(serial), antennaPort: port, lastSeenTime: at(5) },
    });
    await post('/api/rfid/impinj/events', r700.webhook, [ev(11, 1), ev(12, 1), ev(13, 3)]);
    await t.app.ingest.sightings?.flush();
    for (const code of ['TENT2P', GTIN, sgtin(11), 'tent2p']) {
      const res = await call(a.member.token, 'GET', `/api/inventory/where?code=${encodeURIComponent(code)}`);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
      const body = res.json() as TWhereResponse;
      expect(body.product).toMatchObject({ sku: 'TENT2P', name: 'Alpine tent 2P', gtin: GTIN });
      expect(body.places.map((p) => [p.location, p.units, p.tags_seen, p.antenna])).toEqual([
        ['Alpine Store > Backroom', 5, 0, null],
        ['Alpine Store > Sales floor', 2, 2, 1],
        ['Alpine Store', 0, 1, 3],
      ]);
      const onFloor = body.places.find((p) => p.location_id === floor);
      expect(onFloor?.device).toBe('Reader impinj-iot');
      expect(onFloor?.last_seen_at).not.toBeNull();
    }
    const unknown = await call(a.member.token, 'GET', '/api/inventory/where?code=NOPE123');
    expect(unknown.statusCode).toBe(404);
    expect((await call(a.member.token, 'GET', '/api/inventory/where')).statusCode).toBe(400);
    // Another company does not see this one's product.
    expect((await call(other.member.token, 'GET', '/api/inventory/where?code=TENT2P')).statusCode).toBe(404);
  });
});

describe('Tallie: where is it (issue 52)', () => {
  it('answers "where is the Alpine tent?" with its places and where its tags were last seen', async () => {
    const r700 = await addFixed('impinj-iot');
    await call(a.operator.token, 'PUT', `/api/devices/${r700.device.id}/antennas`, {
      antennas: [{ port: 1, location_id: floor }],
    });
    await post('/api/rfid/impinj/events', r700.webhook, [
      {
        eventType: 'tagInventory',
        tagInventoryEvent: { epcHex: sgtin(21), antennaPort: 1, lastSeenTime: at(60) },
      },
    ]);
    await t.app.ingest.sightings?.flush();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot',
      headers: bearer(a.member.token),
      payload: { messages: [{ role: 'user', content: 'where is the Alpine tent?' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = JSON.stringify(res.json());
    expect(text).toContain('Alpine tent 2P');
    expect(text).toContain('5 at Backroom');
    expect(text).toContain('Tags last seen');
    expect(text).toContain('Alpine Store > Sales floor: seen');
    expect(text).toContain('(antenna 1)');
  });
});
