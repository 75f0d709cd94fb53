import { CSV_PRODUCT_COLUMNS, type TCsvProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

/**
 * Set-based SQL of the CSV import. Rows are staged in a temporary table that lives only as long as the import's
 * transaction; every rule that needs the whole file or the database is one statement over all rows. A file has one
 * row per SKU and place: a SKU's rows are one product, described by its first row (`first_row`), each row setting
 * the quantity at its place.
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
      is_epc_explicit boolean NOT NULL, location_id int, existing_id int, existing_expiration date, first_row int,
      error_kind text, error_arg text
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

/** From this many staged rows, the import's statements join by hash or merge only (analyzeStaging). */
export const BULK_IMPORT_ROWS = 2000;

/**
 * Temporary tables get no statistics from autovacuum: without them the planner guesses a few rows and can pick
 * a nested loop over the whole catalogue for every staged row. Measured once the file is staged.
 *
 * The catalogue's statistics cannot know the file either: its products are written and read back in this one
 * transaction, and a company new to a large table is a value the statistics have not seen (autovacuum analyzes a
 * table after a tenth of it has changed). Planned from a guess of one product, a file of 100,000 rows updating its
 * products walked the company's products once per row (more than 5 minutes; PostgreSQL with autovacuum off). So a
 * file of BULK_IMPORT_ROWS rows or more is joined without nested loops for the rest of the transaction: a hash of
 * thousands of rows is right whatever the statistics say. Lookups of one row (a place's units) are subqueries, not
 * joins, and stay index probes.
 */
export async function analyzeStaging(db: Db) {
  await db.execute(sql`ANALYZE import_rows`);
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM import_rows`);
  if (Number(r.rows[0]?.n ?? 0) >= BULK_IMPORT_ROWS) await db.execute(sql`SET LOCAL enable_nestloop = off`);
}

/**
 * A SKU's product columns come from its first row. A later row giving another value for one of them (an empty cell
 * says nothing) is an error naming those columns, in the template's order; the others take the first row's values, so
 * every rule below sees one product per SKU (the tag, the GTIN, the expiration date) on each of its rows.
 */
export async function markContradictions(db: Db) {
  // A later non-empty cell unlike the first row's: money and dates compare as values (12.5 is 12.50). The columns
  // are the contract's, so a column added to the template is held to its first row too.
  const differs = CSV_PRODUCT_COLUMNS.filter((c) => c !== 'sku').map((c) =>
    c === 'epc'
      ? sql`CASE WHEN l.is_epc_explicit AND (NOT h.is_epc_explicit OR l.epc <> h.epc) THEN 'epc' END`
      : sql.raw(`CASE WHEN l.${c} IS NOT NULL AND l.${c} IS DISTINCT FROM h.${c} THEN '${c}' END`),
  );
  await db.execute(sql`
    UPDATE import_rows r SET first_row = c.first_row, error_kind = CASE WHEN c.columns <> '' THEN 'contradicts' END,
      error_arg = nullif(c.columns, '')
    FROM (
      SELECT l.row_no, h.row_no AS first_row, concat_ws(',', ${sql.join(differs, sql`, `)}) AS columns
      FROM import_rows l JOIN (SELECT DISTINCT ON (sku) * FROM import_rows ORDER BY sku, row_no) h ON h.sku = l.sku
    ) c
    -- A first row is left as it is (first_row stays null): a file of one row per SKU writes nothing here.
    WHERE r.row_no = c.row_no AND c.row_no <> c.first_row
  `);
  await db.execute(sql`
    UPDATE import_rows r SET name = h.name, description = h.description, category = h.category, vendor = h.vendor,
      unit_cost = h.unit_cost, retail_price = h.retail_price, min_stock_level = h.min_stock_level,
      expiration_date = h.expiration_date, gtin = h.gtin, epc = h.epc, rfid_tag = h.rfid_tag,
      is_epc_explicit = h.is_epc_explicit
    FROM import_rows h
    WHERE h.row_no = r.first_row AND r.error_kind IS NULL
  `);
}

/**
 * Another SKU giving the same tag or GTIN makes the later SKU's rows errors (all of them: they are one product).
 * Runs after markContradictions, so a SKU's rows carry one tag and one GTIN.
 */
export async function markDuplicatesInFile(db: Db) {
  for (const [column, kind] of [
    ['epc', 'duplicate_tag'],
    ['gtin', 'duplicate_gtin'],
  ] as const) {
    await db.execute(sql`
      UPDATE import_rows r SET error_kind = ${kind}, error_arg = d.first_sku
      FROM (
        SELECT row_no, sku, first_value(sku) OVER (PARTITION BY ${sql.raw(column)} ORDER BY row_no) AS first_sku
        FROM import_rows WHERE error_kind IS NULL AND ${sql.raw(column)} IS NOT NULL
      ) d
      WHERE r.row_no = d.row_no AND d.sku <> d.first_sku
    `);
  }
}

/**
 * Once every row has its place: a SKU on two rows at one place (the later is the error; two texts naming the same
 * location are one place). `duplicate_sku` when the file has no location column: its rows are all about the home.
 */
export async function markDuplicatePlaces(db: Db, kind: 'duplicate_place' | 'duplicate_sku') {
  await db.execute(sql`
    UPDATE import_rows r SET error_kind = ${kind}, error_arg = d.first::text
    FROM (
      SELECT row_no, min(row_no) OVER (PARTITION BY sku, coalesce(location_id, 0)) AS first
      FROM import_rows WHERE error_kind IS NULL
    ) d
    WHERE r.row_no = d.row_no AND d.row_no <> d.first
  `);
}

/** The distinct location texts of rows still good, in the order the file first names them. */
export async function distinctLocations(db: Db): Promise<string[]> {
  const result = await db.execute<{ location: string }>(
    sql`SELECT location FROM import_rows WHERE location IS NOT NULL AND error_kind IS NULL
      GROUP BY location ORDER BY min(row_no)`,
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

export type StagedFailure = {
  row_no: number;
  sku: string;
  location: string | null;
  first_row: number | null;
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
    SELECT row_no, sku, location, first_row, rfid_tag, gtin, error_kind, error_arg FROM import_rows WHERE error_kind IS NOT NULL
    ORDER BY row_no LIMIT ${limit}
  `);
  const total = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM import_rows WHERE error_kind IS NOT NULL`,
  );
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}
