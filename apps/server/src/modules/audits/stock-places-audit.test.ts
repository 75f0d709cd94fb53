import { randomUUID } from 'node:crypto';
import type { TCountSheet, TDiscrepancy, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Counting a place when stock has places: a count expects the stock rows of the place counted and its sub-places, a
// product read where it has no row is misplaced and says where its stock is, and applying changes the rows counted.

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
const at = { store: 0, floor: 0, back: 0, depot: 0, annex: 0 };

type Method = 'GET' | 'POST' | 'PUT';
const op = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), ...(payload ? { payload } : {}) });

async function create(payload: object): Promise<TProduct> {
  const res = await op('POST', '/api/inventory', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function location(name: string, parent?: number) {
  const res = await op('POST', '/api/locations', { name, parent_location_id: parent ?? null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** A product's stock rows and total as the database holds them: { location_id: quantity }, and total. */
async function stockOf(p: TProduct) {
  const rows = await t.database.db.execute<{ location_id: number | null; quantity: number }>(
    sql`select location_id, quantity from stock where company_id = ${a.companyId} and product_id = ${p.id}`,
  );
  const total = await t.database.db.execute<{ quantity: number }>(
    sql`select quantity from products where company_id = ${a.companyId} and id = ${p.id}`,
  );
  return {
    rows: Object.fromEntries(rows.rows.map((r) => [String(r.location_id), Number(r.quantity)])),
    total: Number(total.rows[0]?.quantity),
  };
}

/** Starts a count of `locationId` on the reader; `reads` are [product, units found]. */
async function startCount(locationId: number | null, reads: [TProduct, number][]) {
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    location_id: locationId,
    name: 'Place count',
  });
  expect(start.statusCode, start.body).toBe(201);
  const id = start.json().audit_id as number;
  const all = reads.flatMap(([p, n]) => readsOf(p.epc, n));
  if (all.length > 0)
    await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads: all });
  return { id, batches: all.length > 0 ? 1 : 0 };
}

async function count(locationId: number | null, reads: [TProduct, number][]) {
  const { id, batches } = await startCount(locationId, reads);
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: batches });
  expect(done.statusCode, done.body).toBe(200);
  const lines = (await op('GET', `/api/audits/${id}/discrepancies`)).json() as TDiscrepancy[];
  return { audit: done.json(), lines: Object.fromEntries(lines.map((l) => [l.product_sku ?? l.epc, l])) };
}

const apply = (id: number, ids?: (number | undefined)[]) =>
  op('POST', `/api/audits/${id}/apply-counts`, {
    reason: 'Cycle count',
    ...(ids && { discrepancy_ids: ids }),
  });

let tent: TProduct;
let mug: TProduct;
let lamp: TProduct;
let loose: TProduct;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Stock places audit');
  reader = await pairReader(t, a);
  at.store = await location('Store');
  at.floor = await location('Floor', at.store);
  at.back = await location('Back room', at.store);
  at.depot = await location('Depot');
  at.annex = await location('Annex');
  const stock = (rows: [number | null, number][]) => rows.map(([l, q]) => ({ location_id: l, quantity: q }));
  tent = await create({
    name: 'Tent',
    sku: 'TENT',
    stock: stock([
      [at.floor, 3],
      [at.back, 5],
    ]),
  });
  mug = await create({ name: 'Mug', sku: 'MUG', quantity: 2, location_id: at.depot });
  lamp = await create({
    name: 'Lamp',
    sku: 'LAMP',
    stock: stock([
      [at.depot, 4],
      [at.annex, 0],
      [null, 1],
    ]),
  });
  loose = await create({ name: 'Loose', sku: 'LOOSE', quantity: 1 });
});
afterAll(() => t.close());

