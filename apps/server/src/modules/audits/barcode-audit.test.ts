import { randomUUID } from 'node:crypto';
import type { TAudit, TDiscrepancy, TProduct } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDigests } from '../../test/db-digest.ts';
import { bearer } from '../../test/factories.ts';
import { addLocation, asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Barcode scans through the reader protocol (version 1's `{ code, quantity? }` reads) beside RFID tag reads, counted
 * by the one resolver: GTIN barcodes, GS1 element strings and Digital Links (serials counted once), SKUs, quantities.
 */

const GS = '\u001d';
// GS1's example SGTIN-96: GTIN 80614141123458, serial 6789.
const SHIRT_EPC = '3074257BF7194E4000001A85';
const SHIRT_GTIN = '80614141123458';

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let aisle: number;
let products: Record<string, TProduct>;

const api = (url: string, token = a.member.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Barcodes Co');
  reader = await pairReader(t, a);
  aisle = await addLocation(t, a.companyId, 'Aisle 3');
  const backroom = await addLocation(t, a.companyId, 'Backroom');
  const seeds = [
    { name: 'Mug', sku: 'MUG1', gtin: '012345678905', quantity: 5, location_id: aisle },
    { name: 'Oxford shirt', sku: 'SHIRT1', gtin: SHIRT_GTIN, quantity: 3, location_id: aisle },
    { name: 'Label-only item', sku: 'CP100115', quantity: 2, location_id: aisle },
    { name: 'Soda can', sku: 'CAN1', gtin: '042100005264', quantity: 1, location_id: aisle },
    { name: 'Tagged jar', sku: 'JAR1', quantity: 2, location_id: aisle },
    { name: 'Notebook', sku: 'BOOK1', gtin: '4006381333931', quantity: 1, location_id: backroom },
  ];
  products = {};
  for (const seed of seeds) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(a.operator.token),
      payload: seed,
    });
    expect(res.statusCode, res.body).toBe(201);
    products[seed.sku] = res.json();
  }
});
afterAll(() => t?.close());

async function startAudit() {
  const res = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    location_id: aisle,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().audit_id as number;
}
const send = (id: number, batch_seq: number, reads: object[]) =>
  asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq, reads });

