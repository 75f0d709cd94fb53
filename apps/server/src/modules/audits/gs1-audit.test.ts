import { randomUUID } from 'node:crypto';
import {
  decodeTag,
  epcFromSku,
  GTIN_MESSAGES,
  INVENTORY_MESSAGES,
  sgtin96,
  type TDiscrepancy,
  type TProduct,
} from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../lib/multipart-body.ts';
import { bearer } from '../../test/factories.ts';
import { addLocation, asReader, type PairedReader, pairReader, readsOf, tidFor } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// GS1's own example: SGTIN-96 3074257BF7194E4000001A85 is GTIN 80614141123458, serial 6789 (company prefix 0614141).
const GS1_EXAMPLE = '3074257BF7194E4000001A85';
const SHIRT_GTIN = '80614141123458';
const SOCKS_GTIN = '00614141000036';
const STRANGER_GTIN = '04006381333931';
/** A tag a supplier wrote that is not GS1 (a chip's factory EPC), given to a product explicitly. */
const SUPPLIER_EPC = 'E2003412DC03011819000001';

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let aisle: number;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Standard Tags Co');
  reader = await pairReader(t, a);
  aisle = await addLocation(t, a.companyId, 'Aisle 3');
});
afterAll(() => t?.close());

describe('GS1 tags', () => {
  it('decodes the Tag Data Standard’s example', () => {
    expect(decodeTag(GS1_EXAMPLE)).toEqual({
      gtin: SHIRT_GTIN,
      serial: '6789',
      text: `GTIN ${SHIRT_GTIN}, serial 6789`,
    });
    expect(sgtin96(SHIRT_GTIN, 6789, 7)).toBe('3034257BF7194E4000001A85');
    expect(decodeTag(epcFromSku('SHIRT1'))).toEqual({ gtin: null, serial: null, text: null });
  });

  it('products take a GTIN (any length, check digit verified, answered as GTIN-14) and a tag they already carry', async () => {
    const shirt = await api('POST', '/api/inventory', {
      name: 'Oxford shirt',
      sku: 'SHIRT1',
      gtin: '80614141123458',
      quantity: 3,
      location_id: aisle,
    });
    expect(shirt.statusCode, shirt.body).toBe(201);
    expect(shirt.json()).toMatchObject({ gtin: SHIRT_GTIN, tag_source: 'sku', epc: epcFromSku('SHIRT1') });

    const socks = await api('POST', '/api/inventory', {
      name: 'Wool socks',
      sku: 'SOCK1',
      gtin: '614141000036',
      quantity: 2,
      location_id: aisle,
    });
    expect(socks.json()).toMatchObject({ gtin: SOCKS_GTIN });

    const boots = await api('POST', '/api/inventory', {
      name: 'Rain boots',
      sku: 'BOOT1',
      epc: SUPPLIER_EPC.toLowerCase(),
      quantity: 1,
      location_id: aisle,
    });
    expect(boots.json()).toMatchObject({ epc: SUPPLIER_EPC, tag_source: 'explicit', rfid_tag: SUPPLIER_EPC });
    // An edit that leaves the tag out keeps it; an empty one goes back to the SKU's.
    const kept = await api('PUT', `/api/inventory/${boots.json().id}`, {
      name: 'Rain boots',
      sku: 'BOOT1',
      quantity: 1,
      location_id: aisle,
    });
    expect(kept.json()).toMatchObject({ epc: SUPPLIER_EPC, tag_source: 'explicit' });

    for (const [body, status, message] of [
      [{ name: 'Bad', sku: 'BAD1', gtin: '80614141123459' }, 400, GTIN_MESSAGES.checkDigit],
      [{ name: 'Bad', sku: 'BAD1', gtin: '12345' }, 400, GTIN_MESSAGES.format],
      [{ name: 'Bad', sku: 'BAD1', epc: 'XYZ' }, 400, INVENTORY_MESSAGES.epcInvalid],
      [{ name: 'Dup', sku: 'DUP1', gtin: SHIRT_GTIN }, 409, GTIN_MESSAGES.taken(SHIRT_GTIN, 'SHIRT1')],
    ] as const) {
      const res = await api('POST', '/api/inventory', body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    // Two SKUs whose padded tags collide: the second gets its own tag and both exist.
    await api('POST', '/api/inventory', { name: 'Gum', sku: 'GUM1' });
    const gum10 = await api('POST', '/api/inventory', { name: 'Gum ten', sku: 'GUM10' });
    expect(gum10.statusCode).toBe(409);
    const own = await api('POST', '/api/inventory', {
      name: 'Gum ten',
      sku: 'GUM10',
      epc: 'E2003412DC03011819000099',
    });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('a search finds a product by its GTIN or by an SGTIN of it', async () => {
    const skus = async (search: string) =>
      ((await api('GET', `/api/inventory?search=${search}`)).json().data as TProduct[]).map((p) => p.sku);
    expect(await skus('80614141123458')).toEqual(['SHIRT1']);
    expect(await skus('614141000036')).toEqual(['SOCK1']);
    expect(await skus(sgtin96(SHIRT_GTIN, 99, 7))).toEqual(['SHIRT1']);
    expect(await skus(SUPPLIER_EPC)).toEqual(['BOOT1']);
  });

  it('Tallie finds a product asked for by its GTIN or by the EPC on its tag', async () => {
    for (const asked of [`where is ${SHIRT_GTIN}?`, `where is ${sgtin96(SHIRT_GTIN, 5, 7)}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chatbot',
        headers: bearer(a.member.token),
        payload: { messages: [{ role: 'user', content: asked }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().response).toContain('Oxford shirt');
    }
  });

  it('counts SGTIN serials as units of the product with that GTIN, beside SKU tags, in one audit', async () => {
    const id = (
      await asReader(t, reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        name: 'Aisle 3 mixed tags',
        location_id: aisle,
      })
    ).json().audit_id as number;
    const shirtSerials = [1, 2].map((n) => sgtin96(SHIRT_GTIN, n, 7));
    const reads = [
      // Two shirts by their serials (one read many times, one with two reads of its own TID), and the GS1 example.
      ...readsOf(shirtSerials[0] ?? '', 1, 5),
      ...readsOf(shirtSerials[1] ?? '', 1, 2),
      ...readsOf(GS1_EXAMPLE, 1, 1),
      // Four socks: SGTINs of SOCKS_GTIN under a 7-digit prefix: one more than expected.
      ...[11, 12, 13].map((n) => ({ epc: sgtin96(SOCKS_GTIN, n, 7), tid: null, rssi: -50, count: 1 })),
      // The boots by the supplier's tag; GUM1 by its SKU tag (not expected here: no location).
      ...readsOf(SUPPLIER_EPC, 1, 2),
      { epc: epcFromSku('GUM1'), tid: tidFor(epcFromSku('GUM1'), 0), rssi: -60, count: 1 },
      // A neighbour's jeans (a GTIN we don't carry), a pallet's SSCC and a tag that is nothing standard.
      { epc: sgtin96(STRANGER_GTIN, 6789, 7), tid: null, rssi: -70, count: 1 },
      { epc: '3178E61C883950F59A000000', tid: null, rssi: -70, count: 1 },
      { epc: 'E28011606000020DEADBEEF0', tid: null, rssi: -70, count: 1 },
    ];
    await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
    const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
    expect(done.statusCode, done.body).toBe(200);
    // Expected in Aisle 3: 3 shirts, 2 socks, 1 boots = 6. Found: 3 shirts, 3 socks, 1 boots.
    expect(done.json()).toMatchObject({
      tags_expected: 6,
      tags_found: 7,
      discrepancies_count: 1,
      misplaced_count: 1,
      unknown_count: 3,
    });
    const rows = (
      await t.app.inject({
        method: 'GET',
        url: `/api/audits/${id}/discrepancies`,
        headers: bearer(a.member.token),
      })
    ).json() as TDiscrepancy[];
    const byType = (type: string) =>
      rows
        .filter((r) => r.discrepancy_type === type)
        .map((r) => [r.product_sku, r.expected_quantity, r.found_quantity, r.notes]);
    expect(byType('overage')).toEqual([['SOCK1', 2, 3, '1 more than expected']]);
    expect(byType('shortage')).toEqual([]);
    expect(byType('misplaced')).toEqual([['GUM1', 0, 1, 'Read here, but this product has no location set']]);
    expect(
      byType('unknown')
        .map((r) => r[3])
        .sort(),
    ).toEqual([
      `Unknown tag: GTIN ${STRANGER_GTIN}, serial 6789 matches no product`,
      'Unknown tag: SSCC 323563453213454346 matches no product',
      'Unknown tag: matches no product',
    ]);
  });

  it('CSV files carry GTINs and the tags items already carry, out and back in', async () => {
    const exported = await api('GET', '/api/inventory/export.csv?search=SHIRT1');
    const [header, shirt] = exported.body.trim().split(/\r?\n/);
    expect(header?.endsWith(',gtin,epc')).toBe(true);
    expect(shirt?.endsWith(`,${SHIRT_GTIN},`)).toBe(true);
    const boots = (await api('GET', '/api/inventory/export.csv?search=BOOT1')).body.trim().split(/\r?\n/)[1];
    expect(boots?.endsWith(`,,${SUPPLIER_EPC}`)).toBe(true);

    const csv = [
      'name,sku,quantity,gtin,epc',
      'Linen shirt,LINEN1,4,00614141000043,',
      'Supplier hat,HAT1,2,,3034257BF7194E4000000001',
      'Bad check,BADG1,1,00614141000044,',
      'Bad tag,BADT1,1,,NOTHEX',
      `Clash,CLASH1,1,${SHIRT_GTIN},`,
      // Re-imported without a tag: the boots keep the tag they carry.
      'Rain boots,BOOT1,5,,',
    ].join('\n');
    const body = multipartBody(csv, 'tags.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: { ...bearer(a.operator.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toMatchObject({ successful: 3, failed: 3 });
    expect(
      res.json().details.failed.map((f: { row: number; message: string }) => [f.row, f.message]),
    ).toEqual([
      [4, GTIN_MESSAGES.checkDigit],
      [5, INVENTORY_MESSAGES.epcInvalid],
      [6, GTIN_MESSAGES.taken(SHIRT_GTIN, 'SHIRT1')],
    ]);
    const product = async (sku: string) =>
      ((await api('GET', `/api/inventory?search=${sku}`)).json().data as TProduct[])[0];
    expect(await product('LINEN1')).toMatchObject({ gtin: '00614141000043', tag_source: 'sku' });
    expect(await product('HAT1')).toMatchObject({ epc: '3034257BF7194E4000000001', tag_source: 'explicit' });
    expect(await product('BOOT1')).toMatchObject({ epc: SUPPLIER_EPC, tag_source: 'explicit', quantity: 5 });
  });
});
