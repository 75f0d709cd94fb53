import type { TInventoryListResponse, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { bearer } from '../../test/factories.ts';
import { migratedOverData } from '../../test/migrations.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// 0036_stock_on_products: a product carries its stock rows as (place, quantity) arrays beside their total, written by
// the stock triggers in the same UPDATE (stock_restate since 0048), and the lists answer a product's places from them
// without reading stock. On PGlite, or PostgreSQL with TEST_DATABASE_URL.

type Carried = { company_id: number; id: number; places: number[]; quantities: number[] };

const carried = async (db: Database) =>
  (
    await db.db.execute<Carried>(
      sql`select company_id, id, stock_places as places, stock_quantities as quantities from products
        order by company_id, id`,
    )
  ).rows.map((r) => ({ ...r, places: r.places.map(Number), quantities: r.quantities.map(Number) }));

/** What the stock rows say each product should carry: its places in order of place, and their quantities. */
const fromStock = async (db: Database) =>
  (
    await db.db.execute<Carried>(
      sql`select p.company_id, p.id,
          coalesce(array_agg(s.place order by s.place) filter (where s.place is not null), '{}') as places,
          coalesce(array_agg(s.quantity order by s.place) filter (where s.place is not null), '{}') as quantities
        from products p left join stock s on s.company_id = p.company_id and s.product_id = p.id
        group by p.company_id, p.id order by p.company_id, p.id`,
    )
  ).rows.map((r) => ({ ...r, places: r.places.map(Number), quantities: r.quantities.map(Number) }));

describe('0036_stock_on_products over data of 0035', () => {
  let database: Database;
  let cleanUp = async () => {};

  beforeAll(async () => {
    ({ database, cleanUp } = await migratedOverData('_stock_on_products', async (old) => {
      await old.db.execute(sql`insert into companies (id, name) values (1, 'A'), (2, 'B')`);
      await old.db.execute(sql`insert into locations (company_id, id, name, parent_location_id) values
        (1, 1, 'Store', null), (1, 2, 'Backroom', 1), (1, 3, 'Shelf', 1), (2, 4, 'Depot', null)`);
      await old.db.execute(sql`insert into products
        (company_id, id, name, sku, rfid_tag, epc, unit_cost, quantity, min_stock_level, location_id) values
        (1, 1, 'Jar', 'JAR', 'JAR000000000', '4A4152303030303030303030', 2.50, 10, 3, 2),
        (1, 2, 'Box', 'BOX', 'BOX000000000', '424F58303030303030303030', 1.25, 0, 2, null),
        (1, 3, 'Cup', 'CUP', 'CUP000000000', '435550303030303030303030', 3.10, 2, 5, 1),
        (2, 5, 'Pen', 'PEN', 'PEN000000000', '50454E303030303030303030', 0.99, 4, 1, 4)`);
      // Jar kept in three places (one of them no location), Cup's only row taken away.
      await old.db.execute(sql`insert into stock (company_id, product_id, location_id, quantity) values
        (1, 1, 3, 4), (1, 1, null, 1)`);
      await old.db.execute(sql`delete from stock where company_id = 1 and product_id = 3`);
    }));
    // Two databases migrated from nothing: slow on a busy machine.
  }, 120_000);
  afterAll(() => cleanUp());

  it('backfills every product with its stock rows, in order of place (none: empty arrays)', async () => {
    const after = await carried(database);
    expect(after).toEqual(await fromStock(database));
    expect(after).toEqual([
      { company_id: 1, id: 1, places: [0, 2, 3], quantities: [1, 10, 4] },
      { company_id: 1, id: 2, places: [0], quantities: [0] },
      { company_id: 1, id: 3, places: [], quantities: [] },
      { company_id: 2, id: 5, places: [4], quantities: [4] },
    ]);
  });

  it('keeps them with every write of stock, units moved between places with the total unchanged too', async () => {
    const db = database.db;
    const updatedAt = async () =>
      (
        await db.execute<{ t: string }>(
          sql`select updated_at::text as t from products where company_id = 1 and id = 1`,
        )
      ).rows[0]?.t;
    const stamped = await updatedAt();
    // 3 units moved from the backroom to the shelf in one statement: the total stays 15, the places change.
    await db.execute(sql`update stock set quantity = 7
      where company_id = 1 and product_id = 1 and place in (2, 3)`);
    expect((await carried(database))[0]).toEqual({
      company_id: 1,
      id: 1,
      places: [0, 2, 3],
      quantities: [1, 7, 7],
    });
    expect(await updatedAt()).toBe(stamped);
    // A place added, one removed, a product given a row, one inserted directly (the build before's way).
    await db.execute(
      sql`insert into stock (company_id, product_id, location_id, quantity) values (1, 1, 1, 2), (1, 3, 3, 6)`,
    );
    await db.execute(sql`delete from stock where company_id = 1 and product_id = 1 and place = 0`);
    await db.execute(sql`insert into products
      (company_id, id, name, sku, rfid_tag, epc, unit_cost, quantity, min_stock_level, location_id) values
      (1, 6, 'Lid', 'LID', 'LID000000000', '4C4944303030303030303030', 1.00, 5, 1, 3)`);
    // The build before's edit of a one-place product, and a location deleted (its rows to no location).
    await db.execute(sql`update products set quantity = 9, location_id = 2 where company_id = 1 and id = 6`);
    await db.execute(sql`delete from locations where company_id = 2 and id = 4`);
    expect(await carried(database)).toEqual(await fromStock(database));
    expect(await carried(database)).toEqual([
      { company_id: 1, id: 1, places: [1, 2, 3], quantities: [2, 7, 7] },
      { company_id: 1, id: 2, places: [0], quantities: [0] },
      { company_id: 1, id: 3, places: [3], quantities: [6] },
      { company_id: 1, id: 6, places: [2], quantities: [9] },
      { company_id: 2, id: 5, places: [0], quantities: [4] },
    ]);
  });
});

describe('the lists answer the places a product carries', () => {
  let t: TestApp;
  let a: Tenant;
  const at = { floor: 0, back: 0 };
  const op = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(a.operator.token), ...(payload ? { payload } : {}) });
  const listed = async (sku: string) => {
    const res = await op('GET', `/api/inventory?search=${sku}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TInventoryListResponse).data.find((p) => p.sku === sku);
  };
  const pageOne = async (sku: string) => {
    const res = await op('GET', '/api/inventory?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TInventoryListResponse).data.find((p) => p.sku === sku);
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t, 'Stock on products A');
    // Named so that name order differs from id order.
    for (const [key, name] of [
      ['floor', 'Zinnia floor'],
      ['back', 'Aster back'],
    ] as const) {
      const res = await op('POST', '/api/locations', { name, parent_location_id: null });
      expect(res.statusCode, res.body).toBe(201);
      at[key] = res.json().id;
    }
  });
  afterAll(() => t.close());

  it('answers units moved between two places of a product, its total unchanged', async () => {
    const created = await op('POST', '/api/inventory', {
      name: 'Camp Stove',
      sku: 'STOVE9',
      location_id: at.floor,
      stock: [
        { location_id: at.floor, quantity: 3 },
        { location_id: at.back, quantity: 5 },
        { location_id: null, quantity: 1 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as TProduct).id;
    const expected = (floor: number, back: number) => [
      { location_id: at.back, location: 'Aster back', quantity: back },
      { location_id: at.floor, location: 'Zinnia floor', quantity: floor },
      { location_id: null, location: null, quantity: 1 },
    ];
    expect((await pageOne('STOVE9'))?.stock).toEqual(expected(3, 5));

    // Through the API: two units from the floor to the back room.
    const moved = await op('PUT', `/api/inventory/${id}`, {
      name: 'Camp Stove',
      sku: 'STOVE9',
      stock: [
        { location_id: at.floor, quantity: 1 },
        { location_id: at.back, quantity: 7 },
        { location_id: null, quantity: 1 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await pageOne('STOVE9'))?.stock).toEqual(expected(1, 7));
    expect(await listed('STOVE9')).toMatchObject({ quantity: 9, stock: expected(1, 7) });

    // Directly in SQL, one statement moving four units back: the list and the product's own answer follow.
    await t.database.db.execute(sql`update stock set quantity = case place when ${at.floor}::int then 5 else 3 end
      where company_id = ${a.companyId} and product_id = ${id} and place in (${at.floor}::int, ${at.back}::int)`);
    expect((await pageOne('STOVE9'))?.stock).toEqual(expected(5, 3));
    expect((await op('GET', `/api/inventory/${id}`)).json()).toMatchObject({
      quantity: 9,
      stock: expected(5, 3),
    });

    // A place renamed: names are the location's, looked up as the page is read.
    const renamed = await op('PUT', `/api/locations/${at.back}`, {
      name: 'Birch back',
      parent_location_id: null,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await pageOne('STOVE9'))?.stock.map((r) => r.location)).toEqual([
      'Birch back',
      'Zinnia floor',
      null,
    ]);
  });
});
