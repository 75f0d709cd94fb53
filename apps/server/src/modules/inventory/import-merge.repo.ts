import { QUANTITY_MAX, STOCK_PLACES_MAX } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stockUpsert } from '../movements/stock-writes.repo.ts';

/**
 * The CSV import's writes, over the staged rows (import.repo.ts): a SKU's good rows are one product, each row the
 * quantity at its place. Set-based: a handful of statements however long the file.
 */

/**
 * A file without a location column names no place: its rows are about the product's home (where its stock is when it
 * has one place), as such a file was before stock by location. A new product's home is then no location.
 */
export async function placeAtHome(db: Db, companyId: number) {
  await db.execute(sql`
    UPDATE import_rows r SET location_id = p.location_id
    FROM products p WHERE p.company_id = ${companyId} AND p.id = r.existing_id
  `);
}

/**
 * The units a staged row's place holds now (null: no stock row there), for `product` (SQL of its id), as a subquery
 * of the row (the staged row is `r`, as in every statement here): one probe of stock's key a row, whatever the planner believes of the company's stock. The import
 * writes its products and reads them back in one transaction, so the tables' statistics never know them: a join to
 * stock planned from them walked every stock row at the place for each line (a file of 100,000 new products took
 * 104 s in its stock write, and the same file again 269 s in these checks, on PostgreSQL without autovacuum).
 */
const placeNow = (companyId: number, product: SQL) =>
  sql`(SELECT s.quantity FROM stock s WHERE s.company_id = ${companyId} AND s.product_id = ${product}
    AND s.place = coalesce(r.location_id, 0))`;

/**
 * A product's total (its places the file leaves alone plus the ones it sets) must fit a quantity, and its places
 * must stay within STOCK_PLACES_MAX: otherwise every good row of that SKU is an error, reported, not written.
 */
export async function checkStockLimits(db: Db, companyId: number) {
  await db.execute(sql`
    WITH lines AS (
      SELECT r.sku, r.existing_id, coalesce(r.location_id, 0) AS place,
        coalesce(r.quantity, ${placeNow(companyId, sql`r.existing_id`)}, 0)::bigint AS quantity
      FROM import_rows r
      WHERE r.error_kind IS NULL
    ),
    kept AS (
      SELECT e.sku, sum(s.quantity) AS quantity, count(*) AS places
      FROM (SELECT sku, existing_id, array_agg(place) AS places FROM lines WHERE existing_id IS NOT NULL
        GROUP BY sku, existing_id) e
      JOIN stock s ON s.company_id = ${companyId} AND s.product_id = e.existing_id AND s.place <> ALL (e.places)
      GROUP BY e.sku
    ),
    over AS (
      SELECT l.sku,
        CASE WHEN count(*) + coalesce(max(k.places), 0) > ${STOCK_PLACES_MAX} THEN 'too_many_places'
          WHEN sum(l.quantity) + coalesce(max(k.quantity), 0) > ${QUANTITY_MAX} THEN 'total_too_large' END AS kind
      FROM lines l LEFT JOIN kept k ON k.sku = l.sku
      GROUP BY l.sku
    )
    UPDATE import_rows r SET error_kind = o.kind, error_arg = NULL
    FROM over o WHERE o.sku = r.sku AND o.kind IS NOT NULL AND r.error_kind IS NULL
  `);
}

/**
 * Writes the good rows. Products first, from each SKU's first good row (its rows agree, see markContradictions):
 * existing ones updated (an empty cell keeps the current value; their home and their places are not touched),
 * new ones inserted with their home at that row's place. Then one upsert of the stock rows: each row sets its place
 * (an empty quantity keeps the place's units, or 0 for a new place); the product's other places stay as they are.
 * The stock table's triggers total products.quantity. Returns how many products were created and updated, and how
 * many rows landed.
 */
export async function mergeRows(
  db: Db,
  companyId: number,
): Promise<{ created: number; updated: number; rows: number }> {
  const updated = await db.execute<{ n: number }>(sql`
    WITH head AS (
      SELECT DISTINCT ON (sku) * FROM import_rows WHERE error_kind IS NULL AND existing_id IS NOT NULL
      ORDER BY sku, row_no
    ),
    done AS (
      UPDATE products p SET name = r.name, description = coalesce(r.description, p.description),
        category = coalesce(r.category, p.category), vendor = coalesce(r.vendor, p.vendor),
        unit_cost = coalesce(r.unit_cost, p.unit_cost), retail_price = coalesce(r.retail_price, p.retail_price),
        min_stock_level = coalesce(r.min_stock_level, p.min_stock_level),
        expiration_date = coalesce(r.expiration_date, p.expiration_date), gtin = coalesce(r.gtin, p.gtin),
        -- A tag given in the file replaces the product's; none keeps it (its own, or the one from its SKU).
        epc = CASE WHEN r.is_epc_explicit THEN r.epc ELSE p.epc END,
        rfid_tag = CASE WHEN r.is_epc_explicit THEN r.rfid_tag ELSE p.rfid_tag END,
        is_epc_explicit = p.is_epc_explicit OR r.is_epc_explicit, updated_at = now()
      FROM head r
      WHERE p.company_id = ${companyId} AND p.id = r.existing_id
      RETURNING 1
    ) SELECT count(*)::int AS n FROM done
  `);
  // Inserted with their total, which the stock upsert below then spreads over the places: products.quantity never
  // passes through another figure, so no stock crossing is recorded for a product just added. The products trigger
  // gives it one stock row at its home, which the upsert corrects. A SKU someone else added since the check above
  // is updated rather than failing the whole file.
  const created = await db.execute<{ n: number }>(sql`
    WITH good AS (SELECT * FROM import_rows WHERE existing_id IS NULL AND error_kind IS NULL),
    head AS (
      SELECT DISTINCT ON (g.sku) g.*, t.total FROM good g
      JOIN (SELECT sku, sum(coalesce(quantity, 0))::int AS total FROM good GROUP BY sku) t ON t.sku = g.sku
      ORDER BY g.sku, g.row_no
    ),
    done AS (
      INSERT INTO products (company_id, name, sku, rfid_tag, epc, description, category, vendor, unit_cost,
        retail_price, quantity, min_stock_level, location_id, expiration_date, gtin, is_epc_explicit)
      SELECT ${companyId}, name, sku, rfid_tag, epc, description, category, vendor, coalesce(unit_cost, 0),
        coalesce(retail_price, 0), total, coalesce(min_stock_level, 0), location_id, expiration_date,
        gtin, is_epc_explicit
      FROM head
      ORDER BY row_no
      ON CONFLICT (company_id, sku) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
      RETURNING 1
    ) SELECT count(*)::int AS n FROM done
  `);
  const rows = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM import_rows WHERE error_kind IS NULL`,
  );
  await db.execute(
    stockUpsert(
      companyId,
      sql`SELECT p.id AS product_id, r.location_id,
        coalesce(r.quantity, CASE WHEN r.existing_id IS NOT NULL THEN ${placeNow(companyId, sql`p.id`)} END, 0) AS quantity
      FROM import_rows r
      JOIN products p ON p.company_id = ${companyId} AND p.sku = r.sku
      WHERE r.error_kind IS NULL`,
      { how: 'set' },
    ),
  );
  return {
    created: Number(created.rows[0]?.n ?? 0),
    updated: Number(updated.rows[0]?.n ?? 0),
    rows: Number(rows.rows[0]?.n ?? 0),
  };
}
