import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migratedOverData } from '../../test/migrations.ts';

// 0048_stock_totals_merged: a product's total and places are merged from the places each statement on stock changed
// (stock_restate), not recomputed from all its rows. Whatever writes the stock rows, in one statement or several, the
// product carries exactly its rows and their total; and two transactions moving two places of one product at once
// leave the total of both. On PGlite, or PostgreSQL with TEST_DATABASE_URL (the concurrent case needs two sessions).

type Carried = { id: number; quantity: number; places: number[]; quantities: number[] };

const carried = async (db: Database) =>
  (
    await db.db.execute<Carried>(
      sql`select id, quantity, stock_places as places, stock_quantities as quantities from products
        where company_id = 1 order by id`,
    )
  ).rows.map(numbers);

/** What the stock rows say each product should carry: their total, their places in order and their quantities. */
const fromStock = async (db: Database) =>
  (
    await db.db.execute<Carried>(
      sql`select p.id, coalesce(sum(s.quantity), 0)::int as quantity,
          coalesce(array_agg(s.place order by s.place) filter (where s.place is not null), '{}') as places,
          coalesce(array_agg(s.quantity order by s.place) filter (where s.place is not null), '{}') as quantities
        from products p left join stock s on s.company_id = p.company_id and s.product_id = p.id
        where p.company_id = 1 group by p.id order by p.id`,
    )
  ).rows.map(numbers);

const numbers = (r: Carried) => ({
  id: Number(r.id),
  quantity: Number(r.quantity),
  places: r.places.map(Number),
  quantities: r.quantities.map(Number),
});

