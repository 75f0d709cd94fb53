import type { TInventoryListResponse, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Stock by location through the inventory API: a product kept in several places, and one kept in one place exactly
// as before.

let t: TestApp;
let a: Tenant;
let b: Tenant;
const places = { store: 0, floor: 0, back: 0, other: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: Method, url: string, payload?: object) => call(a.operator.token, method, url, payload);
const list = async (query: string) => {
  const res = await op('GET', `/api/inventory${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TInventoryListResponse;
};
const get = async (id: number) => (await op('GET', `/api/inventory/${id}`)).json() as TProduct;

async function create(payload: object): Promise<TProduct> {
  const res = await op('POST', '/api/inventory', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const location = async (name: string, parent?: number) => {
  const res = await op('POST', '/api/locations', { name, parent_location_id: parent ?? null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/** The stock table's rows of a product, as the database holds them. */
async function rowsOf(productId: number) {
  const r = await t.database.db.execute<{ location_id: number | null; quantity: number }>(
    sql`select location_id, quantity from stock where company_id = ${a.companyId} and product_id = ${productId}
      order by place`,
  );
  return r.rows.map((row) => ({ location_id: row.location_id, quantity: Number(row.quantity) }));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Stock places A');
  b = await createTenant(t, 'Stock places B');
  places.store = await location('Harbor Store');
  places.floor = await location('Sales floor', places.store);
  places.back = await location('Back room', places.store);
  places.other = await location('Pine Store');
});
afterAll(() => t.close());

describe('a product in one place', () => {
  it('reads and writes location_id and quantity as before, with one stock row', async () => {
    const p = await create({ name: 'Trail Mug', sku: 'MUG1', quantity: 4, location_id: places.floor });
    expect(p).toMatchObject({
      quantity: 4,
      location_id: places.floor,
      location: 'Sales floor',
      status: 'in-stock',
    });
    expect(p.stock).toEqual([{ location_id: places.floor, location: 'Sales floor', quantity: 4 }]);
    // Moved and recounted with today's fields: its one row follows.
    const res = await op('PUT', `/api/inventory/${p.id}`, {
      name: 'Trail Mug',
      sku: 'MUG1',
      quantity: 6,
      location_id: places.back,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 6, location_id: places.back, location: 'Back room' });
    expect(await rowsOf(p.id)).toEqual([{ location_id: places.back, quantity: 6 }]);
    // No location, no quantity: 'Not set' and 0, as the spec's form has always sent.
    const bare = await create({ name: 'Bare', sku: 'BARE1' });
    expect(bare).toMatchObject({ quantity: 0, location_id: null, location: null, status: 'out-of-stock' });
    expect(bare.stock).toEqual([{ location_id: null, location: null, quantity: 0 }]);
  });
});

describe('a product in several places', () => {
  let tent: TProduct;

  it('is created with its places: the total, the home and the rows', async () => {
    tent = await create({
      name: 'Alpine 2P Tent',
      sku: 'TENT2P',
      min_stock_level: 5,
      stock: [
        { location_id: places.floor, quantity: 3 },
        { location_id: places.back, quantity: 5 },
        { location_id: places.other, quantity: 2 },
      ],
    });
    expect(tent).toMatchObject({ quantity: 10, location_id: places.floor, location: 'Sales floor' });
    expect(tent.status).toBe('in-stock');
    // By place name.
    expect(tent.stock).toEqual([
      { location_id: places.back, location: 'Back room', quantity: 5 },
      { location_id: places.other, location: 'Pine Store', quantity: 2 },
      { location_id: places.floor, location: 'Sales floor', quantity: 3 },
    ]);
    expect(await get(tent.id)).toEqual(tent);
  });

  it('is edited place by place; a place left out is removed; low stock compares the total', async () => {
    const res = await op('PUT', `/api/inventory/${tent.id}`, {
      name: 'Alpine 2P Tent',
      sku: 'TENT2P',
      min_stock_level: 5,
      stock: [
        { location_id: places.floor, quantity: 1 },
        { location_id: places.back, quantity: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as TProduct;
    expect(p).toMatchObject({ quantity: 4, status: 'low-stock', location_id: places.floor });
    expect(await rowsOf(tent.id)).toEqual([
      { location_id: places.floor, quantity: 1 },
      { location_id: places.back, quantity: 3 },
    ]);
  });

  it('refuses a quantity without a place, and keeps its stock when neither is sent', async () => {
    const base = { name: 'Alpine 2P Tent', sku: 'TENT2P', min_stock_level: 5 };
    const refused = await op('PUT', `/api/inventory/${tent.id}`, { ...base, quantity: 9 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/several places/);
    expect((await get(tent.id)).quantity).toBe(4);
    // A rename, and a new home, leave the rows as they are.
    const renamed = await op('PUT', `/api/inventory/${tent.id}`, {
      ...base,
      name: 'Alpine 2P Tent Forest',
      location_id: places.back,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Alpine 2P Tent Forest',
      quantity: 4,
      location: 'Back room',
    });
    expect(await rowsOf(tent.id)).toHaveLength(2);
  });

  it('is listed under a location filter with the units there and its sub-places', async () => {
    const floor = await list(`?location_id=${places.floor}&limit=50`);
    const row = floor.data.find((p) => p.id === tent.id);
    expect(row).toMatchObject({ quantity: 4, location_quantity: 1 });
    const store = await list(`?location_id=${places.store}&limit=50`);
    expect(store.data.find((p) => p.id === tent.id)?.location_quantity).toBe(4);
    const pine = await list(`?location_id=${places.other}&limit=50`);
    expect(pine.data.map((p) => p.id)).not.toContain(tent.id);
    // With a search and a status on top, and 'none' for the stock kept nowhere in particular.
    const searched = await list(`?location_id=${places.store}&search=alpine&status=low-stock`);
    expect(searched.data.map((p) => p.sku)).toEqual(['TENT2P']);
    expect(searched.pagination.totalItems).toBe(1);
    const none = await list('?location_id=none&limit=50');
    expect(none.data.map((p) => p.sku)).toContain('BARE1');
    expect(none.data.map((p) => p.sku)).not.toContain('TENT2P');
    expect((await op('GET', '/api/inventory?location_id=shelf')).statusCode).toBe(400);
  });

  it('keeps its units when a place is deleted: they move to no location', async () => {
    const shed = await location('Shed');
    const p = await create({
      name: 'Camp Stove',
      sku: 'STOVE1',
      stock: [
        { location_id: shed, quantity: 2 },
        { location_id: null, quantity: 1 },
        { location_id: places.floor, quantity: 4 },
      ],
    });
    expect((await op('DELETE', `/api/locations/${shed}`)).statusCode).toBe(200);
    const after = await get(p.id);
    expect(after.quantity).toBe(7);
    expect(after.stock).toEqual([
      { location_id: places.floor, location: 'Sales floor', quantity: 4 },
      { location_id: null, location: null, quantity: 3 },
    ]);
    // Its home was the shed: it has none now.
    expect(after.location_id).toBeNull();
  });

  it('takes a place only once, only the company’s own, and changes nothing when refused', async () => {
    const before = await get(tent.id);
    const twice = await op('PUT', `/api/inventory/${tent.id}`, {
      name: 'X',
      sku: 'TENT2P',
      stock: [
        { location_id: places.floor, quantity: 1 },
        { location_id: places.floor, quantity: 2 },
      ],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([
      400,
      'Stock lists a place twice: give each place once, with its whole quantity',
    ]);
    const bPlace = (await call(b.admin.token, 'POST', '/api/locations', { name: 'B room' })).json().id;
    const foreign = await op('PUT', `/api/inventory/${tent.id}`, {
      name: 'X',
      sku: 'TENT2P',
      stock: [{ location_id: bPlace, quantity: 1 }],
    });
    expect([foreign.statusCode, foreign.json().message]).toEqual([
      400,
      'Location not found. Choose one of your locations.',
    ]);
    expect(await get(tent.id)).toEqual(before);
    // B sees neither A's product nor A's place in its filter.
    const bList = (await call(b.member.token, 'GET', `/api/inventory?location_id=${places.store}`)).json();
    expect(bList.data).toEqual([]);
    expect(
      (await call(b.admin.token, 'PUT', `/api/inventory/${tent.id}`, { name: 'X', sku: 'T' })).statusCode,
    ).toBe(404);
  });
});

describe('a big place (thousands of stock rows): its page walks the catalogue by name', () => {
  it('lists, counts and totals the same as a small place would', async () => {
    const big = await createTenant(t, 'Stock places big');
    const as = (url: string) => call(big.member.token, 'GET', url);
    const store = (await call(big.admin.token, 'POST', '/api/locations', { name: 'Depot' })).json().id;
    const aisle = (
      await call(big.admin.token, 'POST', '/api/locations', { name: 'Aisle', parent_location_id: store })
    ).json().id;
    const elsewhere = (await call(big.admin.token, 'POST', '/api/locations', { name: 'Kiosk' })).json().id;
    // 2,400 products at the depot's aisle (their one row made by the products trigger), every third also at the
    // depot itself, and one product kept only at the kiosk.
    await t.database.db.execute(sql`
      insert into products (company_id, name, sku, rfid_tag, epc, quantity, location_id, min_stock_level)
      select ${big.companyId}, 'Bulk item ' || lpad(i::text, 4, '0'), 'BULK' || i, 'BULK' || lpad(i::text, 8, '0'),
        'E2' || lpad(i::text, 22, '0'), i % 7, ${aisle}, 2
      from generate_series(1, 2400) i`);
    await t.database.db.execute(sql`
      insert into stock (company_id, product_id, location_id, quantity)
      select company_id, id, ${store}, 1 from products
      where company_id = ${big.companyId} and substr(sku, 5)::int % 3 = 0`);
    const kiosk = await call(big.admin.token, 'POST', '/api/inventory', {
      name: 'Aaa kiosk only',
      sku: 'KIOSK1',
      stock: [{ location_id: elsewhere, quantity: 4 }],
    });
    expect(kiosk.statusCode, kiosk.body).toBe(201);

    const page = (await as(`/api/inventory?location_id=${store}&limit=5`)).json() as TInventoryListResponse;
    expect(page.pagination.totalItems).toBe(2400);
    expect(page.data.map((p) => p.sku)).toEqual(['BULK1', 'BULK2', 'BULK3', 'BULK4', 'BULK5']);
    // BULK3: 3 at the aisle and 1 at the depot, both inside the depot.
    expect(page.data.map((p) => p.location_quantity)).toEqual([1, 2, 4, 4, 5]);
    const deep = (await as(`/api/inventory?location_id=${store}&limit=50&page=48`)).json();
    expect(deep.data.at(-1).sku).toBe('BULK2400');
    // Filters narrow the walk and its count.
    const low = (await as(`/api/inventory?location_id=${store}&status=out-of-stock&limit=50`)).json();
    expect(low.pagination.totalItems).toBe(
      Array.from({ length: 2400 }, (_, i) => i + 1).filter((i) => i % 7 === 0 && i % 3 !== 0).length,
    );
    const searched = (await as(`/api/inventory?location_id=${store}&search=Bulk%20item%20123`)).json();
    // 'Bulk item 1230' to '1239' ('0123' is not '123').
    expect(searched.data.map((p: TProduct) => p.sku)).toEqual(
      Array.from({ length: 10 }, (_, i) => `BULK${1230 + i}`),
    );
    expect(searched.pagination.totalItems).toBe(10);
    const kioskPage = (await as(`/api/inventory?location_id=${elsewhere}`)).json();
    expect(kioskPage.data.map((p: TProduct) => [p.sku, p.location_quantity])).toEqual([['KIOSK1', 4]]);
  });
});
