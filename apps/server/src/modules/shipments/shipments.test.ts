import { randomUUID } from 'node:crypto';
import type { TProduct, TShipment, TShipmentSummary, TSuppliersReport } from '@quantics/contracts';
import { sgtin96 } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../lib/multipart-body.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Shipments, receipts and transfers (issue 51) through the API and the reader protocol, on a real database.

let t: TestApp;
let a: Tenant;
let b: Tenant;
const places = { store: 0, dock: 0, back: 0, other: 0 };
// GS1's example SSCCs with valid check digits, and one with a wrong one.
const SSCC1 = '106141412345678908';
const SSCC2 = '006141410000000012';
const SSCC3 = '006141410000000029';
const BAD_SSCC = '106141412345678907';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: Method, url: string, payload?: object) => call(a.operator.token, method, url, payload);
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
    sku: `SH${1000 + n}`,
    quantity: 0,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const location = async (name: string, parent?: number) => {
  const res = await op('POST', '/api/locations', { name, parent_location_id: parent ?? null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
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
    location_id: number;
    delta: number;
    reason: string;
  }>(
    sql`select product_id, location_id, delta, reason from stock_movements
      where company_id = ${a.companyId} and shipment_id = ${shipmentId} order by product_id, reason`,
  );
  return r.rows.map((m) => ({ ...m, product_id: Number(m.product_id), location_id: Number(m.location_id) }));
};

/** A receipt counted by one reader: started for the shipment, its reads in one batch, completed. */
async function receive(reader: PairedReader, shipmentId: number, reads: object[]) {
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    shipment_id: shipmentId,
  });
  expect(start.statusCode, start.body).toBe(201);
  const auditId = start.json().audit_id as number;
  const batch = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/reads`, { batch_seq: 0, reads });
  expect(batch.statusCode, batch.body).toBe(200);
  return auditId;
}
const complete = async (reader: PairedReader, auditId: number) => {
  const res = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/complete`, { batch_count: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let reader: PairedReader;
const p: Record<string, TProduct> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Shipments A');
  b = await createTenant(t, 'Shipments B');
  places.store = await location('Harbor Store');
  places.dock = await location('Dock', places.store);
  places.back = await location('Back room', places.store);
  places.other = await location('Uptown Store');
  p.shirt = await product({ gtin: '00012345678905' });
  p.mug = await product({ gtin: '04006381333931' });
  p.cap = await product();
  p.sock = await product();
  reader = await pairReader(t, a);
});
afterAll(() => t.close());

