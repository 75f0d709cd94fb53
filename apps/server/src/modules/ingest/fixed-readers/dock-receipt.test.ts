import { randomUUID } from 'node:crypto';
import type { TAudit, TFixedReaderCreated, TShipment } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  type PairedReader,
  pairReader,
  tidFor,
  uniqueSerial,
} from '../../../test/readers.ts';
import { createTenant, type Tenant } from '../../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 51: "A fixed reader at a dock door receives the shipment its person opened there." A receipt opened on a
// handheld for a shipment whose destination is a fixed reader's home takes that reader's posts (an Impinj R700's
// tagInventory events, as the reader sends them), and completes when the person finishes.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let dockId: number;
let storeId: number;
let epcs: Record<string, string>;

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
/** An R700 post (its IoT device interface's webhook): a JSON array of events. */
const postEvents = (webhook: TFixedReaderCreated['webhook'], body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rfid/impinj/events',
    headers: { ...basic(webhook.username, webhook.password), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
/** One R700 tagInventory event, with the fields the reader sends that Quantics does not read. */
const tagEvent = (epc: string, tid: string, at = '2026-11-29T10:00:00.125000Z') => ({
  timestamp: at,
  hostname: 'impinj-14-2b-7c',
  eventType: 'tagInventory',
  tagInventoryEvent: {
    epcHex: epc.toLowerCase(),
    tidHex: tid,
    antennaPort: 1,
    antennaName: 'Dock door',
    peakRssiCdbm: -5350,
    frequency: 920250,
    transmitPowerCdbm: 3000,
    lastSeenTime: at,
    phaseAngle: 12.5,
  },
});
const epc = (sku: string) => epcs[sku] ?? '';

async function addFixed(tenant: Tenant, locationId: number, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/devices/fixed',
    headers: bearer(tenant.operator.token),
    payload: { name, serial_number: uniqueSerial('R700'), model: 'Impinj R700', location_id: locationId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TFixedReaderCreated;
}

async function shipmentTo(destination: number, reference: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shipments',
    headers: bearer(a.operator.token),
    payload: {
      reference,
      supplier: 'Northwind Apparel',
      destination_location_id: destination,
      lines: [
        { sku: 'DOCK1', quantity: 2 },
        { sku: 'DOCK2', quantity: 1 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TShipment;
}

const getShipment = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: bearer(a.member.token) })
  ).json() as TShipment;

async function openReceipt(handheld: PairedReader, shipmentId: number) {
  const res = await asReader(t, handheld.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    shipment_id: shipmentId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().audit_id as number;
}

const readsIn = async (auditId: number) =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_reads where audit_id = ${auditId}`,
      )
    ).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  a = await createTenant(t, 'Dock Co');
  b = await createTenant(t, 'Other Dock Co');
  storeId = await addLocation(t, a.companyId, 'Store');
  dockId = await addLocation(t, a.companyId, 'Dock', storeId);
  const products = await addProducts(t, a.companyId, [
    { sku: 'DOCK1', quantity: 0, locationId: storeId },
    { sku: 'DOCK2', quantity: 0, locationId: storeId },
    { sku: 'DOCK3', quantity: 0, locationId: storeId },
  ]);
  epcs = Object.fromEntries(Object.entries(products).map(([sku, p]) => [sku, p.epc]));
});
afterAll(() => t.close());

describe('a fixed reader at a dock door', () => {
  it('receives the shipment its person opened there; the receipt completes when the person finishes', async () => {
    const door = await addFixed(a, dockId, 'Dock door 1');
    const floor = await addFixed(a, storeId, 'Sales floor');
    const otherCompany = await addFixed(b, await addLocation(t, b.companyId, 'Dock'), 'Their door');
    const s = await shipmentTo(dockId, 'ASN-DOCK-1');
    const handheld = await pairReader(t, a);

    // Before anything is being received there, the door's reads go nowhere.
    expect(
      (await postEvents(door.webhook, [tagEvent(epc('DOCK3'), tidFor(epc('DOCK3'), 0))])).statusCode,
    ).toBe(204);
    const auditId = await openReceipt(handheld, s.id);

    // Two units of DOCK1 through the door (two tags of one SKU: two TIDs), the same post resent once.
    const post = [
      tagEvent(epc('DOCK1'), tidFor(epc('DOCK1'), 0)),
      tagEvent(epc('DOCK1'), tidFor(epc('DOCK1'), 1), '2026-11-29T10:00:00.250000Z'),
    ];
    expect((await postEvents(door.webhook, post)).statusCode).toBe(204);
    expect((await postEvents(door.webhook, post)).statusCode).toBe(204);
    // A reader elsewhere in the store, and another company's reader at its own dock, add nothing to it.
    for (const other of [floor, otherCompany]) {
      const res = await postEvents(other.webhook, [tagEvent(epc('DOCK2'), tidFor(epc('DOCK2'), 5))]);
      expect(res.statusCode).toBe(204);
    }
    expect(await readsIn(auditId)).toBe(2);
    const live = await getShipment(s.id);
    expect(live.status).toBe('receiving');
    expect(live.receipt?.state).toBe('open');
    expect(live.receipt?.lines.map((l) => [l.sku, l.expected, l.received])).toEqual([
      ['DOCK1', 2, 2],
      ['DOCK2', 1, 0],
    ]);

    // The door is a reader of the receipt (seen by everyone watching it), but it does not hold it open.
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${auditId}/progress`,
      headers: bearer(a.member.token),
    });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().participants.map((r: { device_name: string }) => r.device_name)).toContain(
      'Dock door 1',
    );

    // The person scans the last item by hand and finishes: the receipt is complete, exactly.
    const batch = await asReader(t, handheld.token, `/api/rfid/audits/${auditId}/reads`, {
      batch_seq: 0,
      reads: [{ code: 'DOCK2' }],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const done = await asReader(t, handheld.token, `/api/rfid/audits/${auditId}/complete`, {
      batch_count: 1,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as TAudit).status).toBe('completed');
    const received = await getShipment(s.id);
    expect(received.status).toBe('received');
    expect(received.receipt?.units_received).toBe(3);

    // Reads after it are not stored anywhere; the next receipt opened at the dock takes the door's reads again.
    expect(
      (await postEvents(door.webhook, [tagEvent(epc('DOCK2'), tidFor(epc('DOCK2'), 9))])).statusCode,
    ).toBe(204);
    expect(await readsIn(auditId)).toBe(2);
    const next = await shipmentTo(dockId, 'ASN-DOCK-2');
    const nextAudit = await openReceipt(handheld, next.id);
    expect(
      (await postEvents(door.webhook, [tagEvent(epc('DOCK2'), tidFor(epc('DOCK2'), 3))])).statusCode,
    ).toBe(204);
    expect(await readsIn(nextAudit)).toBe(1);
    expect((await getShipment(next.id)).receipt?.lines.find((l) => l.sku === 'DOCK2')?.received).toBe(1);
  });

  it('keeps to its own count when it has one, and a receipt at another place is not its', async () => {
    const door = await addFixed(a, dockId, 'Dock door 2');
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${door.device.id}/counts`,
      headers: bearer(a.operator.token),
      payload: { name: 'Dock cycle count' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().audit_id as number;
    const s = await shipmentTo(dockId, 'ASN-DOCK-3');
    const receiptId = await openReceipt(await pairReader(t, a), s.id);
    const elsewhere = await shipmentTo(storeId, 'ASN-STORE-1');
    const storeReceipt = await openReceipt(await pairReader(t, a), elsewhere.id);

    expect(
      (await postEvents(door.webhook, [tagEvent(epc('DOCK1'), tidFor(epc('DOCK1'), 7))])).statusCode,
    ).toBe(204);
    expect([await readsIn(ownId), await readsIn(receiptId), await readsIn(storeReceipt)]).toEqual([1, 0, 0]);
  });

  it('refuses a malformed post with 400, storing nothing in the receipt', async () => {
    const door = await addFixed(a, dockId, 'Dock door 3');
    const s = await shipmentTo(dockId, 'ASN-DOCK-4');
    const receiptId = await openReceipt(await pairReader(t, a), s.id);
    for (const body of [
      {},
      [{ eventType: 'tagInventory' }],
      [{ eventType: 'tagInventory', tagInventoryEvent: { epcHex: 'xyz' } }],
    ]) {
      const res = await postEvents(door.webhook, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await readsIn(receiptId)).toBe(0);
  });
});
