import {
  decodeTag,
  epcFromRfidTag,
  isEpcHex,
  normalizeGtin,
  normalizeSku,
  RFID_TAG_LENGTH,
  type TInventoryFilters,
  type TStockStatus,
} from '@quantics/contracts';
import { and, asc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companyToday, zoneOf } from '../../db/company-day.ts';
import { inventoryCounters, locations, productScans, products } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

// The local catalogue of one company; every function takes the caller's companyId and filters by it.

/** A product's last scan (product_scans, written by completing audits): one key lookup per row returned. */
function lastScanOf(p: typeof products) {
  return sql`(select ${productScans.lastScanned} from ${productScans}
    where ${productScans.companyId} = ${p.companyId} and ${productScans.productId} = ${p.id})`.mapWith(
    productScans.lastScanned,
  );
}

/** One place of a product's stock, as answered (TStockRow). */
export type StockRowView = { location_id: number | null; location: string | null; quantity: number };

/**
 * A product's stock rows as the product carries them (the stock triggers write them: stock_restate, 0048): its places (0: no
 * location) and their quantities in order of place, and the names of its locations in the same order, each by
 * locations_pkey, as one JSON array per row (node-postgres parses that faster than three PostgreSQL arrays). No stock
 * rows are read: reading them cost a list page 0.2-0.3 ms more CPU a request (docs/benchmarks.md, stock on products).
 * The product's columns are named with their table: drizzle leaves them bare in a select from products alone, where
 * "id" would be ambiguous.
 */
type StoredStock = [places: number[], quantities: number[], names: string[]];
const storedStock = {
  storedStock: sql<StoredStock>`json_build_array(
    "products"."stock_places", "products"."stock_quantities", array(select l.name from ${locations} l
      where l.company_id = "products"."company_id" and l.id = any("products"."stock_places") order by l.id))`,
};
type WithStock<R> = Omit<R, 'storedStock'> & { stock: StockRowView[] };

/**
 * Rows with their stock as answered (TStockRow[], by place name), each location named by the row's own names. The
 * foreign keys and stock_restate keep every place a location of the same snapshot; a row whose names do not match
 * its places all the same (arrays written by hand) has them looked up, in one statement for the rows.
 */
async function withStock<R extends { storedStock: StoredStock }>(
  db: Db,
  companyId: number,
  rows: R[],
): Promise<WithStock<R>[]> {
  const names = new Map<number, string>();
  const unnamed: number[] = [];
  for (const {
    storedStock: [places, , named],
  } of rows) {
    const located = places.filter((place) => place !== 0);
    if (located.length !== named.length) unnamed.push(...located);
    else for (const [i, id] of located.entries()) names.set(id, named[i] ?? '');
  }
  if (unnamed.length > 0) {
    const found = await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(
        and(eq(locations.companyId, companyId), sql`${locations.id} = ANY(${sqlArray(unnamed, 'int')})`),
      );
    for (const l of found) names.set(l.id, l.name);
  }
  return rows.map(({ storedStock: [places, quantities], ...row }) => ({
    ...row,
    stock: byPlaceName(
      places.map((place, i) => ({
        location_id: place === 0 ? null : place,
        location: place === 0 ? null : (names.get(place) ?? null),
        quantity: quantities[i] ?? 0,
      })),
    ),
  }));
}

/** Places by name, no location last: the order every screen lists a product's places in. */
function byPlaceName(rows: StockRowView[]): StockRowView[] {
  return [...rows].sort((a, b) =>
    a.location === null || b.location === null
      ? Number(a.location === null) - Number(b.location === null)
      : a.location.localeCompare(b.location) || (a.location_id ?? 0) - (b.location_id ?? 0),
  );
}

export const productColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  rfidTag: products.rfidTag,
  epc: products.epc,
  isEpcExplicit: products.isEpcExplicit,
  gtin: products.gtin,
  description: products.description,
  category: products.category,
  vendor: products.vendor,
  unitCost: products.unitCost,
  retailPrice: products.retailPrice,
  quantity: products.quantity,
  minStockLevel: products.minStockLevel,
  locationId: products.locationId,
  location: locations.name,
  expirationDate: products.expirationDate,
  status: products.status,
  lastScanned: lastScanOf(products),
  ...storedStock,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};
