import type { TInventoryFilters } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, stock } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { locationScope } from '../locations/location-tree.repo.ts';
import { stockDelete, stockUpsert } from '../movements/stock-writes.repo.ts';
import { filterCondition, type InventoryReads, productsByIds } from './inventory.repo.ts';

// A product's stock by place: writing its rows, and the catalogue as seen from one place. Every function takes the
// caller's companyId and filters by it.

/** A place and its units, as written (null: no location). */
export type StockWrite = { locationId: number | null; quantity: number };

/**
 * Makes the product's stock exactly these rows: places not listed are removed, the others inserted or set, in one
 * statement (its triggers then total products.quantity once).
 */
export async function replaceStock(db: Db, companyId: number, productId: number, rows: StockWrite[]) {
  const locationIds = rows.map((r) => r.locationId);
  const quantities = rows.map((r) => r.quantity);
  await db.execute(sql`
    WITH wanted AS (
      SELECT * FROM unnest(${sqlArray(locationIds, 'int')}, ${sqlArray(quantities, 'int')}) AS w(location_id, quantity)
    ),
    removed AS (${stockDelete(
      companyId,
      sql`s.product_id = ${productId} AND s.place NOT IN (SELECT coalesce(location_id, 0) FROM wanted)`,
      sql`1`,
    )})
    ${stockUpsert(companyId, sql`SELECT ${productId}::int AS product_id, location_id, quantity FROM wanted`, { how: 'set' })}
  `);
}

/** A place is "big" from this many stock rows: its page walks the catalogue by name instead of totalling the place. */
const BIG_PLACE_ROWS = 2000;

/**
 * The place as SQL: `inPlace`, a condition on a stock row `s`, and the CTEs it reads (the location and its
 * sub-locations as `scope(id)`; none for 'none', the rows with no location).
 */
function placeScope(companyId: number, locationId: number | 'none') {
  if (locationId === 'none') return { ctes: [] as SQL[], inPlace: sql`s.location_id is null` };
  return {
    ctes: [locationScope(companyId, locationId)],
    inPlace: sql`s.location_id in (select id from scope)`,
  };
}

/** A WITH clause of the place's CTEs and these. */
const withPlace = (place: Place, more: SQL[] = []) => {
  const ctes = [...place.ctes, ...more];
  return ctes.length === 0 ? sql`` : sql`WITH RECURSIVE ${sql.join(ctes, sql`,\n`)}`;
};

/**
 * Products with stock in a location or its sub-locations ('none': stock in no location), matching the search and
 * status filters: how many, and a page of them by name, each with its units there. A small place is totalled per
 * product and sorted; a big one (a store of a large chain) is paged by walking products in name order, each checked
 * by stock_pkey, which stops after a page instead of totalling and sorting the whole store (docs/benchmarks.md).
 */
export async function locationPage(
  reads: InventoryReads,
  companyId: number,
  filters: TInventoryFilters,
  locationId: number | 'none',
  page: { limit: number; offset: number },
) {
  const place = placeScope(companyId, locationId);
  const sized = await reads.db.execute<{ n: number }>(sql`${withPlace(place)}
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${stock} s WHERE s.company_id = ${companyId} AND ${place.inPlace}
      LIMIT ${BIG_PLACE_ROWS}) x`);
  const isBig = Number(sized.rows[0]?.n ?? 0) >= BIG_PLACE_ROWS;
  const found = isBig
    ? await bigPlacePage(reads.db, companyId, filters, place, page)
    : await smallPlacePage(reads.db, companyId, filters, place, page);
  const rows = await productsByIds(reads, companyId, [...found.units.keys()]);
  return {
    rows: rows.map((row) => ({ ...row, locationQuantity: found.units.get(row.id) ?? 0 })),
    total: found.total,
  };
}

type Place = ReturnType<typeof placeScope>;
type PlacePage = { total: number; units: Map<number, number> };

/** The place's rows totalled per product, joined to the filters, counted and sorted: few rows, one statement. */
async function smallPlacePage(
  db: Db,
  companyId: number,
  filters: TInventoryFilters,
  place: Place,
  page: { limit: number; offset: number },
): Promise<PlacePage> {
  const here = sql`here AS MATERIALIZED (
      SELECT s.product_id, sum(s.quantity)::int AS units FROM ${stock} s
      WHERE s.company_id = ${companyId} AND ${place.inPlace} GROUP BY s.product_id
    )`;
  const matches = sql`m AS MATERIALIZED (
      SELECT ${products.id} AS id, ${products.name} AS name, here.units FROM here
      JOIN ${products} ON ${products.companyId} = ${companyId} AND ${products.id} = here.product_id
      WHERE ${filterCondition(companyId, filters)}
    )`;
  const r = await db.execute<{ id: number | null; units: number | null; total: number }>(sql`
    ${withPlace(place, [here, matches])}
    SELECT pg.id, pg.units, t.total FROM (SELECT count(*)::int AS total FROM m) t
    LEFT JOIN LATERAL (SELECT id, name, units FROM m ORDER BY name, id LIMIT ${page.limit} OFFSET ${page.offset}) pg
      ON true
    ORDER BY pg.name, pg.id`);
  const units = new Map<number, number>();
  for (const row of r.rows) if (row.id !== null) units.set(Number(row.id), Number(row.units ?? 0));
  return { total: Number(r.rows[0]?.total ?? 0), units };
}

/**
 * A big place: the page walks products by name (the list's own index), keeping those with a row in the place; the
 * count is the place's distinct products from stock_company_location_idx alone when no filter narrows them.
 */
async function bigPlacePage(
  db: Db,
  companyId: number,
  filters: TInventoryFilters,
  place: Place,
  page: { limit: number; offset: number },
): Promise<PlacePage> {
  const there = (product: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${stock} s WHERE s.company_id = ${companyId} AND s.product_id = ${product}
      AND ${place.inPlace})`;
  const ids = await db.execute<{ id: number }>(sql`${withPlace(place)}
    SELECT ${products.id} AS id FROM ${products}
    WHERE ${filterCondition(companyId, filters)} AND ${there(sql`${products.id}`)}
    ORDER BY ${products.name}, ${products.id} LIMIT ${page.limit} OFFSET ${page.offset}`);
  const isFiltered = filters.search !== undefined || filters.status !== undefined;
  const counted = await db.execute<{ total: number }>(
    isFiltered
      ? sql`${withPlace(place)} SELECT count(*)::int AS total FROM ${products}
          WHERE ${filterCondition(companyId, filters)} AND ${there(sql`${products.id}`)}`
      : sql`${withPlace(place)} SELECT count(DISTINCT s.product_id)::int AS total FROM ${stock} s
          WHERE s.company_id = ${companyId} AND ${place.inPlace}`,
  );
  const pageIds = ids.rows.map((row) => Number(row.id));
  const sums = await db.execute<{ product_id: number; units: number }>(sql`${withPlace(place)}
    SELECT s.product_id, sum(s.quantity)::int AS units FROM ${stock} s
    WHERE s.company_id = ${companyId} AND s.product_id = ANY(${sqlArray(pageIds, 'int')}) AND ${place.inPlace}
    GROUP BY s.product_id`);
  const units = new Map<number, number>(pageIds.map((id) => [id, 0]));
  for (const row of sums.rows) units.set(Number(row.product_id), Number(row.units));
  return { total: Number(counted.rows[0]?.total ?? 0), units };
}