describe('the expected stock of a count is the stock rows of the place and its sub-places', () => {
  it('expects 3 on the floor (not 8, not 5) and 8 in the store, on the sheet, its lookup and the count', async () => {
    const floor = await startCount(at.floor, []);
    const sheet = (
      await t.app.inject({
        method: 'GET',
        url: `/api/rfid/audits/${floor.id}/sheet`,
        headers: bearer(reader.token),
      })
    ).json() as TCountSheet;
    expect(sheet.tags_expected).toBe(3);
    expect(sheet.items.find((i) => i.sku === 'TENT')).toMatchObject({ expected: 3, in_scope: true });
    expect(sheet.items.find((i) => i.sku === 'MUG')).toMatchObject({ expected: 0, in_scope: false });
    const totals = await t.app.inject({
      method: 'GET',
      url: `/api/rfid/audits/${floor.id}/sheet?items=expected`,
      headers: bearer(reader.token),
    });
    expect(totals.json()).toMatchObject({ tags_expected: 3, items: [{ sku: 'TENT', expected: 3 }] });
    const lookup = await asReader(t, reader.token, `/api/rfid/audits/${floor.id}/sheet/lookup`, {
      epcs: [tent.epc, lamp.epc],
      codes: ['mug'],
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const named = Object.fromEntries(lookup.json().items.map((i: { sku: string }) => [i.sku, i]));
    expect(named.TENT).toMatchObject({ expected: 3, in_scope: true });
    // Read here but kept elsewhere: the Count screen says where.
    expect(named.LAMP).toMatchObject({ expected: 0, in_scope: false, belongs: 'Annex, Depot, no location' });
    expect(named.MUG).toMatchObject({ expected: 0, in_scope: false, belongs: 'Depot' });
    expect(named.TENT.belongs ?? null).toBeNull();
    await asReader(t, reader.token, `/api/rfid/audits/${floor.id}/complete`, { batch_count: 0 });

    const onFloor = await count(at.floor, [[tent, 3]]);
    expect(onFloor.audit).toMatchObject({
      tags_expected: 3,
      tags_found: 3,
      misplaced_count: 0,
      accuracy: 100,
    });
    expect(onFloor.lines).toEqual({});
    const inStore = await count(at.store, [[tent, 7]]);
    expect(inStore.audit).toMatchObject({ tags_expected: 8, tags_found: 7, discrepancies_count: 1 });
    expect(inStore.lines.TENT).toMatchObject({
      discrepancy_type: 'shortage',
      expected_quantity: 8,
      found_quantity: 7,
    });
  });

  it('calls a product read where it has no stock row misplaced, and says where its stock is', async () => {
    const { audit, lines } = await count(at.annex, [
      [tent, 2],
      [mug, 1],
      [loose, 1],
    ]);
    // Lamp's row in the annex holds 0 units: it is expected there at 0 and not read, so no line.
    expect(audit).toMatchObject({ tags_expected: 0, misplaced_count: 4, expected_count: 1 });
    expect(lines.TENT).toMatchObject({
      discrepancy_type: 'misplaced',
      found_quantity: 2,
      notes: 'Read here, but its stock is in Store > Back room, Store > Floor',
    });
    // One place reads as before stock had places.
    expect(lines.MUG?.notes).toBe('Read here, but belongs in Depot');
    expect(lines.LOOSE?.notes).toBe('Read here, but this product has no location set');
    // Rows with units are named, the one without a location too.
    const inBack = await count(at.back, [[lamp, 1]]);
    expect(inBack.lines.LAMP?.notes).toBe('Read here, but its stock is in Depot, no location');
  });

  it('counts the whole catalogue at products’ totals, with nothing misplaced', async () => {
    const { audit, lines } = await count(null, [[tent, 8]]);
    expect(audit).toMatchObject({ misplaced_count: 0 });
    expect(lines.TENT).toBeUndefined();
    expect(lines.LAMP).toMatchObject({
      discrepancy_type: 'shortage',
      expected_quantity: 5,
      found_quantity: 0,
    });
  });
});

describe('applying a count changes the stock rows of the place counted', () => {
  it('takes a shortage from the counted place only, and the total follows', async () => {
    const { audit, lines } = await count(at.floor, [[tent, 1]]);
    expect(lines.TENT).toMatchObject({
      discrepancy_type: 'shortage',
      expected_quantity: 3,
      found_quantity: 1,
    });
    const res = await apply(audit.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1, left: 0 });
    expect(await stockOf(tent)).toEqual({ rows: { [at.floor]: 1, [at.back]: 5 }, total: 6 });
  });

  it('takes a larger shortage from the home first, then the other rows in scope, never below 0', async () => {
    const { audit } = await count(at.store, [[tent, 2]]);
    expect((await apply(audit.id)).statusCode).toBe(200);
    // Floor (the home) gives its 1, the back room the other 3.
    expect(await stockOf(tent)).toEqual({ rows: { [at.floor]: 0, [at.back]: 2 }, total: 2 });
  });

  it('adds an overage to the home when it is in scope, else to the row with most units', async () => {
    const inStore = await count(at.store, [[tent, 5]]);
    expect((await apply(inStore.audit.id)).statusCode).toBe(200);
    expect(await stockOf(tent)).toEqual({ rows: { [at.floor]: 3, [at.back]: 2 }, total: 5 });
    const inBack = await count(at.back, [[tent, 4]]);
    expect((await apply(inBack.audit.id)).statusCode).toBe(200);
    expect(await stockOf(tent)).toEqual({ rows: { [at.floor]: 3, [at.back]: 4 }, total: 7 });
  });

  it('stocks a misplaced product where it was found only when its line is chosen', async () => {
    const all = await count(at.annex, [
      [tent, 2],
      [mug, 1],
    ]);
    expect((await apply(all.audit.id)).json()).toMatchObject({ applied: 0 });
    expect((await stockOf(tent)).total).toBe(7);

    const chosen = await count(at.annex, [
      [tent, 2],
      [mug, 1],
    ]);
    const res = await apply(chosen.audit.id, [chosen.lines.TENT?.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1 });
    expect(await stockOf(tent)).toEqual({ rows: { [at.floor]: 3, [at.back]: 4, [at.annex]: 2 }, total: 9 });
    // The mug, not chosen, stays in one place, as before.
    expect(await stockOf(mug)).toEqual({ rows: { [at.depot]: 2 }, total: 2 });
    const lines = (await op('GET', `/api/audits/${chosen.audit.id}/discrepancies`)).json() as TDiscrepancy[];
    expect(lines.find((l) => l.product_sku === 'TENT')?.applied_at).not.toBeNull();
  });

  it('sets a product’s total from a whole-catalogue count, the difference at its home; one place as before', async () => {
    const { audit, lines } = await count(null, [
      [tent, 6],
      [mug, 3],
    ]);
    expect(lines.TENT).toMatchObject({ expected_quantity: 9, found_quantity: 6 });
    const res = await apply(audit.id, [lines.TENT?.id, lines.MUG?.id]);
    expect(res.json()).toMatchObject({ applied: 2 });
    // 3 fewer: the floor (home) gives its 3.
    expect(await stockOf(tent)).toEqual({ rows: { [at.floor]: 0, [at.back]: 4, [at.annex]: 2 }, total: 6 });
    expect(await stockOf(mug)).toEqual({ rows: { [at.depot]: 3 }, total: 3 });
  });
});

describe('the shrink report by location', () => {
  it('puts a change where the count made it: the home when counted, else the location counted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/shrink?group_by=location',
      headers: bearer(a.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows as {
      label: string;
      lines: number;
      units_lost: number;
      units_found: number;
    }[];
    // The floor (the tent's home) in its own counts, the store's and the whole catalogue's; the back room's count
    // added to the back room; the mug's at its one place.
    expect(rows.map((r) => [r.label, r.lines, r.units_lost, r.units_found]).sort()).toEqual([
      ['Back room', 1, 0, 2],
      ['Depot', 1, 0, 1],
      ['Floor', 4, 9, 3],
    ]);
  });
});

describe('a recount of a place', () => {
  it('expects the rows of the place recounted, names its places there, and takes them when all are found', async () => {
    const boot = await create({
      name: 'Boot',
      sku: 'BOOT',
      stock: [
        { location_id: at.floor, quantity: 2 },
        { location_id: at.back, quantity: 4 },
        { location_id: at.annex, quantity: 1 },
      ],
    });
    const { audit, lines } = await count(at.store, [[boot, 3]]);
    expect(lines.BOOT).toMatchObject({ expected_quantity: 6, found_quantity: 3 });
    const started = await op('POST', `/api/audits/${audit.id}/recount`, {
      discrepancy_ids: [lines.BOOT?.id],
      device_id: reader.deviceId,
    });
    expect(started.statusCode, started.body).toBe(201);
    const recountId = started.json().id as number;
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/rfid/audits/${recountId}/sheet?items=expected`,
      headers: bearer(reader.token),
    });
    expect(sheet.json()).toMatchObject({
      tags_expected: 6,
      items: [{ sku: 'BOOT', expected: 6, in_scope: true, location: 'Back room, Floor' }],
    });
    await asReader(t, reader.token, `/api/rfid/audits/${recountId}/reads`, {
      batch_seq: 0,
      reads: readsOf(boot.epc, 6),
    });
    const done = await asReader(t, reader.token, `/api/rfid/audits/${recountId}/complete`, {
      batch_count: 1,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await op('GET', `/api/audits/${audit.id}/discrepancies`)).json() as TDiscrepancy[];
    expect(after.find((l) => l.product_sku === 'BOOT')).toMatchObject({
      expected_quantity: 6,
      found_quantity: 6,
      notes: 'Recounted: as expected',
    });
  });
});