export type ProductRow = Awaited<ReturnType<typeof findProduct>> & {};

/** A product's place: the join carries the company, as every join between tenant tables does (docs/deployment.md). */
const locationOfProduct = and(
  eq(locations.companyId, products.companyId),
  eq(locations.id, products.locationId),
);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search term matches a name fragment (any case; served by the trigram index), a SKU or SKU prefix, or an RFID
 * tag: the 12 characters shown on screen, or the 24 hex digits a reader reports.
 */
function searchCondition(term: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ilike(products.name, `%${escapeLike(term)}%`)];
  const skuPrefix = normalizeSku(term);
  if (skuPrefix) conditions.push(like(products.sku, `${skuPrefix}%`));
  const upper = term.toUpperCase();
  if (upper.length === RFID_TAG_LENGTH && /^[\x20-\x7e]+$/.test(upper)) {
    conditions.push(eq(products.epc, epcFromRfidTag(upper)));
  } else if (isEpcHex(upper)) {
    conditions.push(eq(products.epc, upper));
    // A GS1 SGTIN finds the product with its GTIN.
    const { gtin } = decodeTag(upper);
    if (gtin) conditions.push(eq(products.gtin, gtin));
  }
  const gtin = /^[\d\s-]{8,20}$/.test(term) ? normalizeGtin(term) : undefined;
  if (gtin?.ok) conditions.push(eq(products.gtin, gtin.gtin));
  return or(...conditions);
}

export function filterCondition(companyId: number, filters: TInventoryFilters): SQL | undefined {
  return and(
    eq(products.companyId, companyId),
    filters.status ? eq(products.status, filters.status) : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
  );
}

/** The summary counters, as columns a page's rows carry (read back with `summaryOfPage`). */
const counterColumns = {
  counterTotal: inventoryCounters.total,
  counterLowStock: inventoryCounters.lowStock,
  counterOutOfStock: inventoryCounters.outOfStock,
  counterSearchVersion: inventoryCounters.searchVersion,
};

/**
 * The catalogue's hot reads, prepared statements (built once per app in buildApp, planned once per connection): a page
 * without a search, by name, with or without a status filter (every visit to the inventory), and products by id
 * (every page of a search). The summary cards' counters ride along on every row: one statement, one snapshot for
 * the rows and the cards, and the search version that says whether remembered matches still hold.
 */
