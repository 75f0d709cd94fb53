import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migratedOverData } from '../../test/migrations.ts';

// 0035_stock_by_location on a database with data written the way the build before wrote it (one location and one
// quantity per product, some with none, counters kept by the products' triggers): every figure is the same after the
// upgrade, and a server of the build before, still writing products.quantity and location_id directly during a
// rolling upgrade, keeps its products' one stock row in step. On PGlite, or PostgreSQL with TEST_DATABASE_URL.

let database: Database;
let cleanUp = async () => {};

type Figures = {
  products: {
    company_id: number;
    id: number;
    location_id: number | null;
    quantity: number;
    status: string;
  }[];
  counters: Record<string, unknown>[];
  facets: Record<string, unknown>[];
};
let before: Figures;

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  (await db.db.execute<T & Record<string, unknown>>(query)).rows as T[];

async function figures(db: Database): Promise<Figures> {
  return {
    products: await rows(
      db,
      sql`select company_id, id, location_id, quantity, status from products order by company_id, id`,
    ),
    // Numbers as text, so the engines' ways of answering bigint and numeric compare alike.
    counters: await rows(
      db,
      sql`select company_id, total, low_stock, out_of_stock, total_units::text as units, total_cost::text as cost
        from inventory_counters order by company_id`,
    ),
    facets: await rows(
      db,
      sql`select company_id, kind, value, products from inventory_facets order by company_id, kind, value`,
    ),
  };
}

/** The counters as they should be, counted from the products themselves. */
const counted = (db: Database) =>
  rows(
    db,
    sql`select company_id, count(*)::int as total, (count(*) filter (where status = 'low-stock'))::int as low_stock,
      (count(*) filter (where status = 'out-of-stock'))::int as out_of_stock, sum(quantity)::text as units,
      sum(quantity * unit_cost)::numeric(20, 2)::text as cost
    from products group by company_id order by company_id`,
  );

const stockOf = (companyId: number, productId: number) =>
  rows<{ location_id: number | null; quantity: number }>(
    database,
    sql`select location_id, quantity from stock where company_id = ${companyId} and product_id = ${productId}
      order by place`,
  );
const productOf = async (companyId: number, productId: number) =>
  (
    await rows<{ location_id: number | null; quantity: number; status: string }>(
      database,
      sql`select location_id, quantity, status from products where company_id = ${companyId} and id = ${productId}`,
    )
  )[0];

beforeAll(async () => {
  ({ database, cleanUp } = await migratedOverData('_stock_by_location', async (old) => {
    // What the build before wrote: companies, a location tree, products each in one place or none.
    await old.db.execute(sql`insert into companies (id, name) values (1, 'A'), (2, 'B')`);
    await old.db.execute(sql`insert into locations (company_id, id, name, parent_location_id) values
      (1, 1, 'Store', null), (1, 2, 'Backroom', 1), (1, 3, 'Shelf', 1), (2, 4, 'Depot', null)`);
    await old.db.execute(sql`insert into products
      (company_id, id, name, sku, rfid_tag, epc, category, vendor, unit_cost, quantity, min_stock_level, location_id)
      values
      (1, 1, 'Jar', 'JAR', 'JAR000000000', '4A4152303030303030303030', 'Kitchen', 'Acme', 2.50, 10, 3, 2),
      (1, 2, 'Box', 'BOX', 'BOX000000000', '424F58303030303030303030', 'Storage', 'Acme', 1.25, 0, 2, null),
      (1, 3, 'Cup', 'CUP', 'CUP000000000', '435550303030303030303030', 'Kitchen', 'Brill', 3.10, 2, 5, 1),
      (1, 4, 'Mug', 'MUG', 'MUG000000000', '4D5547303030303030303030', null, null, 4.00, 7, 0, 3),
      (2, 5, 'Pen', 'PEN', 'PEN000000000', '50454E303030303030303030', 'Office', 'Clix', 0.99, 4, 1, 4),
      (2, 6, 'Ink', 'INK', 'INK000000000', '494E4B303030303030303030', 'Office', null, 7.45, 9, 0, null)`);
    // An edit and a count's apply as the build before made them: quantity and location written on products.
    await old.db.execute(
      sql`update products set quantity = 6, location_id = 2 where company_id = 1 and id = 4`,
    );
    await old.db.execute(sql`update products set quantity = quantity + 3 where company_id = 2 and id = 5`);
    before = await figures(old);
  }));
});
afterAll(() => cleanUp());

