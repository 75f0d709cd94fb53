import type { TAudit, TFixedReaderCreated } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer } from './factories.ts';
import { uniqueSerial } from './readers.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// Fixed readers' part of the isolation suite: A has a fixed reader at its location with an open count holding one
// post; B's admin (and B's own fixed reader) go after it. B's readers made here are deleted again, so the other
// probes still see B with its one handheld.

type World = { a: Tenant; b: Tenant; aLocationId: number };
type Probe = (w: World) => Promise<void>;

const EPC = 'AB'.repeat(12);
const basic = (webhook: TFixedReaderCreated['webhook']) => ({
  authorization: `Basic ${Buffer.from(`${webhook.username}:${webhook.password}`).toString('base64')}`,
});
const event = (epc: string, at: string) => ({
  timestamp: at,
  eventType: 'tagInventory',
  tagInventoryEvent: { epcHex: epc, peakRssiCdbm: -5000, lastSeenTime: at },
});

export function fixedReaderProbes(getT: () => TestApp): Record<string, Probe> {
  let aReader: TFixedReaderCreated | undefined;
  let aAuditId = 0;
  const call = (token: string, url: string, payload?: object) =>
    getT().app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const webhook = (created: TFixedReaderCreated, body: unknown) =>
    getT().app.inject({
      method: 'POST',
      url: '/api/rfid/impinj/events',
      headers: basic(created.webhook),
      payload: body as object,
    });
  const ensure = async (w: World) => {
    if (aReader) return aReader;
    const res = await call(w.a.admin.token, '/api/devices/fixed', {
      name: 'A dock',
      serial_number: uniqueSerial('A-R700'),
      location_id: w.aLocationId,
    });
    expect(res.statusCode).toBe(201);
    aReader = res.json() as TFixedReaderCreated;
    aAuditId = (await call(w.a.admin.token, `/api/devices/${aReader.device.id}/counts`, {})).json().audit_id;
    expect((await webhook(aReader, [event(EPC, '2025-01-01T00:00:00Z')])).statusCode).toBe(204);
    return aReader;
  };
  const aAudit = async (w: World) =>
    (
      await getT().app.inject({
        method: 'GET',
        url: `/api/audits/${aAuditId}`,
        headers: bearer(w.a.admin.token),
      })
    ).json() as TAudit;
  const expectAIntact = async (w: World, reader: TFixedReaderCreated) => {
    expect(await aAudit(w)).toMatchObject({ status: 'in_progress', reads_count: 1 });
    expect((await webhook(reader, [])).statusCode).toBe(204);
  };
  const notFound = (res: { statusCode: number; json: () => { message: string } }) => {
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/i);
  };
  /** B's own fixed reader for one probe, deleted afterwards. */
  const withBReader = async (w: World, use: (b: TFixedReaderCreated) => Promise<void>) => {
    const res = await call(w.b.admin.token, '/api/devices/fixed', {
      name: 'B dock',
      serial_number: uniqueSerial('B-R700'),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as TFixedReaderCreated;
    try {
      await use(created);
    } finally {
      await getT().app.inject({
        method: 'DELETE',
        url: `/api/devices/${created.device.id}`,
        headers: bearer(w.b.admin.token),
      });
    }
  };

  /** A fixed reader's webhook at url: B's password with A's serial number opens nothing; B's reads stay B's. */
  const webhookProbe =
    (url: string, body: (at: string) => unknown): Probe =>
    async (w) => {
      const a = await ensure(w);
      await withBReader(w, async (b) => {
        const post = (webhook: TFixedReaderCreated['webhook'], at: string) =>
          getT().app.inject({ method: 'POST', url, headers: basic(webhook), payload: body(at) as object });
        expect(
          (await post({ ...b.webhook, username: a.webhook.username }, '2025-01-03T00:00:00Z')).statusCode,
        ).toBe(401);
        const count = await call(w.b.admin.token, `/api/devices/${b.device.id}/counts`, {});
        expect((await post(b.webhook, '2025-01-04T00:00:00Z')).statusCode).toBe(204);
        const rows = await getT().database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from audit_reads where audit_id = ${count.json().audit_id}`,
        );
        expect(rows.rows[0]?.n).toBe(1);
        const bList = await getT().app.inject({
          method: 'GET',
          url: '/api/audits?limit=100',
          headers: bearer(w.b.admin.token),
        });
        expect(bList.json().data.map((x: { id: number }) => x.id)).not.toContain(aAuditId);
      });
      await expectAIntact(w, a);
    };

  return {
    'POST /api/devices/fixed': async (w) => {
      const a = await ensure(w);
      // A's serial number is free in B (no 409 revealing A's reader); A's location is not B's to use.
      const foreign = await call(w.b.admin.token, '/api/devices/fixed', {
        name: 'X',
        serial_number: uniqueSerial('B'),
        location_id: w.aLocationId,
      });
      const unknown = await call(w.b.admin.token, '/api/devices/fixed', {
        name: 'X',
        serial_number: uniqueSerial('B'),
        location_id: 999_999,
      });
      expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(foreign.statusCode).toBe(404);
      const same = await call(w.b.admin.token, '/api/devices/fixed', {
        name: 'Same',
        serial_number: a.webhook.username,
      });
      expect(same.statusCode).toBe(201);
      // Same serial number in two companies: each password opens its own reader only.
      expect((await webhook(same.json(), [event(EPC, '2025-01-02T00:00:00Z')])).statusCode).toBe(204);
      await getT().app.inject({
        method: 'DELETE',
        url: `/api/devices/${same.json().device.id}`,
        headers: bearer(w.b.admin.token),
      });
      await expectAIntact(w, a);
    },
    'POST /api/devices/:id/webhook-password': async (w) => {
      const a = await ensure(w);
      notFound(await call(w.b.admin.token, `/api/devices/${a.device.id}/webhook-password`));
      await expectAIntact(w, a);
    },
    'POST /api/devices/:id/counts': async (w) => {
      const a = await ensure(w);
      notFound(await call(w.b.admin.token, `/api/devices/${a.device.id}/counts`, {}));
      await withBReader(w, async (b) => {
        const foreign = await call(w.b.admin.token, `/api/devices/${b.device.id}/counts`, {
          location_id: w.aLocationId,
        });
        const unknown = await call(w.b.admin.token, `/api/devices/${b.device.id}/counts`, {
          location_id: 999_999,
        });
        expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
        expect(foreign.statusCode).toBe(404);
      });
      await expectAIntact(w, a);
    },
    'POST /api/devices/:id/counts/finish': async (w) => {
      const a = await ensure(w);
      notFound(await call(w.b.admin.token, `/api/devices/${a.device.id}/counts/finish`));
      await expectAIntact(w, a);
    },
    'POST /api/rfid/impinj/events': webhookProbe('/api/rfid/impinj/events', (at) => [event(EPC, at)]),
    'POST /api/rfid/zebra/events': webhookProbe('/api/rfid/zebra/events', (at) => [
      { data: { eventNum: 1, format: 'epc', idHex: EPC }, timestamp: at, type: 'SIMPLE' },
    ]),
    'POST /api/rfid/speedway/events': webhookProbe('/api/rfid/speedway/events', (at) => ({
      epc: EPC,
      firstSeenTimestamp: at,
      isHeartBeat: false,
    })),
  };
}
