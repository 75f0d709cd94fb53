import { epcFromSku, type TInventoryListResponse, type TProduct } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(a.operator.token, method, url, payload);
const list = async (query = '') =>
  (await op('GET', `/api/inventory${query}`)).json() as TInventoryListResponse;

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

async function create(payload: object): Promise<TProduct> {
  const res = await op('POST', '/api/inventory', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Catalogue A');
  b = await createTenant(t, 'Catalogue B');
});
afterAll(() => t.close());

describe('products', () => {
  it('creates a product with its tag, EPC, derived status and location name', async () => {
    const loc = (await op('POST', '/api/locations', { name: 'Backroom' })).json();
    const p = await create({
      name: 'Blue Dream 3.5g',
      sku: 'bd35',
      quantity: 3,
      min_stock_level: 5,
      unit_cost: 12.5,
      retail_price: 35,
      location_id: loc.id,
      expiration_date: nextYear,
    });
    expect(p).toMatchObject({
      sku: 'BD35',
      rfid_tag: 'BD3500000000',
      epc: epcFromSku('BD35'),
      status: 'low-stock',
      location_id: loc.id,
      location: 'Backroom',
      unit_cost: 12.5,
      retail_price: 35,
      expiration_date: nextYear,
      last_scanned: null,
    });
    expect((await op('GET', `/api/inventory/${p.id}`)).json()).toEqual(p);
  });

  it('refuses a missing name or SKU, bad numbers, past dates and foreign locations with the rule’s message', async () => {
    const bLoc = (await call(b.admin.token, 'POST', '/api/locations', { name: 'B only' })).json();
    const cases: [object, string][] = [
      [{ sku: 'X1' }, 'Name and SKU are required'],
      [{ name: 'X', sku: '' }, 'Name and SKU are required'],
      [{ name: 'X', sku: 'ABCDEFGHIJKLM' }, 'SKU must be 1 to 12 letters and digits'],
      [{ name: 'X', sku: 'BD-35' }, 'SKU must be 1 to 12 letters and digits'],
      [{ name: 'X', sku: 'X1', quantity: -1 }, 'Quantity must be a whole number of 0 or more'],
      [{ name: 'X', sku: 'X1', quantity: 1.5 }, 'Quantity must be a whole number of 0 or more'],
      [
        { name: 'X', sku: 'X1', min_stock_level: -2 },
        'Minimum stock level must be a whole number of 0 or more',
      ],
      [{ name: 'X', sku: 'X1', unit_cost: 1.234 }, 'Unit cost must be 0 or more, in dollars and cents'],
      [{ name: 'X', sku: 'X1', retail_price: -1 }, 'Retail price must be 0 or more, in dollars and cents'],
      [
        { name: 'X', sku: 'X1', expiration_date: '2020-01-01' },
        'Expiration date cannot be earlier than today',
      ],
      [
        { name: 'X', sku: 'X1', expiration_date: '2027-02-30' },
        'Expiration date must be a date (YYYY-MM-DD)',
      ],
      [{ name: 'X', sku: 'X1', location_id: bLoc.id }, 'Location not found. Choose one of your locations.'],
      [{ name: 'X', sku: 'X1', location_id: 999999 }, 'Location not found. Choose one of your locations.'],
    ];
    const before = (await list()).summary.total;
    for (const [payload, message] of cases) {
      const res = await op('POST', '/api/inventory', payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect((await list()).summary.total).toBe(before);
  });

  it('keeps SKUs unique in a company without regard to case, but free across companies', async () => {
    await create({ name: 'Gloves', sku: 'GLV1' });
    const dup = await op('POST', '/api/inventory', { name: 'Other gloves', sku: 'glv1' });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'A product with SKU GLV1 already exists']);
    const other = await call(b.operator.token, 'POST', '/api/inventory', { name: 'Gloves', sku: 'GLV1' });
    expect(other.statusCode).toBe(201);
  });

  it('refuses a SKU whose tag another SKU already has (padding makes AB and AB0 the same tag)', async () => {
    await create({ name: 'Tape', sku: 'TP' });
    const res = await op('POST', '/api/inventory', { name: 'Tape 0', sku: 'TP0' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'RFID tag TP0000000000 is already used by SKU TP; choose a SKU that gives a different tag',
    );
  });

  it('updates every field; a new SKU gives a new tag; an unchanged past date stays editable', async () => {
    const p = await create({ name: 'Lamp', sku: 'LMP', quantity: 10 });
    const res = await op('PUT', `/api/inventory/${p.id}`, { name: 'Desk lamp', sku: 'LMP2', quantity: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sku: 'LMP2', rfid_tag: 'LMP200000000', epc: epcFromSku('LMP2') });
    expect(res.json().status).toBe('out-of-stock');
    // A product whose date has passed (written before it passed) can still have its quantity changed.
    await t.database.db.execute(
      `update products set expiration_date = '2021-01-01' where id = ${p.id}` as unknown as never,
    );
    const edit = await op('PUT', `/api/inventory/${p.id}`, {
      name: 'Desk lamp',
      sku: 'LMP2',
      quantity: 4,
      expiration_date: '2021-01-01',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const moved = await op('PUT', `/api/inventory/${p.id}`, {
      name: 'Desk lamp',
      sku: 'LMP2',
      expiration_date: '2021-02-01',
    });
    expect(moved.json().message).toBe('Expiration date cannot be earlier than today');
  });

  it('deletes, and logs create, update and delete with SKU and quantity', async () => {
    const p = await create({ name: 'Crate', sku: 'CRT9', quantity: 7 });
    expect((await op('DELETE', `/api/inventory/${p.id}`)).json()).toEqual({ success: true });
    expect((await op('GET', `/api/inventory/${p.id}`)).statusCode).toBe(404);
    expect((await op('DELETE', `/api/inventory/${p.id}`)).statusCode).toBe(404);
    const activity = (await op('GET', '/api/stats/activity?limit=100')).json().recentActivity;
    const crate = activity.filter((e: { sku: string }) => e.sku === 'CRT9');
    expect(crate.map((e: { action: string }) => e.action)).toEqual(['inventory.delete', 'inventory.create']);
    expect(crate[1]).toMatchObject({
      type: 'inventory',
      quantity: 7,
      performer_name: 'Catalogue A Operator',
    });
  });

  it('members read but cannot write', async () => {
    expect((await call(a.member.token, 'GET', '/api/inventory')).statusCode).toBe(200);
    const res = await call(a.member.token, 'POST', '/api/inventory', { name: 'X', sku: 'MEM1' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the list', () => {
  beforeAll(async () => {
    // A fresh company keeps the counts exact.
    a = await createTenant(t, 'List Co');
    const rows = [
      ['Apple crate', 'APL1', 50, 5],
      ['Apple box', 'APL2', 3, 5],
      ['Banana', 'BAN1', 0, 5],
      ['Cherry 100% juice', 'CHJ', 20, 20],
      ['Durian', 'DUR1', 9, 1],
      ['Elderberry', 'ELD1', 1, 0],
    ] as const;
    for (const [name, sku, quantity, min] of rows)
      await create({ name, sku, quantity, min_stock_level: min });
  });

  it('pages, sorts by name and counts the whole catalogue in the summary', async () => {
    const page1 = await list('?limit=4');
    expect(page1.data.map((p) => p.sku)).toEqual(['APL2', 'APL1', 'BAN1', 'CHJ']);
    expect(page1.pagination).toEqual({
      page: 1,
      limit: 4,
      totalItems: 6,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(page1.summary).toEqual({ total: 6, inStock: 3, lowStock: 2, outOfStock: 1 });
    const page2 = await list('?limit=4&page=2');
    expect(page2.data.map((p) => p.sku)).toEqual(['DUR1', 'ELD1']);
    expect(page2.pagination.hasPrev).toBe(true);
    expect((await list()).pagination.limit).toBe(10);
  });

  it('filters by status; the summary still counts everything', async () => {
    const low = await list('?status=low-stock');
    expect(low.data.map((p) => p.sku)).toEqual(['APL2', 'CHJ']);
    expect(low.pagination.totalItems).toBe(2);
    expect(low.summary.total).toBe(6);
    expect((await list('?status=out-of-stock')).data.map((p) => p.sku)).toEqual(['BAN1']);
    expect((await list('?status=in-stock')).pagination.totalItems).toBe(3);
    expect((await list('?status=all')).pagination.totalItems).toBe(6);
  });

  it('searches a name fragment in any case, a SKU prefix and an RFID tag or EPC', async () => {
    expect((await list('?search=APPLE')).data.map((p) => p.sku)).toEqual(['APL2', 'APL1']);
    expect((await list('?search=ana')).data.map((p) => p.sku)).toEqual(['BAN1']);
    expect((await list('?search=apl1')).data.map((p) => p.sku)).toEqual(['APL1']);
    expect((await list('?search=DUR100000000')).data.map((p) => p.sku)).toEqual(['DUR1']);
    expect((await list(`?search=${epcFromSku('ELD1')}`)).data.map((p) => p.sku)).toEqual(['ELD1']);
    // LIKE's wildcards are plain characters in a search.
    expect((await list('?search=100%25')).data.map((p) => p.sku)).toEqual(['CHJ']);
    expect((await list('?search=_')).data).toEqual([]);
    const combined = await list('?search=apple&status=low-stock');
    expect([combined.data.map((p) => p.sku), combined.pagination.totalItems]).toEqual([['APL2'], 1]);
  });

  it('pages through a search by name; the total counts every match, on every page and past the last', async () => {
    // 'e' is in four names (Elderberry's SKU starts with it too, counted once).
    const page1 = await list('?search=e&limit=2');
    expect(page1.data.map((p) => p.sku)).toEqual(['APL2', 'APL1']);
    expect(page1.pagination).toEqual({
      page: 1,
      limit: 2,
      totalItems: 4,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    const page2 = await list('?search=e&limit=2&page=2');
    expect([page2.data.map((p) => p.sku), page2.pagination.hasNext]).toEqual([['CHJ', 'ELD1'], false]);
    const past = await list('?search=e&limit=2&page=3');
    expect([past.data, past.pagination.totalItems]).toEqual([[], 4]);
    const none = await list('?search=zzz');
    expect([none.data, none.pagination.totalItems, none.summary.total]).toEqual([[], 0, 6]);
  });

  it('refuses page sizes above 1,000 and bad pages or statuses', async () => {
    expect((await op('GET', '/api/inventory?limit=1000')).statusCode).toBe(200);
    for (const q of [
      'limit=1001',
      'limit=0',
      'page=0',
      'page=x',
      'status=gone',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await op('GET', `/api/inventory?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('counters stay right through updates and deletes', async () => {
    const banana = (await list('?search=BAN1')).data[0] as TProduct;
    await op('PUT', `/api/inventory/${banana.id}`, { name: 'Banana', sku: 'BAN1', quantity: 100 });
    const durian = (await list('?search=DUR1')).data[0] as TProduct;
    await op('DELETE', `/api/inventory/${durian.id}`);
    expect((await list()).summary).toEqual({ total: 5, inStock: 3, lowStock: 2, outOfStock: 0 });
  });
});