export function prepareInventoryReads(db: Db) {
  const withCounters = () =>
    db
      .select({ ...productColumns, ...counterColumns })
      .from(products)
      .leftJoin(locations, locationOfProduct)
      .leftJoin(inventoryCounters, eq(inventoryCounters.companyId, products.companyId));
  const page = (byStatus: boolean) =>
    withCounters()
      .where(
        and(
          eq(products.companyId, sql.placeholder('companyId')),
          byStatus ? eq(products.status, sql.placeholder('status')) : undefined,
        ),
      )
      .orderBy(asc(products.name), asc(products.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(byStatus ? 'inventory_page_by_status' : 'inventory_page');
  const byIds = withCounters()
    .where(
      and(
        eq(products.companyId, sql.placeholder('companyId')),
        sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .prepare('inventory_by_ids');
  return { db, all: page(false), byStatus: page(true), byIds };
}
/** The prepared reads with the database they run on: what the catalogue's list and search functions take. */
export type InventoryReads = ReturnType<typeof prepareInventoryReads>;

export async function listProducts(
  reads: InventoryReads,
  companyId: number,
  status: TStockStatus | undefined,
  limit: number,
  offset: number,
) {
  const rows = await (status
    ? reads.byStatus.execute({ companyId, status, limit, offset })
    : reads.all.execute({ companyId, limit, offset }));
  return withStock(reads.db, companyId, rows);
}

export type Summary = { total: number; lowStock: number; outOfStock: number; searchVersion: number };

/** The counters a page of `listProducts` or `productsByIds` carries (no rows carry none: read `summary` then). */
export function summaryOfPage(rows: Awaited<ReturnType<typeof listProducts>>): Summary | undefined {
  const row = rows[0];
  if (!row) return undefined;
  return {
    total: row.counterTotal ?? 0,
    lowStock: row.counterLowStock ?? 0,
    outOfStock: row.counterOutOfStock ?? 0,
    searchVersion: row.counterSearchVersion ?? 0,
  };
}

/** The summary cards, from the trigger-kept counters (no row yet: an empty catalogue). */
export async function summary(db: Db, companyId: number): Promise<Summary> {
  const [row] = await db
    .select({
      total: inventoryCounters.total,
      lowStock: inventoryCounters.lowStock,
      outOfStock: inventoryCounters.outOfStock,
      searchVersion: inventoryCounters.searchVersion,
    })
    .from(inventoryCounters)
    .where(eq(inventoryCounters.companyId, companyId));
  return row ?? { total: 0, lowStock: 0, outOfStock: 0, searchVersion: 0 };
}

/** How many products of the status the counters say there are (the list's total when only that filter is on). */
export function countForStatus(s: Summary, status: TStockStatus | undefined): number {
  if (status === 'low-stock') return s.lowStock;
  if (status === 'out-of-stock') return s.outOfStock;
  if (status === 'in-stock') return s.total - s.lowStock - s.outOfStock;
  return s.total;
}

export async function findProduct(db: Db, companyId: number, id: number, o: { lock?: boolean } = {}) {
  const q = db
    .select(productColumns)
    .from(products)
    .leftJoin(locations, locationOfProduct)
    .where(and(eq(products.companyId, companyId), eq(products.id, id)))
    .limit(1);
  const [row] = await withStock(db, companyId, await (o.lock ? q.for('update', { of: products }) : q));
  return row;
}

/** The product that already holds this SKU or this tag, if any (to name it in a 409). */
/** Another product with this SKU, tag or GTIN (in that order of preference), if any. */
export async function findClash(
  db: Db,
  companyId: number,
  v: { sku: string; epc: string; gtin: string | null },
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: products.id, sku: products.sku, epc: products.epc, gtin: products.gtin })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        or(eq(products.sku, v.sku), eq(products.epc, v.epc), v.gtin ? eq(products.gtin, v.gtin) : undefined),
        exceptId === undefined ? undefined : sql`${products.id} <> ${exceptId}`,
      ),
    )
    .orderBy(sql`${products.sku} = ${v.sku} desc`, sql`${products.epc} = ${v.epc} desc`)
    .limit(1);
  return row;
}

export type ProductValues = {
  name: string;
  sku: string;
  rfidTag: string;
  epc: string;
  isEpcExplicit: boolean;
  gtin: string | null;
  description: string | null;
  category: string | null;
  vendor: string | null;
  unitCost: string;
  retailPrice: string;
  minStockLevel: number;
  locationId: number | null;
  expirationDate: string | null;
};

export async function insertProduct(db: Db, companyId: number, values: ProductValues): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ companyId, ...values })
    .returning({ id: products.id });
  if (!row) throw new Error('insert product returned nothing');
  return row.id;
}

export async function updateProduct(db: Db, companyId: number, id: number, values: ProductValues) {
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.companyId, companyId), eq(products.id, id)));
}

export async function deleteProduct(db: Db, companyId: number, id: number) {
  await db.delete(products).where(and(eq(products.companyId, companyId), eq(products.id, id)));
}

/**
 * Products matching a search (and the status filter, if any): how many match, and the `limit` of them after
 * `offset` by name, in one pass over the matches (materialized once, counted, then sorted): walking the name index
 * instead could read tens of thousands of rows before the first match of a fragment whose matches sort far down
 * the list. With `cap`, counting stops there, for a question rather than a page ("more than").
 */
export async function searchPage(
  reads: InventoryReads,
  companyId: number,
  filters: TInventoryFilters,
  page: { limit: number; offset: number; cap?: number },
) {
  const r = await reads.db.execute<{ id: number | null; total: number }>(sql`
    WITH m AS MATERIALIZED (
      SELECT ${products.id} AS id, ${products.name} AS name FROM ${products}
      WHERE ${filterCondition(companyId, filters)} ${page.cap === undefined ? sql`` : sql`LIMIT ${page.cap}`}
    )
    SELECT pg.id, t.total FROM (SELECT count(*)::int AS total FROM m) t
    LEFT JOIN LATERAL (SELECT id, name FROM m ORDER BY name, id LIMIT ${page.limit} OFFSET ${page.offset}) pg ON true
    ORDER BY pg.name, pg.id
  `);
  const total = Number(r.rows[0]?.total ?? 0);
  const ids = r.rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
  return { rows: await productsByIds(reads, companyId, ids), total };
}