describe('0035_stock_by_location over the build before', () => {
  it('gives every product exactly one stock row: its location (or none) and its quantity', async () => {
    const stock = await rows<{
      company_id: number;
      product_id: number;
      location_id: number | null;
      quantity: number;
    }>(
      database,
      sql`select company_id, product_id, location_id, quantity from stock order by company_id, product_id`,
    );
    expect(stock).toEqual(
      before.products.map((p) => ({
        company_id: p.company_id,
        product_id: p.id,
        location_id: p.location_id,
        quantity: p.quantity,
      })),
    );
    expect(stock.some((s) => s.location_id === null)).toBe(true);
  });

  it('keeps every figure: quantities, homes, statuses, counters (total, low, out, units, cost) and facets', async () => {
    const after = await figures(database);
    expect(after).toEqual(before);
    expect(after.counters).toEqual(await counted(database));
    expect(before.products.map((p) => p.status)).toEqual(
      expect.arrayContaining(['in-stock', 'low-stock', 'out-of-stock']),
    );
  });

  it('keeps the one stock row of a product the build before inserts or edits directly', async () => {
    // A new product, as the build before inserts it.
    await database.db.execute(sql`insert into products
      (company_id, id, name, sku, rfid_tag, epc, unit_cost, quantity, min_stock_level, location_id) values
      (1, 10, 'Lid', 'LID', 'LID000000000', '4C4944303030303030303030', 1.00, 5, 1, 3),
      (1, 11, 'Tag', 'TAG', 'TAG000000000', '544147303030303030303030', 0.10, 0, 0, null)`);
    expect(await stockOf(1, 10)).toEqual([{ location_id: 3, quantity: 5 }]);
    expect(await stockOf(1, 11)).toEqual([{ location_id: null, quantity: 0 }]);
    // Its quantity set (an edit, an apply), its location changed, both at once, and moved to no location.
    await database.db.execute(sql`update products set quantity = 12 where company_id = 1 and id = 1`);
    expect(await stockOf(1, 1)).toEqual([{ location_id: 2, quantity: 12 }]);
    await database.db.execute(sql`update products set location_id = 3 where company_id = 1 and id = 3`);
    expect(await stockOf(1, 3)).toEqual([{ location_id: 3, quantity: 2 }]);
    await database.db.execute(
      sql`update products set location_id = 1, quantity = 0 where company_id = 1 and id = 4`,
    );
    expect(await stockOf(1, 4)).toEqual([{ location_id: 1, quantity: 0 }]);
    await database.db.execute(sql`update products set location_id = null where company_id = 2 and id = 5`);
    expect(await stockOf(2, 5)).toEqual([{ location_id: null, quantity: 7 }]);
    // A name edit touches no stock.
    await database.db.execute(sql`update products set name = 'Big Jar' where company_id = 1 and id = 1`);
    expect(await stockOf(1, 1)).toEqual([{ location_id: 2, quantity: 12 }]);
    expect(await productOf(1, 4)).toEqual({ location_id: 1, quantity: 0, status: 'out-of-stock' });
    expect((await figures(database)).counters).toEqual(await counted(database));
  });

  it('refuses a direct quantity on a product in two places, and keeps its total the sum of its rows', async () => {
    await database.db.execute(
      sql`insert into stock (company_id, product_id, location_id, quantity) values (1, 1, 1, 4)`,
    );
    expect(await productOf(1, 1)).toEqual({ location_id: 2, quantity: 16, status: 'in-stock' });
    const refused = await database.db
      .execute(sql`update products set quantity = 20 where company_id = 1 and id = 1`)
      .then(
        () => null,
        (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
      );
    expect(refused).toBe('23514');
    expect(await stockOf(1, 1)).toEqual([
      { location_id: 1, quantity: 4 },
      { location_id: 2, quantity: 12 },
    ]);
    // Its home may still move (where new stock goes), leaving its places as they are.
    await database.db.execute(sql`update products set location_id = 1 where company_id = 1 and id = 1`);
    expect(await stockOf(1, 1)).toHaveLength(2);
    expect(await productOf(1, 1)).toEqual({ location_id: 1, quantity: 16, status: 'in-stock' });
    // Stock rows written through stock total on the product, and the counters follow.
    await database.db.execute(
      sql`update stock set quantity = 0 where company_id = 1 and product_id = 1 and location_id = 2`,
    );
    expect(await productOf(1, 1)).toEqual({ location_id: 1, quantity: 4, status: 'in-stock' });
    expect((await figures(database)).counters).toEqual(await counted(database));
  });

  it('takes the stock rows with a product deleted directly, and the counters with them', async () => {
    await database.db.execute(sql`delete from products where company_id = 1 and id in (1, 10)`);
    expect(await stockOf(1, 1)).toEqual([]);
    expect(await stockOf(1, 10)).toEqual([]);
    expect((await figures(database)).counters).toEqual(await counted(database));
  });
});