describe('barcode scans through the reader protocol', () => {
  it('counts a mixed stream of tags and scans exactly: GTINs, GS1 serials once, SKUs, quantities', async () => {
    const id = await startAudit();
    const first = await send(id, 0, [
      ...readsOf(products.JAR1?.epc ?? '', 2),
      { code: '012345678905' },
      { code: '012345678905', seen_at: '2026-11-27T10:00:00Z' },
      // The same serial scanned twice as GS1 DataMatrix, another as a Digital Link, a third as its SGTIN tag.
      { code: `]d201${SHIRT_GTIN}21A${GS}10LOT1` },
      { code: `]d201${SHIRT_GTIN}21A${GS}10LOT1` },
      { code: `https://id.gs1.org/01/${SHIRT_GTIN}/21/B?17=271231` },
      { epc: SHIRT_EPC },
      { code: 'cp100115' },
    ]);
    expect([first.statusCode, first.json()]).toEqual([200, { batch_seq: 0, accepted: 11, duplicate: false }]);
    const second = await send(id, 1, [
      { code: '012345678905', quantity: 2 },
      // UPC-E 04252614 is UPC-A 042100005264: the can's.
      { code: '04252614' },
      { code: '4006381333931' },
      { code: '012345678906' },
      { code: 'NOPE-1' },
      // A product's EPC typed as a code is that tag read.
      { code: (products.JAR1?.epc ?? '').toLowerCase() },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    // Resent: stored once.
    expect((await send(id, 1, [{ code: '012345678905', quantity: 2 }])).json()).toMatchObject({
      duplicate: true,
    });

    const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 2 });
    expect(done.statusCode, done.body).toBe(200);
    const audit = done.json() as TAudit;
    const rows = (await api(`/api/audits/${id}/discrepancies`)).json() as TDiscrepancy[];
    const bySku = (sku: string) => rows.find((r) => r.product_sku === sku);
    // Expected 5 + 3 + 2 + 1 + 2; found: mug 1 + 1 + 2, shirt 3 serials, label item 1, can 1, jar 2 tags.
    expect(audit).toMatchObject({
      tags_expected: 13,
      tags_found: 11,
      discrepancies_count: 2,
      misplaced_count: 1,
      unknown_count: 2,
      accuracy: 85,
      reads_count: 17,
      packages_expected: null,
    });
    expect(bySku('MUG1')).toMatchObject({
      discrepancy_type: 'shortage',
      expected_quantity: 5,
      found_quantity: 4,
      codes: '012345678905 ×3',
    });
    expect(bySku('CP100115')).toMatchObject({ expected_quantity: 2, found_quantity: 1, codes: 'cp100115' });
    for (const exact of ['SHIRT1', 'CAN1', 'JAR1']) expect(bySku(exact)).toBeUndefined();
    expect(bySku('BOOK1')).toMatchObject({
      discrepancy_type: 'misplaced',
      found_quantity: 1,
      notes: 'Read here, but belongs in Backroom',
      codes: '4006381333931',
    });
    const unknown = rows.filter((r) => r.discrepancy_type === 'unknown');
    expect(unknown.map((r) => [r.rfid_tag, r.code_format, r.notes, r.found_quantity])).toEqual(
      expect.arrayContaining([
        ['012345678906', 'UPC-A', 'Unknown UPC-A 012345678906: GTIN check digit is wrong', 1],
        ['NOPE-1', 'Text', 'Unknown code "NOPE-1" matches no product', 1],
      ]),
    );
    expect(unknown).toHaveLength(2);
    // Found products get their last scan, barcode-only ones too.
    const mug = (await api(`/api/inventory/${products.MUG1?.id}`)).json() as TProduct;
    expect(mug.last_scanned).not.toBeNull();
    // Its last scan is the time the scan carried (seen_at), the latest of its scans that say when.
    expect(mug.last_scanned).toBe('2026-11-27T10:00:00.000Z');

    // The discrepancies CSV carries the same: the codes scanned for a row, and an unknown scan's kind.
    const day = new Date().toISOString().slice(0, 10);
    const csv = await api(`/api/reports/discrepancies.csv?start=${day}&end=${day}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toMatch(/,Notes,Scanned Codes,Code Type,Expected at start,Moved during count$/);
    expect(lines.find((l) => l.includes('MUG1'))).toMatch(/,4,-1,shortage,.*,012345678905 ×3,,5,0$/);
    expect(lines.find((l) => l.includes('NOPE-1'))).toMatch(/,NOPE-1,Text,,$/);
  });

  it('refuses bad reads with a 400 naming the field, and stores nothing of the batch', async () => {
    const id = await startAudit();
    const before = await tableDigests(t);
    const cases: [object[], string][] = [
      [[{ code: '' }], 'code must be 1 to 200 printable characters'],
      [[{ code: 'x'.repeat(201) }], 'code must be 1 to 200 printable characters'],
      [[{ code: 'CP100115', quantity: 0 }], 'quantity must be a whole number from 1 to 100000'],
      [[{ code: 'CP100115', quantity: 100_001 }], 'quantity must be a whole number from 1 to 100000'],
      [[{ epc: products.JAR1?.epc, quantity: 3 }], 'quantity is for code reads'],
      [[{ epc: products.JAR1?.epc, code: 'CP100115' }], 'A read needs an epc'],
      [[{}], 'A read needs an epc'],
      [
        [{ code: 'CP100115' }, { code: 'A\u0007B' }],
        'reads.1.code contains a character that is not allowed (U+0007)',
      ],
    ];
    for (const [reads, message] of cases) {
      const res = await send(id, 0, reads);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // GS separates GS1 fields in a code, and only there.
    const gsElsewhere = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name: `Count${GS}1`,
    });
    expect([gsElsewhere.statusCode, gsElsewhere.json().message]).toEqual([
      400,
      'name contains a character that is not allowed (U+001D)',
    ]);
    expect(await tableDigests(t)).toEqual(before);
  });
});

describe('GET /api/inventory/lookup', () => {
  const lookup = async (code: string, token?: string) => {
    const res = await api(`/api/inventory/lookup?code=${encodeURIComponent(code)}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('names the product a code is, for every role', async () => {
    const mug = { id: products.MUG1?.id, sku: 'MUG1', name: 'Mug' };
    expect(await lookup('012345678905')).toEqual({
      kind: 'product',
      serialized: false,
      code: '012345678905',
      format: 'UPC-A',
      product: mug,
      gtin: '00012345678905',
    });
    expect(await lookup(`]d201${SHIRT_GTIN}21A${GS}10L`, a.operator.token)).toMatchObject({
      kind: 'product',
      serialized: true,
      format: 'GS1 DataMatrix',
      product: { sku: 'SHIRT1' },
      serial: 'A',
    });
    expect(await lookup(SHIRT_EPC, a.admin.token)).toMatchObject({
      kind: 'product',
      format: 'SGTIN',
      serialized: true,
      serial: '6789',
    });
    expect(await lookup(`https://example.com/01/${SHIRT_GTIN}`)).toMatchObject({
      product: { sku: 'SHIRT1' },
    });
    expect(await lookup(' cp100115 ')).toMatchObject({
      kind: 'product',
      code: 'CP100115'.toLowerCase(),
      product: { sku: 'CP100115' },
    });
    expect(await lookup('04252614')).toMatchObject({ format: 'UPC-E', product: { sku: 'CAN1' } });
    expect(await lookup(products.JAR1?.epc ?? '')).toMatchObject({ format: 'EPC', product: { sku: 'JAR1' } });
    expect(await lookup('012345678906')).toEqual({
      kind: 'unknown',
      serialized: false,
      code: '012345678906',
      format: 'UPC-A',
      reason: 'GTIN check digit is wrong',
    });
    expect(await lookup('NOPE')).toMatchObject({ kind: 'unknown', reason: 'No product has this code' });
  });

  it('refuses a missing, empty, too long or control-character code', async () => {
    for (const url of [
      '/api/inventory/lookup',
      '/api/inventory/lookup?code=',
      `/api/inventory/lookup?code=${'x'.repeat(201)}`,
      '/api/inventory/lookup?code=A%07B',
    ]) {
      const res = await api(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/inventory/lookup?code=MUG1' });
    expect(unsigned.statusCode).toBe(401);
  });
});