/**
 * Every product matching a search (and the status filter, if any): how many, and the ids of the first `keep` by
 * name, in one pass over the matches. What the search cache remembers, so the next pages are read by id.
 */
export async function searchMatches(db: Db, companyId: number, filters: TInventoryFilters, keep: number) {
  const r = await db.execute<{ total: number; ids: (number | string)[] | null }>(sql`
    WITH m AS MATERIALIZED (
      SELECT ${products.id} AS id, ${products.name} AS name FROM ${products}
      WHERE ${filterCondition(companyId, filters)}
    )
    SELECT (SELECT count(*)::int FROM m) AS total,
      ARRAY(SELECT id FROM m ORDER BY name, id LIMIT ${keep}) AS ids
  `);
  const row = r.rows[0];
  return { total: Number(row?.total ?? 0), ids: (row?.ids ?? []).map(Number) };
}

/**
 * These products of the company, by name (an id that has gone since is left out), each row with the summary
 * counters and the search version of the same snapshot (see the search cache).
 */
export async function productsByIds(reads: InventoryReads, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return withStock(reads.db, companyId, await reads.byIds.execute({ companyId, ids }));
}

/** Products matching a search term, for a question rather than a page: up to `cap` counted, the first `limit`. */
export function searchSample(
  reads: InventoryReads,
  companyId: number,
  term: string,
  limit: number,
  cap: number,
) {
  return searchPage(reads, companyId, { search: term, status: undefined }, { limit, offset: 0, cap });
}

/**
 * Products in stock expiring from the company's today to `days` days ahead, soonest first (the index's order: few
 * rows read).
 */
export async function expiringProducts(db: Db, companyId: number, days: number, limit: number) {
  const today = companyToday(zoneOf(companyId));
  const rows = await db
    .select({ ...productColumns, daysLeft: sql<number>`(${products.expirationDate} - ${today})::int` })
    .from(products)
    .leftJoin(locations, locationOfProduct)
    .where(
      and(
        eq(products.companyId, companyId),
        sql`${products.expirationDate} >= ${today}`,
        sql`${products.expirationDate} <= ${today} + ${days}::int`,
        sql`${products.quantity} > 0`,
      ),
    )
    .orderBy(asc(products.expirationDate), asc(products.name), asc(products.id))
    .limit(limit);
  return withStock(db, companyId, rows);
}

/** The first `limit` low-stock and out-of-stock products by name, in one statement (two short index scans). */
export async function stockAlertRows(db: Db, companyId: number, limit: number) {
  const first = (status: TStockStatus) =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(locations, locationOfProduct)
      .where(and(eq(products.companyId, companyId), eq(products.status, status)))
      .orderBy(asc(products.name), asc(products.id))
      .limit(limit);
  return withStock(db, companyId, await unionAll(first('low-stock'), first('out-of-stock')));
}

/**
 * The products a scanned code could name, in one indexed look-up each: by EPC, by GTIN (and a UPC-E's alternative)
 * and by SKU, each with its places (the lookup names the places of one kept in several). The caller picks among
 * them by the resolver's precedence (contracts' matchCode).
 */
export async function productsForCode(
  db: Db,
  companyId: number,
  keys: { epc: string | null; gtins: string[]; skuKey: string | null },
) {
  const by = [
    keys.epc ? eq(products.epc, keys.epc) : undefined,
    ...keys.gtins.map((g) => eq(products.gtin, g)),
    keys.skuKey ? eq(products.sku, keys.skuKey) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (by.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      epc: products.epc,
      gtin: products.gtin,
      ...storedStock,
    })
    .from(products)
    .where(and(eq(products.companyId, companyId), or(...by)))
    .limit(8);
  return withStock(db, companyId, rows);
}
