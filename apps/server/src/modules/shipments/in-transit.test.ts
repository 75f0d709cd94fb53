import { randomUUID } from 'node:crypto';
import type { TAudit, TDiscrepancy, TProduct, TShipment } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A transfer sent and not received yet (issue 51): its units show as in transit in the inventory's answers, and a
// count of its source or its destination does not report them missing.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let reader: PairedReader;
let from = 0;
let to = 0;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(a.operator.token, method, url, payload);
const productOf = async (token: string, id: number) => call(token, 'GET', `/api/inventory/${id}`);

/** A count of `locationId` by the reader, finding `found` units of the product's tag; answers its lines. */
async function countAt(locationId: number, epc: string, found: number) {
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    name: 'Shelf count',
    location_id: locationId,
  });
  expect(start.statusCode, start.body).toBe(201);
  const id = start.json().audit_id as number;
  const reads = found > 0 ? readsOf(epc, found) : [];
  expect(
    (await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads })).statusCode,
  ).toBe(200);
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  const lines = (await op('GET', `/api/audits/${id}/discrepancies`)).json();
  const audit = (await op('GET', `/api/audits/${id}`)).json() as TAudit;
  return { audit, lines: (Array.isArray(lines) ? lines : lines.data) as TDiscrepancy[] };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'In Transit A');
  b = await createTenant(t, 'In Transit B');
  from = (await op('POST', '/api/locations', { name: 'Harbor Store' })).json().id;
  to = (await op('POST', '/api/locations', { name: 'Uptown Store' })).json().id;
  reader = await pairReader(t, a);
  // A fresh embedded database and two companies: slow on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe('units in transit', () => {
  it('shows a sent transfer’s units as in transit; neither place’s count reports them missing', async () => {
    const made = await op('POST', '/api/inventory', {
      name: 'Trail tee',
      sku: 'TEEIT',
      quantity: 10,
      location_id: from,
    });
    expect(made.statusCode, made.body).toBe(201);
    const tee = made.json() as TProduct;
    expect(tee.in_transit).toBeUndefined();
    const s = (
      await op('POST', '/api/shipments', {
        reference: 'TR-IT-1',
        source_location_id: from,
        destination_location_id: to,
        lines: [{ sku: 'TEEIT', quantity: 4 }],
      })
    ).json() as TShipment;
    // Expected, not sent: nothing in transit yet.
    expect((await productOf(a.member.token, tee.id)).json().in_transit).toBeUndefined();
    expect((await op('POST', `/api/shipments/${s.id}/send`)).statusCode).toBe(200);

    const inTransit = [
      {
        shipment_id: s.id,
        reference: 'TR-IT-1',
        from_location_id: from,
        from: 'Harbor Store',
        to_location_id: to,
        to: 'Uptown Store',
        quantity: 4,
      },
    ];
    const one = (await productOf(a.member.token, tee.id)).json() as TProduct;
    expect(one.quantity).toBe(6);
    expect(one.in_transit).toMatchObject(inTransit);
    expect(one.in_transit?.[0]?.sent_at).not.toBeNull();
    const list = (await call(a.member.token, 'GET', '/api/inventory?search=TEEIT')).json();
    expect(list.data[0].in_transit).toMatchObject(inTransit);
    const atSource = (await call(a.member.token, 'GET', `/api/inventory?location_id=${from}`)).json();
    expect(atSource.data[0]).toMatchObject({ location_quantity: 6, in_transit: inTransit });
    // Another company sees neither the product nor its transfer.
    expect((await productOf(b.admin.token, tee.id)).statusCode).toBe(404);
    expect((await call(b.admin.token, 'GET', '/api/inventory?search=TEEIT')).json().data).toEqual([]);

    // The source's stock is already 6: a count finding the 6 left reports nothing missing.
    const source = await countAt(from, tee.epc, 6);
    expect(source.lines.filter((l) => l.product_id === tee.id)).toEqual([]);
    expect(source.audit.accuracy).toBe(100);
    // The destination holds none of them yet: a count finding none expects none.
    const destination = await countAt(to, tee.epc, 0);
    expect(destination.lines.filter((l) => l.product_id === tee.id)).toEqual([]);

    // Received: no longer in transit, at the destination.
    const start = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    const auditId = start.json().audit_id as number;
    await asReader(t, reader.token, `/api/rfid/audits/${auditId}/reads`, {
      batch_seq: 0,
      reads: readsOf(tee.epc, 4),
    });
    expect(
      (await asReader(t, reader.token, `/api/rfid/audits/${auditId}/complete`, { batch_count: 1 }))
        .statusCode,
    ).toBe(200);
    const after = (await productOf(a.member.token, tee.id)).json() as TProduct;
    expect(after.in_transit).toBeUndefined();
    expect(after.quantity).toBe(10);
    expect(after.stock.find((r) => r.location_id === to)?.quantity).toBe(4);
  });

  it('refuses a bad product id with a 400 naming it, and an unknown one with a 404', async () => {
    const bad = await productOf(a.member.token, -1 as number);
    expect(bad.statusCode).toBe(400);
    expect((await call(a.member.token, 'GET', '/api/inventory/abc')).statusCode).toBe(400);
    expect((await productOf(a.member.token, 999_999)).statusCode).toBe(404);
  });
});