describe('0048_stock_totals_merged over data of 0047', () => {
  let database: Database;
  let cleanUp = async () => {};
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);

  beforeAll(async () => {
    ({ database, cleanUp } = await migratedOverData('_stock_totals_merged', async (old) => {
      await old.db.execute(sql`insert into companies (id, name) values (1, 'A')`);
      await old.db.execute(sql`insert into locations (company_id, id, name, parent_location_id) values
        (1, 1, 'Store', null), (1, 2, 'Backroom', 1), (1, 3, 'Shelf', 1)`);
      await old.db.execute(sql`insert into products
        (company_id, id, name, sku, rfid_tag, epc, unit_cost, quantity, min_stock_level, location_id) values
        (1, 1, 'Jar', 'JAR', 'JAR000000000', '4A4152303030303030303030', 2.50, 10, 3, 2),
        (1, 2, 'Box', 'BOX', 'BOX000000000', '424F58303030303030303030', 1.25, 0, 2, null),
        (1, 3, 'Cup', 'CUP', 'CUP000000000', '435550303030303030303030', 3.10, 2, 5, 1)`);
      await old.db.execute(sql`insert into stock (company_id, product_id, location_id, quantity) values
        (1, 1, 3, 4), (1, 1, null, 1)`);
    }));
    // Two databases migrated from nothing: slow on a busy machine.
  }, 120_000);
  afterAll(() => cleanUp());

  it('leaves what the products carry as it was', async () => {
    expect(await carried(database)).toEqual(await fromStock(database));
    expect((await carried(database))[0]).toEqual({
      id: 1,
      quantity: 15,
      places: [0, 2, 3],
      quantities: [1, 10, 4],
    });
  });

  it('keeps every product equal to its rows through every kind of write', async () => {
    const check = async () => expect(await carried(database)).toEqual(await fromStock(database));
    // A movement's upsert: one place of Jar updated and a new place inserted, Box's one row updated, in one statement.
    await run(sql`insert into stock (company_id, product_id, location_id, quantity) values
        (1, 1, 2, -3), (1, 1, 1, 6), (1, 2, null, 4)
      on conflict (company_id, product_id, place) do update set quantity = stock.quantity + excluded.quantity`);
    await check();
    expect((await carried(database))[0]).toEqual({
      id: 1,
      quantity: 18,
      places: [0, 1, 2, 3],
      quantities: [1, 6, 7, 4],
    });
    // Units moved between two places with the total unchanged; a row written with its quantity unchanged.
    await run(sql`update stock set quantity = case place when 2 then 5 when 3 then 6 else quantity end
      where company_id = 1 and product_id = 1`);
    await check();
    // Rows moved to other places, two products' in one statement.
    await run(sql`update stock set location_id = case product_id when 2 then 3 else 2 end
      where company_id = 1 and product_id in (2, 3)`);
    await check();
    expect((await carried(database)).slice(1)).toEqual([
      { id: 2, quantity: 4, places: [3], quantities: [4] },
      { id: 3, quantity: 2, places: [2], quantities: [2] },
    ]);
    // Rows deleted, one product's last; a location deleted (its rows to no location); a product deleted.
    await run(sql`delete from stock where company_id = 1 and product_id = 1 and place in (0, 1)`);
    await run(sql`delete from stock where company_id = 1 and product_id = 2`);
    await run(sql`delete from locations where company_id = 1 and id = 3`);
    await check();
    expect(await carried(database)).toEqual([
      { id: 1, quantity: 11, places: [0, 2], quantities: [6, 5] },
      { id: 2, quantity: 0, places: [], quantities: [] },
      { id: 3, quantity: 2, places: [2], quantities: [2] },
    ]);
    // The build before's writes of a product: inserted with a quantity, then edited in place.
    await run(sql`insert into products
      (company_id, id, name, sku, rfid_tag, epc, unit_cost, quantity, min_stock_level, location_id) values
      (1, 4, 'Lid', 'LID', 'LID000000000', '4C4944303030303030303030', 1.00, 5, 1, 2)`);
    await run(sql`update products set quantity = 9, location_id = 1 where company_id = 1 and id = 4`);
    await run(sql`delete from products where company_id = 1 and id = 3`);
    await check();
    expect((await carried(database)).at(-1)).toEqual({ id: 4, quantity: 9, places: [1], quantities: [9] });
  });

  it("keeps a product's updated_at when its places change and its total does not", async () => {
    const stamp = async () =>
      (await run(sql`select updated_at::text as t from products where company_id = 1 and id = 1`)).rows[0]?.t;
    const before = await stamp();
    await run(sql`update stock set quantity = case place when 0 then 5 else 6 end
      where company_id = 1 and product_id = 1`);
    expect((await carried(database))[0]).toEqual({ id: 1, quantity: 11, places: [0, 2], quantities: [5, 6] });
    expect(await stamp()).toBe(before);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves the total of both when two transactions move two places of one product at once',
    async () => {
      const db = database.db;
      const [jar] = await carried(database);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The first moves 2 units into place 0 and holds its transaction open.
      let first: Promise<unknown> = Promise.resolve();
      const moved = new Promise<void>((started) => {
        first = db.transaction(async (tx) => {
          await tx.execute(sql`update stock set quantity = quantity + 2
            where company_id = 1 and product_id = 1 and place = 0`);
          started();
          await held;
        });
      });
      await moved;
      // The second moves 3 units into place 2, then waits on the product's row the first has written.
      const second = db.transaction((tx) =>
        tx.execute(sql`update stock set quantity = quantity + 3
          where company_id = 1 and product_id = 1 and place = 2`),
      );
      for (let waiting = 0; waiting === 0; ) {
        const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        waiting = Number(r.rows[0]?.n);
      }
      release();
      await Promise.all([first, second]);
      const after = (await carried(database))[0];
      expect(after).toEqual({
        id: 1,
        quantity: (jar?.quantity ?? 0) + 5,
        places: jar?.places,
        quantities: [(jar?.quantities[0] ?? 0) + 2, (jar?.quantities[1] ?? 0) + 3],
      });
      expect(await carried(database)).toEqual(await fromStock(database));
    },
  );
});
