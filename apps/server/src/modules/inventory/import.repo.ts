import type { TCsvProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

/**
 * Set-based SQL of the CSV import. Rows are staged in a temporary table that lives only as long as the import's
 * transaction; every rule that needs the whole file or the database is one statement over all rows.
 */

/** A row that passed the per-row rules, with its spreadsheet row number and the tag its SKU gives. */
export type StagedRow = TCsvProduct & {
  row_no: number;
  rfid_tag: string;
  epc: string;
  is_epc_explicit: boolean;
};

export async function createStaging(db: Db) {
  await db.execute(sql`
    CREATE TEMP TABLE import_rows (
      row_no int PRIMARY KEY, name text NOT NULL, sku text NOT NULL, rfid_tag text NOT NULL, epc text NOT NULL,
      description text, category text, vendor text, unit_cost numeric(12,2), retail_price numeric(12,2),
      quantity int, min_stock_level int, location text, expiration_date date, gtin text,
      is_epc_explicit boolean NOT NULL, location_id int, existing_id int, existing_expiration date, error_kind text, error_arg text
    ) ON COMMIT DROP
  `);
}

/** One statement per batch: each column travels as one array parameter (db/sql-arrays.ts). */
export async function stageRows(db: Db, rows: StagedRow[]) {
  if (rows.length === 0) return;
  const columns = {
    row_no: 'int',
    name: 'text',
    sku: 'text',
    rfid_tag: 'text',
    epc: 'text',
    description: 'text',
    category: 'text',
    vendor: 'text',
    unit_cost: 'numeric',
    retail_price: 'numeric',
    quantity: 'int',
    min_stock_level: 'int',
    location: 'text',
    expiration_date: 'date',
    gtin: 'text',
    is_epc_explicit: 'boolean',
  } as const;
  await db.execute(sql`
    INSERT INTO import_rows (row_no, name, sku, rfid_tag, epc, description, category, vendor, unit_cost,
      retail_price, quantity, min_stock_level, location, expiration_date, gtin, is_epc_explicit)
    SELECT row_no, name, sku, rfid_tag, epc, description, category, vendor, unit_cost, retail_price, quantity,
      min_stock_level, location, expiration_date, gtin, is_epc_explicit
    FROM ${unnestRows(rows, columns, 'x')}
  `);
}

/**
 * Temporary tables get no statistics from autovacuum: without them the planner guesses a few rows and can pick
 * a nested loop over the whole catalogue for every staged row. Measured once the file is staged.
 */
export async function analyzeStaging(db: Db) {
  await db.execute(sql`ANALYZE import_rows`);
}

/** A SKU seen earlier in the file, or another SKU giving the same tag, makes the later rows errors. */
export async function markDuplicatesInFile(db: Db) {
  await db.execute(sql`
    UPDATE import_rows r SET error_kind = 'duplicate_sku', error_arg = d.first::text
    FROM (SELECT row_no, min(row_no) OVER (PARTITION BY sku) AS first FROM import_rows) d
    WHERE r.row_no = d.row_no AND d.row_no <> d.first
  `);
  await db.execute(sql`
    UPDATE import_rows r SET error_kind = 'duplicate_tag', error_arg = d.first_sku
    FROM (
      SELECT row_no, first_value(sku) OVER (PARTITION BY epc ORDER BY row_no) AS first_sku,
        min(row_no) OVER (PARTITION BY epc) AS first
      FROM import_rows WHERE error_kind IS NULL
    ) d
    WHERE r.row_no = d.row_no AND d.row_no <> d.first
  `);
  await db.execute(sql`
    UPDATE import_rows r SET error_kind = 'duplicate_gtin', error_arg = d.first_sku
    FROM (
      SELECT row_no, first_value(sku) OVER (PARTITION BY gtin ORDER BY row_no) AS first_sku,
        min(row_no) OVER (PARTITION BY gtin) AS first
      FROM import_rows WHERE error_kind IS NULL AND gtin IS NOT NULL
    ) d
    WHERE r.row_no = d.row_no AND d.row_no <> d.first
  `);
}

/** The distinct location texts of rows still good. */
export async function distinctLocations(db: Db): Promise<string[]> {
  const result = await db.execute<{ location: string }>(
    sql`SELECT DISTINCT location FROM import_rows WHERE location IS NOT NULL AND error_kind IS NULL`,
  );
  return result.rows.map((r) => r.location);
}

/** Sets each row's location_id from the resolved texts; texts that could not be resolved make their rows errors. */
export async function applyLocations(
  db: Db,
  resolved: { location: string; id: number | null; error: string | null }[],
) {
  if (resolved.length === 0) return;
  await db.execute(sql`
    UPDATE import_rows r SET location_id = m.id, error_kind = m.error,
      error_arg = CASE WHEN m.error IS NULL THEN NULL ELSE r.location END
    FROM ${unnestRows(resolved, { location: 'text', id: 'int', error: 'text' }, 'm')}
    WHERE r.location = m.location AND r.error_kind IS NULL
  `);
}

/**
 * Rules against the catalogue: the product each SKU updates, a tag already used by another SKU, and an
 * expiration date in the past unless it is the one the product already has.
 */
export async function checkAgainstCatalogue(db: Db, companyId: number, earliestToday: string) {
  await db.execute(sql`
    UPDATE import_rows r SET existing_id = p.id, existing_expiration = p.expiration_date
    FROM products p WHERE p.company_id = ${companyId} AND p.sku = r.sku
  `);
  // A product carrying a tag of its own keeps it when its row gives none: check that tag, not the SKU's.
  await db.execute(sql`
    UPDATE import_rows r SET epc = p.epc, rfid_tag = p.rfid_tag
    FROM products p
    WHERE p.company_id = ${companyId} AND p.id = r.existing_id AND p.is_epc_explicit AND NOT r.is_epc_explicit
  `);
  await db.execute(sql`
    UPDATE import_rows r SET error_kind = 'tag_taken', error_arg = p.sku
    FROM products p
    WHERE p.company_id = ${companyId} AND p.epc = r.epc AND p.sku <> r.sku AND r.error_kind IS NULL
  `);
  await db.execute(sql`
    UPDATE import_rows r SET error_kind = 'gtin_taken', error_arg = p.sku
    FROM products p
    WHERE p.company_id = ${companyId} AND p.gtin = r.gtin AND p.sku <> r.sku AND r.error_kind IS NULL
  `);
  await db.execute(sql`
    UPDATE import_rows SET error_kind = 'expired', error_arg = NULL
    WHERE error_kind IS NULL AND expiration_date < ${earliestToday}::date
      AND (existing_id IS NULL OR existing_expiration IS DISTINCT FROM expiration_date)
  `);
}

/**
 * Writes the good rows: existing products first (an empty cell keeps the current value), then new ones.
 * Returns how many of each.
 */
export async function mergeRows(db: Db, companyId: number): Promise<{ created: number; updated: number }> {
  const updated = await db.execute<{ n: number }>(sql`
    WITH done AS (
      UPDATE products p SET name = r.name, description = coalesce(r.description, p.description),
        category = coalesce(r.category, p.category), vendor = coalesce(r.vendor, p.vendor),
        unit_cost = coalesce(r.unit_cost, p.unit_cost), retail_price = coalesce(r.retail_price, p.retail_price),
        quantity = coalesce(r.quantity, p.quantity), min_stock_level = coalesce(r.min_stock_level, p.min_stock_level),
        location_id = coalesce(r.location_id, p.location_id),
        expiration_date = coalesce(r.expiration_date, p.expiration_date), gtin = coalesce(r.gtin, p.gtin),
        -- A tag given in the file replaces the product's; none keeps it (its own, or the one from its SKU).
        epc = CASE WHEN r.is_epc_explicit THEN r.epc ELSE p.epc END,
        rfid_tag = CASE WHEN r.is_epc_explicit THEN r.rfid_tag ELSE p.rfid_tag END,
        is_epc_explicit = p.is_epc_explicit OR r.is_epc_explicit, updated_at = now()
      FROM import_rows r
      WHERE p.company_id = ${companyId} AND p.id = r.existing_id AND r.error_kind IS NULL
      RETURNING 1
    ) SELECT count(*)::int AS n FROM done
  `);
  // A SKU someone else added since the check above is updated rather than failing the whole file.
  const created = await db.execute<{ n: number }>(sql`
    WITH done AS (
      INSERT INTO products (company_id, name, sku, rfid_tag, epc, description, category, vendor, unit_cost,
        retail_price, quantity, min_stock_level, location_id, expiration_date, gtin, is_epc_explicit)
      SELECT ${companyId}, name, sku, rfid_tag, epc, description, category, vendor, coalesce(unit_cost, 0),
        coalesce(retail_price, 0), coalesce(quantity, 0), coalesce(min_stock_level, 0), location_id, expiration_date,
        gtin, is_epc_explicit
      FROM import_rows WHERE existing_id IS NULL AND error_kind IS NULL
      ORDER BY row_no
      ON CONFLICT (company_id, sku) DO UPDATE SET name = EXCLUDED.name, quantity = EXCLUDED.quantity,
        updated_at = now()
      RETURNING 1
    ) SELECT count(*)::int AS n FROM done
  `);
  return { created: Number(created.rows[0]?.n ?? 0), updated: Number(updated.rows[0]?.n ?? 0) };
}

export type StagedFailure = {
  row_no: number;
  sku: string;
  rfid_tag: string;
  gtin: string | null;
  error_kind: string;
  error_arg: string | null;
};

export async function stagedFailures(
  db: Db,
  limit: number,
): Promise<{ rows: StagedFailure[]; total: number }> {
  const rows = await db.execute<StagedFailure>(sql`
    SELECT row_no, sku, rfid_tag, gtin, error_kind, error_arg FROM import_rows WHERE error_kind IS NOT NULL
    ORDER BY row_no LIMIT ${limit}
  `);
  const total = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM import_rows WHERE error_kind IS NOT NULL`,
  );
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