describe('making shipments', () => {
  it('makes a shipment with loose lines, cartons and announced EPCs, and answers it whole', async () => {
    const epc = sgtin96('00012345678905', 77, 7);
    const s = await made({
      reference: 'ASN-1001',
      supplier: 'Acme Apparel',
      destination_location_id: places.dock,
      expected_at: '2026-12-01',
      lines: [{ sku: p.cap?.sku.toLowerCase(), quantity: 4 }],
      cartons: [
        { sscc: SSCC1, lines: [{ gtin: '012345678905', quantity: 6 }] },
        { sscc: SSCC2, lines: [{ code: '4006381333931', quantity: 3 }] },
      ],
      epcs: [epc.toLowerCase()],
    });
    expect(s).toMatchObject({
      reference: 'ASN-1001',
      supplier: 'Acme Apparel',
      status: 'expected',
      destination_location_id: places.dock,
      destination_location: 'Dock',
      source_location_id: null,
      cartons_count: 2,
      units_expected: 13,
      units_received: null,
      receipt: null,
      created_by: a.operator.name,
    });
    expect(s.lines).toEqual([
      { product_id: p.cap?.id, sku: p.cap?.sku, name: p.cap?.name, quantity: 4, sscc: null },
      { product_id: p.shirt?.id, sku: p.shirt?.sku, name: p.shirt?.name, quantity: 6, sscc: SSCC1 },
      { product_id: p.mug?.id, sku: p.mug?.sku, name: p.mug?.name, quantity: 3, sscc: SSCC2 },
    ]);
    expect(s.epcs).toEqual([{ epc, gtin: '00012345678905', serial: '77' }]);
    expect(s.cartons.map((c) => c.sscc)).toEqual([SSCC1, SSCC2]);
  });

  it('refuses a bad shipment with a 400 naming the field, and makes nothing', async () => {
    const base = { reference: 'ASN-BAD', destination_location_id: places.dock };
    const cases: [object, string][] = [
      [
        {
          ...base,
          cartons: [
            { sscc: SSCC1, lines: [{ sku: p.cap?.sku, quantity: 1 }] },
            { sscc: BAD_SSCC, lines: [] },
          ],
        },
        'cartons[1].sscc: must be an SSCC: 18 digits with a valid check digit',
      ],
      [{ ...base, cartons: [{ sscc: '12345', lines: [] }] }, 'cartons[0].sscc: must be an SSCC'],
      [
        { ...base, lines: [{ sku: 'NOPE1', quantity: 1 }] },
        'lines[0].sku: no product of this company has it',
      ],
      [
        { ...base, lines: [{ gtin: '012345678906', quantity: 1 }] },
        'lines[0].gtin: GTIN check digit is wrong',
      ],
      [
        { ...base, lines: [{ sku: p.cap?.sku, gtin: '012345678905', quantity: 1 }] },
        'lines[0]: name the item once',
      ],
      [{ ...base, lines: [{ sku: p.cap?.sku, quantity: 0 }] }, 'lines[0].quantity: must be a whole number'],
      [{ ...base, lines: [] }, 'A shipment needs at least one line'],
      [{ ...base, epcs: ['XYZ'] }, 'epcs[0]: must be 24 hex digits'],
      [{ ...base, reference: ' ', lines: [{ sku: p.cap?.sku, quantity: 1 }] }, 'reference: must be text'],
      [
        { ...base, destination_location_id: 999_999, lines: [{ sku: p.cap?.sku, quantity: 1 }] },
        'destination_location_id: is not one of your locations',
      ],
      [
        { ...base, source_location_id: places.dock, lines: [{ sku: p.cap?.sku, quantity: 1 }] },
        'source_location_id must differ',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await op('POST', '/api/shipments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const list = (await op('GET', '/api/shipments')).json().data as TShipmentSummary[];
    expect(list.some((s) => s.reference === 'ASN-BAD')).toBe(false);
  });

  it('refuses a reference already used (409), and another company sees none of it', async () => {
    const body = {
      reference: 'ASN-DUP',
      destination_location_id: places.dock,
      lines: [{ sku: p.cap?.sku, quantity: 1 }],
    };
    const first = await made(body);
    const again = await op('POST', '/api/shipments', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A shipment with reference ASN-DUP already exists');
    expect((await call(b.operator.token, 'GET', `/api/shipments/${first.id}`)).statusCode).toBe(404);
    expect((await call(b.operator.token, 'DELETE', `/api/shipments/${first.id}`)).statusCode).toBe(404);
    expect((await call(b.operator.token, 'GET', '/api/shipments')).json().data).toEqual([]);
    // Company B's own products and places: A's location is none of B's.
    const cross = await call(b.operator.token, 'POST', '/api/shipments', body);
    expect(cross.statusCode).toBe(400);
  });

  it('lists by status, supplier (any case) and day; deletes while expected', async () => {
    const s = await made({
      reference: 'ASN-LIST',
      supplier: 'Northwind',
      destination_location_id: places.back,
      lines: [{ sku: p.sock?.sku, quantity: 2 }],
    });
    const list = async (q: string) =>
      ((await op('GET', `/api/shipments${q}`)).json().data as TShipmentSummary[]).map((x) => x.reference);
    expect(await list('?supplier=northwind')).toEqual(['ASN-LIST']);
    expect(await list('?status=expected')).toContain('ASN-LIST');
    expect(await list('?status=received')).not.toContain('ASN-LIST');
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`?from=2000-01-01&to=2000-01-02`)).toEqual([]);
    expect(await list(`?from=2000-01-01&to=2099-01-01`)).toContain('ASN-LIST');
    expect(today).toMatch(/^\d{4}/);
    expect((await op('GET', '/api/shipments?status=lost')).statusCode).toBe(400);
    expect((await op('GET', '/api/shipments?from=2026-02-02&to=2026-02-01')).statusCode).toBe(400);
    expect((await call(a.member.token, 'DELETE', `/api/shipments/${s.id}`)).statusCode).toBe(403);
    expect((await op('DELETE', `/api/shipments/${s.id}`)).statusCode).toBe(200);
    expect((await op('GET', `/api/shipments/${s.id}`)).statusCode).toBe(404);
  });

  it('takes API keys with shipments:write, and refuses a key with only shipments:read', async () => {
    const key = async (scopes: string[]) => {
      const res = await call(a.admin.token, 'POST', '/api/api-keys', { name: `K ${scopes.join()}`, scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().key as string;
    };
    const writer = await key(['shipments:write', 'shipments:read']);
    const readerKey = await key(['shipments:read']);
    const body = {
      reference: 'ERP-77',
      destination_location_id: places.dock,
      lines: [{ sku: p.cap?.sku, quantity: 1 }],
    };
    expect((await call(readerKey, 'POST', '/api/shipments', body)).statusCode).toBe(403);
    const res = await call(writer, 'POST', '/api/shipments', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created_by).toMatch(/^API key /);
    expect((await call(readerKey, 'GET', `/api/shipments/${res.json().id}`)).statusCode).toBe(200);
    expect(
      (await call(a.member.token, 'POST', '/api/shipments', { ...body, reference: 'X' })).statusCode,
    ).toBe(403);
  });
});

describe('receiving', () => {
  it('counts a shipment against its lines: ok, short, over, not on the shipment, cartons, serials, unknown codes', async () => {
    const serialRead = sgtin96('00012345678905', 501, 7);
    const serialMissing = sgtin96('00012345678905', 502, 7);
    const s = await made({
      reference: 'ASN-2001',
      supplier: 'Acme Apparel',
      destination_location_id: places.dock,
      cartons: [
        { sscc: SSCC1, lines: [{ sku: p.shirt?.sku, quantity: 5 }] },
        { sscc: SSCC2, lines: [{ sku: p.mug?.sku, quantity: 4 }] },
        { sscc: SSCC3, lines: [{ sku: p.cap?.sku, quantity: 2 }] },
      ],
      epcs: [serialRead, serialMissing],
    });
    const shirtBefore = await stockAt(p.shirt?.id as number, places.dock);
    // Shirts: 4 SGTIN tags of their GTIN plus one more by its plain element string: 5, ok. Mugs: 2 of 4 scanned by
    // GTIN, short; the carton SSCC1 label scanned (twice: one carton). Socks: not on the shipment. Caps: none read,
    // and nothing of carton SSCC3 read: missing. An unknown code and an SSCC of no carton here.
    const reads = [
      ...[501, 503, 504, 505].map((serial) => ({ epc: sgtin96('00012345678905', serial, 7) })),
      { code: '010001234567890521SN9' },
      { code: '4006381333931', quantity: 2 },
      { code: `00${SSCC1}` },
      { code: `]C100${SSCC1}` },
      { code: p.sock?.sku as string, quantity: 3 },
      { code: 'MYSTERY-9' },
      { code: '00106141419999999991' },
    ];
    const auditId = await receive(reader, s.id, reads);
    const open = await shipment(s.id);
    expect(open.status).toBe('receiving');
    expect(open.receipt_audit_id).toBe(auditId);
    expect(open.receipt?.state).toBe('open');
    expect((await op('DELETE', `/api/shipments/${s.id}`)).statusCode).toBe(409);
    await complete(reader, auditId);
    const done = await shipment(s.id);
    expect(done.status).toBe('received_with_discrepancies');
    expect(done.units_received).toBe(10);
    const r = done.receipt;
    expect(r?.state).toBe('completed');
    const line = (sku?: string) => r?.lines.find((l) => l.sku === sku);
    expect(line(p.shirt?.sku)).toMatchObject({ expected: 5, received: 5, difference: 0, status: 'ok' });
    expect(line(p.mug?.sku)).toMatchObject({ expected: 4, received: 2, difference: -2, status: 'short' });
    expect(line(p.cap?.sku)).toMatchObject({ expected: 2, received: 0, difference: -2, status: 'short' });
    expect(line(p.sock?.sku)).toMatchObject({
      expected: 0,
      received: 3,
      difference: 3,
      status: 'not_on_shipment',
    });
    expect(r?.cartons).toEqual([
      { sscc: SSCC1, status: 'received' },
      { sscc: SSCC2, status: 'received' },
      { sscc: SSCC3, status: 'missing' },
    ]);
    expect(r?.serials_not_read).toEqual([{ epc: serialMissing, gtin: '00012345678905', serial: '502' }]);
    expect(r?.unknown_codes.map((u) => u.code).sort()).toEqual(['00106141419999999991', 'MYSTERY-9']);
    expect(r).toMatchObject({ units_expected: 11, units_received: 10, units_short: 4, units_over: 3 });
    // What was received is at the destination, as receipt movements naming the shipment (socks too: they are here).
    expect(await stockAt(p.shirt?.id as number, places.dock)).toBe(shirtBefore + 5);
    expect(await movementsOf(s.id)).toEqual(
      [
        { product_id: p.shirt?.id, location_id: places.dock, delta: 5, reason: 'receipt' },
        { product_id: p.mug?.id, location_id: places.dock, delta: 2, reason: 'receipt' },
        { product_id: p.sock?.id, location_id: places.dock, delta: 3, reason: 'receipt' },
      ].sort((x, y) => (x.product_id as number) - (y.product_id as number)),
    );
    // The count's audit is completed with the receipt's totals; the event is told.
    const audit = (await op('GET', `/api/audits/${auditId}`)).json();
    expect(audit).toMatchObject({ status: 'completed', tags_expected: 11, tags_found: 10 });
    const events = await t.database.db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from events where company_id = ${a.companyId} and type = 'shipment.received'
        and (payload->>'shipment_id')::int = ${s.id}`,
    );
    expect(events.rows[0]?.payload).toMatchObject({
      reference: 'ASN-2001',
      status: 'received_with_discrepancies',
      units_expected: 11,
      units_received: 10,
      units_short: 4,
      units_over: 3,
      cartons_missing: 1,
      unknown_codes: 2,
    });
    const csv = await op('GET', `/api/shipments/${s.id}/receipt.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`ASN-2001,line,${p.mug?.sku},${p.mug?.name},,4,2,-2,short`);
    expect(csv.body).toContain(`ASN-2001,carton,,,${SSCC3},1,0,,missing`);
    expect(csv.body).toContain(`ASN-2001,serial not read,,,${serialMissing},1,0,-1,serial 502`);
    // Received: it cannot be received again or deleted.
    const again = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    expect(again.statusCode).toBe(409);
    expect((await op('DELETE', `/api/shipments/${s.id}`)).statusCode).toBe(409);
  });

  it('a shipment received exactly is received; a second reader starting another receipt of it is told to join', async () => {
    const s = await made({
      reference: 'ASN-2002',
      supplier: 'Northwind',
      destination_location_id: places.back,
      lines: [{ sku: p.cap?.sku, quantity: 3 }],
    });
    const auditId = await receive(reader, s.id, [{ code: p.cap?.sku as string, quantity: 3 }]);
    const other = await pairReader(t, a);
    const second = await asReader(t, other.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `This shipment is being received in audit ${auditId}: join that count`,
    );
    await complete(reader, auditId);
    const done = await shipment(s.id);
    expect(done.status).toBe('received');
    expect(done.receipt?.lines).toEqual([
      expect.objectContaining({ sku: p.cap?.sku, expected: 3, received: 3, difference: 0, status: 'ok' }),
    ]);
  });

  it('refuses a receipt of a shipment that is not the company’s (404) and of a Dutchie-less bad id', async () => {
    const s = await made({
      reference: 'ASN-2003',
      destination_location_id: places.back,
      lines: [{ sku: p.cap?.sku, quantity: 1 }],
    });
    const readerB = await pairReader(t, b);
    const res = await asReader(t, readerB.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Shipment not found');
    const bad = await asReader(t, readerB.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
  it('a receipt whose count failed lets the shipment be received again', async () => {
    const s = await made({
      reference: 'ASN-2004',
      destination_location_id: places.back,
      lines: [{ sku: p.cap?.sku, quantity: 1 }],
    });
    const first = await receive(reader, s.id, [{ code: p.cap?.sku as string }]);
    // The time-out sweep stores a count with no reads for its time-out as failed.
    await t.database.db.execute(sql`update audits set status = 'failed' where id = ${first}`);
    const again = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json().audit_id as number;
    expect(second).not.toBe(first);
    expect(await shipment(s.id)).toMatchObject({ status: 'receiving', receipt_audit_id: second });
    await asReader(t, reader.token, `/api/rfid/audits/${second}/reads`, {
      batch_seq: 0,
      reads: [{ code: p.cap?.sku as string }],
    });
    await complete(reader, second);
    expect((await shipment(s.id)).status).toBe('received');
  });
});

describe('transfers', () => {
  it('sends a transfer out of its source and receives it at its destination', async () => {
    const tee = await product({ quantity: 10, location_id: places.store });
    const s = await made({
      reference: 'TR-1',
      source_location_id: places.store,
      destination_location_id: places.other,
      lines: [{ sku: tee.sku, quantity: 4 }],
    });
    // Not sent yet: it cannot be received.
    const early = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Send this transfer before receiving it');
    const sent = await op('POST', `/api/shipments/${s.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'in_transit', source_location: 'Harbor Store' });
    expect(sent.json().sent_at).not.toBeNull();
    expect(await stockAt(tee.id, places.store)).toBe(6);
    expect((await op('POST', `/api/shipments/${s.id}/send`)).statusCode).toBe(409);
    expect(
      (await op('GET', '/api/shipments?status=in_transit')).json().data.map((x: TShipmentSummary) => x.id),
    ).toEqual([s.id]);
    const auditId = await receive(reader, s.id, readsOf(tee.epc as string, 4));
    await complete(reader, auditId);
    expect((await shipment(s.id)).status).toBe('received');
    expect(await stockAt(tee.id, places.other)).toBe(4);
    expect(await movementsOf(s.id)).toEqual([
      { product_id: tee.id, location_id: places.other, delta: 4, reason: 'transfer_in' },
      { product_id: tee.id, location_id: places.store, delta: -4, reason: 'transfer_out' },
    ]);
  });

  it('refuses to send more than the source holds, and a shipment that is no transfer', async () => {
    const jar = await product({ quantity: 2, location_id: places.store });
    const s = await made({
      reference: 'TR-2',
      source_location_id: places.store,
      destination_location_id: places.other,
      lines: [{ sku: jar.sku, quantity: 5 }],
    });
    const res = await op('POST', `/api/shipments/${s.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Harbor Store holds 2 of ${jar.sku}, not the 5 to send`);
    expect(await stockAt(jar.id, places.store)).toBe(2);
    expect((await shipment(s.id)).status).toBe('expected');
    const asn = await made({
      reference: 'TR-3',
      destination_location_id: places.other,
      lines: [{ sku: jar.sku, quantity: 1 }],
    });
    expect((await op('POST', `/api/shipments/${asn.id}/send`)).statusCode).toBe(409);
    expect((await call(a.member.token, 'POST', `/api/shipments/${s.id}/send`)).statusCode).toBe(403);
  });
});

describe('the code lookup', () => {
  it('answers a carton label as a carton, with its expected shipment', async () => {
    const s = await made({
      reference: 'ASN-3001',
      destination_location_id: places.dock,
      cartons: [{ sscc: '006141410000000036', lines: [{ sku: p.cap?.sku, quantity: 1 }] }],
    });
    const look = async (code: string) =>
      (await op('GET', `/api/inventory/lookup?code=${encodeURIComponent(code)}`)).json();
    expect(await look('00006141410000000036')).toMatchObject({
      kind: 'carton',
      format: 'SSCC',
      carton: {
        sscc: '006141410000000036',
        shipment: { id: s.id, reference: 'ASN-3001', status: 'expected' },
      },
    });
    expect(await look(']C100006141410000000043')).toMatchObject({
      kind: 'carton',
      carton: { sscc: '006141410000000043', shipment: null },
    });
    // The old answers stand: a GTIN, and the same digits with a wrong check digit stay unknown text.
    expect(await look('012345678905')).toMatchObject({ kind: 'product', product: { id: p.shirt?.id } });
    expect(await look('010001234567890521SN3')).toMatchObject({
      kind: 'product',
      serial: 'SN3',
      gtin: '00012345678905',
    });
    expect(await look('00106141412345678907')).toMatchObject({ kind: 'unknown', format: 'Text' });
  });
});

describe('the suppliers report', () => {
  it('gives per supplier the shipments, units and the share received exactly, against figures by hand', async () => {
    const res = await op('GET', '/api/reports/suppliers?from=2000-01-01&to=2099-12-31');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as TSuppliersReport;
    // Acme Apparel: ASN-2001 (11 expected, 10 received on its lines... socks 3 over not on it; short 4, over 3).
    // Northwind: ASN-2002, exact (3 of 3). Transfers are not suppliers'.
    const acme = report.suppliers.find((s) => s.supplier === 'Acme Apparel');
    expect(acme).toMatchObject({
      shipments: 1,
      units_expected: 11,
      units_received: 10,
      units_short: 4,
      units_over: 3,
      exact: 0,
      exact_share: 0,
    });
    expect(acme?.weeks).toHaveLength(1);
    expect(report.suppliers.find((s) => s.supplier === 'Northwind')).toMatchObject({
      shipments: 1,
      units_expected: 3,
      units_received: 3,
      exact: 1,
      exact_share: 100,
    });
    // ASN-2004 had no supplier (received exactly on its second count); it is listed last, as null.
    expect(report.suppliers.at(-1)).toMatchObject({
      supplier: null,
      shipments: 1,
      exact: 1,
      units_received: 1,
    });
    const csv = await op('GET', '/api/reports/suppliers.csv?from=2000-01-01&to=2099-12-31');
    expect(csv.body.split('\n')[0]).toBe(
      'supplier,week,shipments,units_expected,units_received,units_short,units_over,exact,exact_share',
    );
    expect(csv.body).toContain('Northwind,total,1,3,3,0,0,1,100');
    expect((await op('GET', '/api/reports/suppliers?from=2026-02-02&to=2026-01-01')).statusCode).toBe(400);
    expect((await op('GET', '/api/reports/suppliers?from=yesterday')).statusCode).toBe(400);
  });
});

describe('ASN CSV import', () => {
  const upload = (csv: string) => {
    const body = multipartBody(csv, 'asn.csv');
    return t.app.inject({
      method: 'POST',
      url: '/api/shipments/import',
      headers: { ...bearer(a.operator.token), ...body.headers },
      payload: body.payload,
    });
  };

  it('makes one shipment per reference, its carton lines in cartons, all or none', async () => {
    const csv = [
      'reference,supplier,destination,sscc,sku,gtin,quantity',
      `CSV-1,Acme Apparel,Harbor Store > Dock,${SSCC1},${p.cap?.sku},,5`,
      `CSV-1,Acme Apparel,harbor store>dock,${SSCC1},,012345678905,2`,
      `CSV-1,Acme Apparel,Harbor Store > Dock,${SSCC2},${p.mug?.sku},,1`,
      `CSV-2,,Uptown Store,,${p.sock?.sku},,7`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: 2, lines: 4 });
    const [one, two] = res.json().shipments as { id: number }[];
    const first = await shipment(one?.id as number);
    expect(first).toMatchObject({ supplier: 'Acme Apparel', cartons_count: 2, units_expected: 8 });
    expect(first.lines.map((l) => [l.sku, l.quantity, l.sscc])).toEqual([
      [p.cap?.sku, 5, SSCC1],
      [p.shirt?.sku, 2, SSCC1],
      [p.mug?.sku, 1, SSCC2],
    ]);
    expect(await shipment(two?.id as number)).toMatchObject({
      supplier: null,
      destination_location: 'Uptown Store',
    });
  });

  it('names the bad row, and makes none of the file', async () => {
    const head = 'reference,supplier,destination,sscc,sku,gtin,quantity';
    const cases: [string, string][] = [
      [
        `${head}\nCSV-3,S,Uptown Store,,${p.cap?.sku},,1\nCSV-4,S,Uptown Store,${BAD_SSCC},${p.cap?.sku},,1`,
        'Row 3, sscc: must be an SSCC',
      ],
      [
        `${head}\nCSV-3,S,Uptown Store,,${p.cap?.sku},,1\nCSV-3,S,Uptown Store,,NOPE1,,1`,
        'Row 3, sku: no product of this company has it',
      ],
      [`${head}\nCSV-3,S,Nowhere,,${p.cap?.sku},,1`, 'Row 2, destination: is not one of your locations'],
      [`${head}\nCSV-3,S,Uptown Store,,${p.cap?.sku},,two`, 'Row 2, quantity: must be a whole number'],
      [`${head}\nCSV-3,S,Uptown Store,,,012345678906,1`, 'Row 2, gtin: GTIN check digit is wrong'],
      ['reference,destination,sscc\nX,Y,Z', 'The file has no quantity, sku or gtin columns'],
    ];
    for (const [csv, message] of cases) {
      const res = await upload(csv);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const refs = ((await op('GET', '/api/shipments')).json().data as TShipmentSummary[]).map(
      (s) => s.reference,
    );
    expect(refs).not.toContain('CSV-3');
    expect(refs).not.toContain('CSV-4');
  });
});
