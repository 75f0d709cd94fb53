import { randomUUID } from 'node:crypto';
import { REVIEW_MESSAGES, type TProduct, type TShipment } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Receipt lines over the company's count policy wait for approval (issue 51), through the reviews module's lines:
// their stock is added once an admin approves (what was received) or rejects (what was shipped) them.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let reader: PairedReader;
let dock = 0;
let store = 0;
let otherStore = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: Method, url: string, payload?: object) => call(a.operator.token, method, url, payload);
const setPolicy = async (units: number | null, value: number | null = null) => {
  const res = await call(a.admin.token, 'PUT', `/api/companies/${a.companyId}/count-policy`, {
    approval_units: units,
    approval_value: value,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const made = async (payload: object) => {
  const res = await op('POST', '/api/shipments', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TShipment;
};
const shipment = async (id: number) => {
  const res = await op('GET', `/api/shipments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TShipment;
};
let n = 0;
async function product(payload: object = {}): Promise<TProduct> {
  n += 1;
  const res = await op('POST', '/api/inventory', {
    name: `Item ${n}`,
    sku: `RR${1000 + n}`,
    quantity: 0,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const stockAt = async (productId: number, locationId: number) => {
  const r = await t.database.db.execute<{ q: number }>(
    sql`select quantity as q from stock where company_id = ${a.companyId} and product_id = ${productId}
      and location_id = ${locationId}`,
  );
  return Number(r.rows[0]?.q ?? 0);
};
const movementsOf = async (shipmentId: number) => {
  const r = await t.database.db.execute<{
    product_id: number;
    delta: number;
    reason: string;
    reference: string;
  }>(
    sql`select product_id, delta, reason, reference from stock_movements
      where company_id = ${a.companyId} and shipment_id = ${shipmentId} order by id`,
  );
  return r.rows.map((m) => ({ ...m, product_id: Number(m.product_id), delta: Number(m.delta) }));
};
const eventsOf = async (type: string) => {
  const r = await t.database.db.execute<{ payload: Record<string, unknown> }>(
    sql`select payload from events where company_id = ${a.companyId} and type = ${type} order by id`,
  );
  return r.rows.map((e) => e.payload);
};

/** A receipt counted by the reader: started, one batch, completed. */
async function receive(shipmentId: number, reads: object[]) {
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    shipment_id: shipmentId,
  });
  expect(start.statusCode, start.body).toBe(201);
  const auditId = start.json().audit_id as number;
  const batch = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/reads`, { batch_seq: 0, reads });
  expect(batch.statusCode, batch.body).toBe(200);
  const done = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  return auditId;
}
const review = (token: string, auditId: number, lines: object[]) =>
  call(token, 'POST', `/api/audits/${auditId}/review`, { lines });

const p = {} as Record<'shirt' | 'mug' | 'cap' | 'sock' | 'hat', TProduct>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Receipt Reviews A');
  b = await createTenant(t, 'Receipt Reviews B');
  store = (await op('POST', '/api/locations', { name: 'Harbor Store' })).json().id;
  dock = (await op('POST', '/api/locations', { name: 'Dock', parent_location_id: store })).json().id;
  otherStore = (await op('POST', '/api/locations', { name: 'Uptown Store' })).json().id;
  for (const k of ['shirt', 'mug', 'cap', 'sock'] as const) p[k] = await product({ unit_cost: 2 });
  p.hat = await product({ unit_cost: 2, quantity: 20, location_id: store });
  reader = await pairReader(t, a);
});
afterAll(() => t.close());

describe('receipt lines and the count policy', () => {
  it('without a policy adds everything received at completion, as before', async () => {
    await setPolicy(null);
    const shirt = p.shirt;
    const s = await made({
      reference: 'RR-OFF',
      destination_location_id: dock,
      lines: [{ sku: shirt.sku, quantity: 10 }],
    });
    const before = await stockAt(shirt.id, dock);
    await receive(s.id, readsOf(shirt.epc, 2));
    const done = await shipment(s.id);
    expect(done.receipt?.lines[0]).toMatchObject({
      expected: 10,
      received: 2,
      status: 'short',
      review: null,
    });
    expect(done.receipt?.lines_awaiting_approval).toBe(0);
    expect(await stockAt(shirt.id, dock)).toBe(before + 2);
  });

  it('holds the lines over the threshold; adds the rest at completion; shipment.received goes out at once', async () => {
    await setPolicy(3);
    const { shirt, mug, cap, sock } = p;
    const s = await made({
      reference: 'RR-ON',
      supplier: 'Acme',
      destination_location_id: dock,
      lines: [
        { sku: shirt.sku, quantity: 10 }, // 4 read: 6 short, over 3
        { sku: mug.sku, quantity: 5 }, // 3 read: 2 short, under
        { sku: cap.sku, quantity: 2 }, // 2 read: ok
      ],
    });
    const before = Object.fromEntries(
      await Promise.all([shirt, mug, cap, sock].map(async (x) => [x.sku, await stockAt(x.id, dock)])),
    );
    // Socks: 5 not on the shipment, over the threshold too.
    const reads = [
      ...readsOf(shirt.epc, 4),
      ...readsOf(mug.epc, 3),
      ...readsOf(cap.epc, 2),
      ...readsOf(sock.epc, 5),
    ];
    const auditId = await receive(s.id, reads);
    const done = await shipment(s.id);
    expect(done.status).toBe('received_with_discrepancies');
    const line = (sku: string) => done.receipt?.lines.find((l) => l.sku === sku);
    expect(line(shirt.sku)?.review).toMatchObject({ state: 'awaiting', units_added: null });
    expect(line(sock.sku)).toMatchObject({ status: 'not_on_shipment', review: { state: 'awaiting' } });
    expect(line(mug.sku)?.review).toBeNull();
    expect(line(cap.sku)?.review).toBeNull();
    expect(done.receipt?.lines_awaiting_approval).toBe(2);
    // What is under the threshold went in; the held lines did not.
    expect(await stockAt(mug.id, dock)).toBe(before[mug.sku] + 3);
    expect(await stockAt(cap.id, dock)).toBe(before[cap.sku] + 2);
    expect(await stockAt(shirt.id, dock)).toBe(before[shirt.sku]);
    expect(await stockAt(sock.id, dock)).toBe(before[sock.sku]);
    expect((await eventsOf('shipment.received')).at(-1)).toMatchObject({
      reference: 'RR-ON',
      lines_awaiting_approval: 2,
    });
    expect((await eventsOf('audit.review_requested')).at(-1)).toMatchObject({
      audit_id: auditId,
      lines_awaiting: 2,
    });
    // The Audits page counts it as awaiting review; apply-counts is not how a receipt's stock moves.
    const audit = (await call(a.admin.token, 'GET', `/api/audits/${auditId}`)).json();
    expect(audit.review_status).toBe('awaiting');
    // It says which shipment it receives: the review offers no Recount on it (issue 51).
    expect(audit.shipment_id).toBe(s.id);
    const apply = await call(a.admin.token, 'POST', `/api/audits/${auditId}/apply-counts`, { reason: 'x' });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe(REVIEW_MESSAGES.receiptNotApplicable);

    const shirtId = line(shirt.sku)?.review?.discrepancy_id as number;
    const sockId = line(sock.sku)?.review?.discrepancy_id as number;
    // Bad input: 400 naming the field, nothing decided, nothing added.
    const bad = async (lines: object[], message: string, field?: string) => {
      const res = await review(a.admin.token, auditId, lines);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      if (field) expect(res.json().field).toBe(field);
    };
    await bad(
      [{ discrepancy_id: shirtId, decision: 'approve' }],
      REVIEW_MESSAGES.reasonRequired,
      'lines.0.reason_code',
    );
    await bad(
      [
        { discrepancy_id: sockId, decision: 'reject' },
        { discrepancy_id: shirtId, decision: 'approve', reason_code: 'THEFT' },
      ],
      REVIEW_MESSAGES.receiptReasonCode,
      'lines.1.reason_code',
    );
    await bad(
      [{ discrepancy_id: shirtId, decision: 'recount' }],
      REVIEW_MESSAGES.receiptNoRecount,
      'lines.0.decision',
    );
    await bad(
      [{ discrepancy_id: shirtId, decision: 'maybe' }],
      'decision must be approve, reject or recount',
      'lines.0.decision',
    );
    await bad([{ discrepancy_id: 999999, decision: 'reject' }], REVIEW_MESSAGES.linesNotReviewable);
    expect(await stockAt(shirt.id, dock)).toBe(before[shirt.sku]);
    expect((await shipment(s.id)).receipt?.lines_awaiting_approval).toBe(2);

    // Roles: a member and an operator cannot decide; another company sees no such audit.
    for (const token of [a.member.token, a.operator.token]) {
      const res = await review(token, auditId, [
        { discrepancy_id: shirtId, decision: 'approve', reason_code: 'VENDOR_SHORT' },
      ]);
      expect(res.statusCode).toBe(403);
    }
    const foreign = await review(b.admin.token, auditId, [
      { discrepancy_id: shirtId, decision: 'approve', reason_code: 'VENDOR_SHORT' },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect((await call(b.admin.token, 'GET', `/api/shipments/${s.id}`)).statusCode).toBe(404);
    expect(await stockAt(shirt.id, dock)).toBe(before[shirt.sku]);

    // Approve the short shirts (vendor short: the 4 received go in), reject the socks (wrong item: the 0 shipped).
    const ok = await review(a.admin.token, auditId, [
      { discrepancy_id: shirtId, decision: 'approve', reason_code: 'vendor_short', note: 'Called Acme' },
      { discrepancy_id: sockId, decision: 'reject', reason_code: 'WRONG_ITEM' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await stockAt(shirt.id, dock)).toBe(before[shirt.sku] + 4);
    expect(await stockAt(sock.id, dock)).toBe(before[sock.sku]);
    const after = await shipment(s.id);
    expect(after.receipt?.lines_awaiting_approval).toBe(0);
    expect(after.receipt?.lines.find((l) => l.sku === shirt.sku)?.review).toMatchObject({
      state: 'approved',
      reason_code: 'VENDOR_SHORT',
      note: 'Called Acme',
      decided_by: a.admin.name,
      units_added: 4,
    });
    expect(after.receipt?.lines.find((l) => l.sku === sock.sku)?.review).toMatchObject({
      state: 'rejected',
      reason_code: 'WRONG_ITEM',
      units_added: 0,
    });
    expect((await call(a.admin.token, 'GET', `/api/audits/${auditId}`)).json().review_status).toBe(
      'approved',
    );
    // The movements: receipts naming the shipment, the held line's once approved.
    expect(await movementsOf(s.id)).toEqual([
      { product_id: mug.id, delta: 3, reason: 'receipt', reference: 'RR-ON' },
      { product_id: cap.id, delta: 2, reason: 'receipt', reference: 'RR-ON' },
      { product_id: shirt.id, delta: 4, reason: 'receipt', reference: 'RR-ON' },
    ]);
    // Decided once: deciding again is refused and adds nothing.
    const again = await review(a.admin.token, auditId, [
      { discrepancy_id: shirtId, decision: 'approve', reason_code: 'DAMAGED' },
    ]);
    expect(again.statusCode).toBe(400);
    expect(await stockAt(shirt.id, dock)).toBe(before[shirt.sku] + 4);
  });

  it('a rejected over line adds what was shipped; by value at cost too; a transfer adds transfer_in', async () => {
    await setPolicy(null, 10);
    const { hat } = p;
    const before = await stockAt(hat.id, otherStore);
    const s = await made({
      reference: 'RR-TR',
      source_location_id: store,
      destination_location_id: otherStore,
      lines: [{ sku: hat.sku, quantity: 5 }],
    });
    const sent = await op('POST', `/api/shipments/${s.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    // 11 read of 5 shipped: 6 over, worth 12 at cost 2: over the value threshold of 10.
    const auditId = await receive(s.id, readsOf(hat.epc, 11));
    const held = (await shipment(s.id)).receipt?.lines[0];
    expect(held?.review?.state).toBe('awaiting');
    expect(await stockAt(hat.id, otherStore)).toBe(before);
    const res = await review(a.admin.token, auditId, [
      { discrepancy_id: held?.review?.discrepancy_id, decision: 'reject', reason_code: 'DAMAGED' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockAt(hat.id, otherStore)).toBe(before + 5);
    // The receipt's sheet says what was decided, why and what it added; every row as wide as its header.
    const csv = await op('GET', `/api/shipments/${s.id}/receipt.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.trim().split(/\r?\n/);
    expect(header).toBe(
      'reference,kind,sku,name,code,expected,received,difference,status,approval,approval_reason,units_added',
    );
    expect(line).toBe(`RR-TR,line,${hat.sku},${hat.name},,5,11,6,over,rejected,DAMAGED,5`);
    const moves = await movementsOf(s.id);
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([
      ['transfer_out', -5],
      ['transfer_in', 5],
    ]);
  });
});
