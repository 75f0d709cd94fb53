import { type TReplenishmentResponse, ZONE_MESSAGES } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The refill list (issue 52): a store's products under their floor minimum while a stockroom holds some.

let t: TestApp;
let a: Tenant;
const ids: Record<string, number> = {};
const products: Record<string, number> = {};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = a.operator.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function place(name: string, kind: string, parent?: string) {
  const res = await call('POST', '/api/locations', {
    name,
    kind,
    parent_location_id: parent ? ids[parent] : null,
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = res.json().id;
}

async function product(sku: string, stock: [string, number][]) {
  const res = await call('POST', '/api/inventory', {
    name: `Product ${sku}`,
    sku,
    location_id: ids[stock[0]?.[0] ?? ''],
    stock: stock.map(([where, quantity]) => ({ location_id: ids[where], quantity })),
  });
  expect(res.statusCode, res.body).toBe(201);
  products[sku] = res.json().id;
}

const minimum = (sku: string, min: number | null, where?: string) =>
  call('PUT', '/api/replenishment/minimum', {
    product_id: products[sku],
    ...(where ? { location_id: ids[where] } : {}),
    min_quantity: min,
  });

async function sell(sku: string, where: string, units: number) {
  const res = await call('POST', '/api/inventory/movements', {
    movements: [{ product_id: products[sku], location_id: ids[where], delta: -units, reason: 'sale' }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const list = async (store = 'Store') => {
  const res = await call('GET', `/api/replenishment?location_id=${ids[store]}&limit=500`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TReplenishmentResponse;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Refill Co');
  await place('Store', 'store');
  await place('Floor', 'sales_floor', 'Store');
  await place('Aisle 1', 'other', 'Floor');
  await place('Back A', 'stockroom', 'Store');
  await place('Back B', 'stockroom', 'Store');
  await place('Other store', 'store');
  await place('Other back', 'stockroom', 'Other store');
  // FULL: floor at its minimum. EMPTYBACK: short, nothing in the back. SPLIT: short, two stockrooms. CAPPED: short
  // by more than the stockroom holds. SOLD: short by 1, sold the most. ELSEWHERE: stock in another store only.
  await product('FULL', [
    ['Aisle 1', 4],
    ['Back A', 3],
  ]);
  await product('EMPTYBACK', [
    ['Aisle 1', 1],
    ['Back A', 0],
  ]);
  await product('SPLIT', [
    ['Aisle 1', 1],
    ['Back A', 2],
    ['Back B', 6],
  ]);
  await product('CAPPED', [
    ['Aisle 1', 0],
    ['Back B', 2],
  ]);
  await product('SOLD', [
    ['Aisle 1', 5],
    ['Back A', 4],
  ]);
  await product('ELSEWHERE', [['Other back', 8]]);
  for (const sku of ['FULL', 'EMPTYBACK', 'SPLIT', 'CAPPED', 'ELSEWHERE']) {
    expect((await minimum(sku, 4)).statusCode).toBe(200);
  }
  // SOLD's own minimum on its aisle row (over the product's floor_min of 1).
  expect((await minimum('SOLD', 1)).statusCode).toBe(200);
  expect((await minimum('SOLD', 4, 'Aisle 1')).statusCode).toBe(200);
  await sell('SOLD', 'Aisle 1', 2);
  await sell('SPLIT', 'Back A', 1);
});
afterAll(() => t.close());

describe('the refill list (issue 52)', () => {
  it('lists what the floor is missing and the stockrooms hold, by recent sales then what is missing', async () => {
    const body = await list();
    expect(body.store).toEqual({ id: ids.Store, name: 'Store' });
    expect(
      body.rows.map((r) => [r.sku, r.sales_floor, r.floor_min, r.stockroom, r.to_move, r.recent_sales]),
    ).toEqual([
      ['SOLD', 3, 4, 4, 1, 2],
      ['SPLIT', 1, 4, 7, 3, 1],
      ['CAPPED', 0, 4, 2, 2, 0],
    ]);
    const split = body.rows.find((r) => r.sku === 'SPLIT');
    expect([split?.from_location, split?.to_location]).toEqual(['Store > Back B', 'Store > Floor > Aisle 1']);
  });

  it('answers a page at a time: limit rows, the next cursor, and how many are left', async () => {
    const page = async (query: string) => {
      const res = await call('GET', `/api/replenishment?location_id=${ids.Store}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TReplenishmentResponse;
    };
    const whole = await list();
    expect([whole.remaining, whole.next_cursor]).toEqual([3, null]);
    // Without limit: the first page of 100.
    expect(await page('')).toEqual(whole);
    const first = await page('&limit=2');
    expect([first.rows.map((r) => r.sku), first.remaining]).toEqual([['SOLD', 'SPLIT'], 3]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const last = await page(`&limit=2&cursor=${first.next_cursor}`);
    expect([last.rows.map((r) => r.sku), last.remaining, last.next_cursor]).toEqual([['CAPPED'], 1, null]);
    // A page that ends exactly at the list's end says so.
    const exact = await page('&limit=3');
    expect([exact.rows.length, exact.next_cursor]).toEqual([3, null]);
    const byOne = await page('&limit=1');
    const second = await page(`&limit=1&cursor=${byOne.next_cursor}`);
    expect([second.rows.map((r) => r.sku), second.remaining]).toEqual([['SPLIT'], 2]);
  });

  it('refuses a limit or cursor it cannot use, with a message', async () => {
    const cursorOf = (keys: unknown) => Buffer.from(JSON.stringify(keys)).toString('base64url');
    const limits = ['0', '501', 'ten', '2.5', '-1'];
    const cursors = [
      'not-a-cursor',
      cursorOf({ sales: 1 }),
      cursorOf([1, 2, 'A name']),
      cursorOf([1, 2, 3, 4]),
      cursorOf([1.5, 2, 'A name', 4]),
      cursorOf([1, 2, 'A\u0000name', 4]),
      cursorOf([1, 2, 'A name', 2 ** 40]),
      'x'.repeat(2001),
    ];
    for (const limit of limits) {
      const res = await call('GET', `/api/replenishment?location_id=${ids.Store}&limit=${limit}`);
      expect([res.statusCode, res.json().message], limit).toEqual([
        400,
        'limit must be a whole number from 1 to 500',
      ]);
    }
    for (const cursor of cursors) {
      const res = await call(
        'GET',
        `/api/replenishment?location_id=${ids.Store}&cursor=${encodeURIComponent(cursor)}`,
      );
      expect([res.statusCode, res.json().message], cursor).toEqual([400, ZONE_MESSAGES.refillCursor]);
    }
  });

  it('pages through ties (same sales, same shortfall, even the same name) without losing or repeating one', async () => {
    await place('Tie store', 'store');
    await place('Tie floor', 'sales_floor', 'Tie store');
    await place('Tie back', 'stockroom', 'Tie store');
    const names = ['Tie b', 'Tie A', 'tie a', 'Tie é', 'Tie c', 'Tie A', 'Tie A'];
    for (const [i, name] of names.entries()) {
      const res = await call('POST', '/api/inventory', {
        name,
        sku: `TIE${i}`,
        location_id: ids['Tie floor'],
        stock: [
          { location_id: ids['Tie floor'], quantity: 1 },
          { location_id: ids['Tie back'], quantity: 5 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      products[`TIE${i}`] = res.json().id;
      expect((await minimum(`TIE${i}`, 3)).statusCode).toBe(200);
    }
    const whole = await list('Tie store');
    expect(whole.rows).toHaveLength(names.length);
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < names.length; pages++) {
      const res = await call(
        'GET',
        `/api/replenishment?location_id=${ids['Tie store']}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = res.json() as TReplenishmentResponse;
      expect(body.remaining).toBe(names.length - paged.length);
      paged.push(...body.rows.map((r) => r.sku));
      cursor = body.next_cursor;
      if (!cursor) break;
    }
    expect(paged).toEqual(whole.rows.map((r) => r.sku));
  });

  it('records "moved" as a transfer from the stockroom to the floor, and the product leaves the list', async () => {
    const row = (await list()).rows.find((r) => r.sku === 'SPLIT');
    if (!row) throw new Error('SPLIT is not listed');
    const res = await call('POST', '/api/replenishment/moved', {
      location_id: ids.Store,
      product_id: row.product_id,
      from_location_id: row.from_location_id,
      to_location_id: row.to_location_id,
      quantity: row.to_move,
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = await t.app.db.execute<{ location_id: number; delta: number; reason: string }>(sql`
      select location_id, delta, reason from stock_movements
      where company_id = ${a.companyId} and product_id = ${row.product_id} and reference = 'Refill' order by id`);
    expect(moved.rows).toEqual([
      { location_id: ids['Back B'], delta: -3, reason: 'transfer_out' },
      { location_id: ids['Aisle 1'], delta: 3, reason: 'transfer_in' },
    ]);
    expect((await list()).rows.map((r) => r.sku)).toEqual(['SOLD', 'CAPPED']);
  });

  it('refuses a move the stockroom cannot cover, or between the wrong places, moving nothing', async () => {
    const body = {
      location_id: ids.Store,
      product_id: products.CAPPED,
      from_location_id: ids['Back B'],
      to_location_id: ids['Aisle 1'],
    };
    const tooMany = await call('POST', '/api/replenishment/moved', { ...body, quantity: 3 });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, 'The stockroom holds only 2']);
    const wrongWay = await call('POST', '/api/replenishment/moved', {
      ...body,
      from_location_id: ids['Aisle 1'],
      to_location_id: ids['Back B'],
      quantity: 1,
    });
    expect(wrongWay.statusCode).toBe(400);
    const notInStore = await call('POST', '/api/replenishment/moved', {
      ...body,
      from_location_id: ids['Other back'],
      quantity: 1,
    });
    expect(notInStore.statusCode).toBe(400);
    const byMember = await call('POST', '/api/replenishment/moved', { ...body, quantity: 1 }, a.member.token);
    expect(byMember.statusCode).toBe(403);
    expect((await list()).rows.find((r) => r.sku === 'CAPPED')?.stockroom).toBe(2);
  });

  it('answers another store its own list, and refuses a place that is no store', async () => {
    expect((await list('Other store')).rows.map((r) => r.sku)).toEqual([]);
    const floor = await call('GET', `/api/replenishment?location_id=${ids.Floor}`);
    expect([floor.statusCode, floor.json().message]).toEqual([400, ZONE_MESSAGES.notAStore]);
    expect((await call('GET', '/api/replenishment?location_id=999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/replenishment')).statusCode).toBe(400);
  });

  it('writes the list as CSV', async () => {
    const res = await call('GET', `/api/replenishment.csv?location_id=${ids.Store}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace('\uFEFF', '').trim().split('\n');
    expect(lines[0]).toBe('SKU,Product,Sales floor,Floor minimum,Stockroom,To move,Recent sales,From,To');
    expect(lines[1]).toBe('SOLD,Product SOLD,3,4,4,1,2,Store > Back A,Store > Floor > Aisle 1');
  });

  it('refuses a minimum for a place the product has no stock at, and clears one with null', async () => {
    const none = await minimum('CAPPED', 3, 'Other back');
    expect(none.statusCode).toBe(400);
    expect((await minimum('SOLD', null, 'Aisle 1')).statusCode).toBe(200);
    // SOLD's floor minimum is the product's floor_min (1) again: 3 on the floor is enough.
    expect((await list()).rows.map((r) => r.sku)).toEqual(['CAPPED']);
    expect((await minimum('SOLD', 2, undefined)).statusCode).toBe(200);
    expect(
      (await call('PUT', '/api/replenishment/minimum', { product_id: 999999, min_quantity: 1 })).statusCode,
    ).toBe(404);
  });
});
