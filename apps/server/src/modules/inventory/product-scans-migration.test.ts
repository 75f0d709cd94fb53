import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migratedOverData } from '../../test/migrations.ts';

// 0021_product_scans on a database with data: the stamps products.last_scanned held move to product_scans, and
// a server of the previous release, still stamping the column during a rolling upgrade, loses nothing.

let database: Database;
let cleanUp = async () => {};

const scans = async () =>
  (
    await database.db.execute<{ product_id: number; last_scanned: string }>(
      sql`select product_id, to_char(last_scanned at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as last_scanned
        from product_scans order by product_id`,
    )
  ).rows;

beforeAll(async () => {
  ({ database, cleanUp } = await migratedOverData('_product_scans', async (old) => {
    await old.db.execute(sql`insert into companies (id, name) values (1, 'A'), (2, 'B')`);
    await old.db.execute(sql`insert into products (id, company_id, name, sku, rfid_tag, epc, last_scanned) values
      (1, 1, 'Jar', 'JAR', 'JAR000000000', '4A4152303030303030303030', '2026-03-02T10:00:00Z'),
      (2, 1, 'Box', 'BOX', 'BOX000000000', '424F58303030303030303030', null),
      (3, 2, 'Cup', 'CUP', 'CUP000000000', '435550303030303030303030', '2026-04-01T08:30:00Z')`);
  }));
});
afterAll(() => cleanUp());

describe('the last scans moved to product_scans', () => {
  it('keeps every stamp a product had, and none for a product never read', async () => {
    expect(await scans()).toEqual([
      { product_id: 1, last_scanned: '2026-03-02T10:00:00' },
      { product_id: 3, last_scanned: '2026-04-01T08:30:00' },
    ]);
  });

  it("copies what a previous release's server still stamps on products, never moving a scan back", async () => {
    // What a server before 0021 writes when it completes an audit.
    await database.db.execute(
      sql`update products set last_scanned = '2026-05-05T05:05:05Z' where company_id = 1 and id in (1, 2)`,
    );
    await database.db.execute(
      sql`update products set last_scanned = '2026-01-01T00:00:00Z' where company_id = 2 and id = 3`,
    );
    expect(await scans()).toEqual([
      { product_id: 1, last_scanned: '2026-05-05T05:05:05' },
      { product_id: 2, last_scanned: '2026-05-05T05:05:05' },
      { product_id: 3, last_scanned: '2026-04-01T08:30:00' },
    ]);
  });

  it('goes with its product', async () => {
    await database.db.execute(sql`delete from products where company_id = 1 and id = 1`);
    expect((await scans()).map((r) => r.product_id)).toEqual([2, 3]);
  });
});
