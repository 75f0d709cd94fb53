import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations, products, stock } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { locationWalk } from '../locations/location-tree.repo.ts';

export type WhereRow = {
  id: number;
  sku: string;
  name: string;
  gtin: string | null;
  /** Null with no place: the product holds no stock row and none of its tags was seen. */
  location_id: number | null;
  /** The place's path ('Portland Store > Sales Floor'); null for no location. */
  location: string | null;
  units: number | null;
  seen_at: string | Date | null;
  device: string | null;
  antenna: number | null;
  tags: number | null;
  has_place: boolean;
};

/**
 * Where a product is, in one statement: the product, and each place that holds it by its stock rows or where its tags
 * were last seen, with the latest sighting there (its reader and antenna), how many of its tags were last seen there,
 * and the place's path (walked up from the places found, not the company's every place). Its tags are its SGTINs (by
 * GTIN, tag_sightings_gtin_idx) and its own EPC (the key). A place deleted since a tag was seen there is left out. No
 * row: no such product; one row with has_place false: the product, nowhere.
 */
export async function whereRows(db: Db, companyId: number, productId: number): Promise<WhereRow[]> {
  const r = await db.execute<WhereRow>(sql`
    with recursive p as (
      select id, sku, name, gtin, decode(epc, 'hex') as epc from ${products}
      where company_id = ${companyId} and id = ${productId}
    ),
    tags as (
      select t.location_id, t.seen_at, t.device_id, t.antenna from p
      join tag_sightings t on t.company_id = ${companyId} and t.epc = p.epc
      union all
      select t.location_id, t.seen_at, t.device_id, t.antenna from p
      join tag_sightings t on t.company_id = ${companyId} and t.gtin is not null and t.gtin = p.gtin
        and t.epc <> p.epc
    ),
    latest as (
      select distinct on (location_id) location_id, seen_at, device_id, antenna,
        count(*) over (partition by location_id)::int as tags
      from tags order by location_id, seen_at desc
    ),
    held as (
      select location_id, sum(quantity)::int as units from ${stock}
      where company_id = ${companyId} and product_id = ${productId} group by location_id
    ),
    here as (
      select coalesce(h.location_id, l.location_id) as location_id, coalesce(h.units, 0) as units,
        l.seen_at, l.device_id, l.antenna, coalesce(l.tags, 0) as tags
      from held h
      full join (
        select * from latest where location_id is null or exists (
          select 1 from ${locations} x where x.company_id = ${companyId} and x.id = latest.location_id)
      ) l on coalesce(h.location_id, 0) = coalesce(l.location_id, 0)
    ),
    ${locationWalk('up', companyId, { among: sql`select location_id from here` }, 'up')},
    paths as (select distinct on (top) top as start, path from up order by top, depth desc)
    select p.id, p.sku, p.name, p.gtin, h.location_id, paths.path as location, h.units, h.seen_at,
      d.name as device, h.antenna, h.tags, h.units is not null as has_place
    from p
    left join here h on true
    left join paths on paths.start = h.location_id
    left join devices d on d.company_id = ${companyId} and d.id = h.device_id`);
  return r.rows;
}

export async function locationKind(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ name: locations.name, kind: locations.kind })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .limit(1);
  return row;
}

/**
 * The places below a store with their zone: the nearest kind other than other on the way up from the place to the
 * store (an aisle of a sales floor is on the sales floor). Used as a CTE: zone(id, zone).
 */
const zones = (companyId: number, storeId: number) => sql`zone(id, zone, depth) as (
    select id, null::text, 0 from ${locations} where company_id = ${companyId} and id = ${storeId}
    union all
    select l.id, case when l.kind in ('sales_floor', 'stockroom') then l.kind else zone.zone end, zone.depth + 1
    from ${locations} l join zone on l.company_id = ${companyId} and l.parent_location_id = zone.id
    where zone.depth < 100
  )`;

/** A store's places (itself and every place below it), its sales-floor places and its stockroom places, by zone. */
export async function storePlaces(db: Db, companyId: number, storeId: number) {
  const places = await db.execute<{ id: number; zone: string | null }>(sql`
    with recursive ${zones(companyId, storeId)} select id, zone from zone`);
  return {
    all: places.rows.map((p) => Number(p.id)),
    floor: places.rows.filter((p) => p.zone === 'sales_floor').map((p) => Number(p.id)),
    back: places.rows.filter((p) => p.zone === 'stockroom').map((p) => Number(p.id)),
  };
}

export type RefillRow = {
  product_id: number;
  sku: string;
  name: string;
  sales_floor: number;
  floor_min: number;
  stockroom: number;
  recent_sales: number;
  missing: number;
  from_location_id: number;
  to_location_id: number | null;
  /** The rows listed from this page on (a page's statement only). */
  remaining?: number;
};

/** Where a page of the refill list ends: its last row's keys in the list's order. */
export type RefillCursor = { sales: number; missing: number; name: string; id: number };

/** A page of the list: `limit` rows after `after` (the rows listed from there on counted), or the whole list. */
export type RefillPage = { limit: number; after?: RefillCursor } | undefined;

/**
 * The refill list of a store: each product whose sales-floor units are under its floor minimum (its floor rows'
 * min_quantity added up when any is set, else the product's floor_min) while the store's stockrooms hold some; with
 * its sales over the last `days` days (movements with reason sale at the store's places), the fullest stockroom row to
 * take from and the emptiest floor row to fill (null: no floor row yet). In the list's order: recent sales, then what
 * is missing (most first), then name and id; with `page`, `limit` rows after its cursor (keyset: the sort is a top-N
 * heap, and the answer a page, however long the list).
 *
 * The store's places are read first (a few rows) and passed as arrays, so the planner knows how many stock rows they
 * hold: walked inside the statement, the recursive CTE was estimated at a handful of rows, and a store of 100,000
 * products was planned as if it had 22 short ones (a nested loop of 50,000 index probes of stock_movements, 8 to 10 s;
 * docs/benchmarks.md). Each product's rows are then read once, in one grouping (sums only); the stockroom row to take
 * from and the floor row to fill are picked for the page's rows alone, by the stock key (ordered aggregates over every
 * product's rows were the grouping's largest cost).
 */
export async function refillRows(
  db: Db,
  companyId: number,
  storeId: number,
  days: number,
  page?: RefillPage,
): Promise<RefillRow[]> {
  const { all, floor, back } = await storePlaces(db, companyId, storeId);
  if (floor.length + back.length === 0) return [];
  const after = page?.after;
  const keyset = after
    ? sql`where (l.recent_sales, l.missing) < (${after.sales}::int, ${after.missing}::int)
        or ((l.recent_sales, l.missing) = (${after.sales}::int, ${after.missing}::int)
          and (l.name, l.product_id) > (${after.name}::text, ${after.id}::int))`
    : sql``;
  // The statement's settings, for its transaction only:
  // - no just-in-time compilation (as the reconciliation): past jit_above_cost, PostgreSQL spent longer compiling this
  //   statement for 100,000 products than running it (docs/benchmarks.md);
  // - a store's 100,000 products' week of sales grouped in memory, not spilled to disk in batches (4 MB by default);
  // - one process: a parallel plan (chosen for a page after the first, its rows overestimated 30-fold) built the stock
  //   grouping's and the sales' hash tables whole in every worker, and took 570-640 ms against 360-380 alone.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true),
      set_config('max_parallel_workers_per_gather', '0', true)`);
    const r = await tx.execute<RefillRow>(sql`
    with placed as (
      select s.product_id, s.location_id, s.quantity, s.min_quantity,
        s.location_id = any(${sqlArray(floor, 'int')}) as is_floor
      from ${stock} s
      where s.company_id = ${companyId} and s.location_id = any(${sqlArray([...floor, ...back], 'int')})
    ),
    per_product as (
      select product_id,
        coalesce(sum(quantity) filter (where is_floor), 0)::int as floor,
        sum(greatest(quantity, 0)) filter (where not is_floor)::int as back,
        sum(min_quantity) filter (where is_floor)::int as rows_min
      from placed group by product_id
      having sum(greatest(quantity, 0)) filter (where not is_floor) > 0
    ),
    short as (
      select pp.*, coalesce(pp.rows_min, p.floor_min, 0) as floor_min, p.sku, p.name
      from per_product pp
      join ${products} p on p.company_id = ${companyId} and p.id = pp.product_id
      where pp.floor < coalesce(pp.rows_min, p.floor_min, 0)
    ),
    sold as (
      select m.product_id, (-sum(m.delta))::int as units
      from stock_movements m
      where m.company_id = ${companyId} and m.reason = 'sale'
        and m.at >= now() - make_interval(days => ${days}::int)
        and m.location_id = any(${sqlArray(all, 'int')})
      group by m.product_id
    ),
    listed as (
      select s.product_id, s.sku, s.name, s.floor as sales_floor, s.floor_min, s.back as stockroom,
        coalesce(sold.units, 0) as recent_sales, s.floor_min - s.floor as missing
      from short s
      left join sold on sold.product_id = s.product_id
    ),
    chosen as (
      select l.*${page ? sql`, count(*) over ()::int as remaining` : sql``}
      from listed l
      ${keyset}
      order by l.recent_sales desc, l.missing desc, l.name, l.product_id
      ${page ? sql`limit ${page.limit}` : sql``}
    )
    select c.*,
      (select s.location_id from ${stock} s
        where s.company_id = ${companyId} and s.product_id = c.product_id and s.location_id = any(${sqlArray(back, 'int')})
        order by s.quantity desc, s.location_id limit 1) as from_location_id,
      (select s.location_id from ${stock} s
        where s.company_id = ${companyId} and s.product_id = c.product_id and s.location_id = any(${sqlArray(floor, 'int')})
        order by s.quantity - coalesce(s.min_quantity, 0), s.location_id limit 1) as to_location_id
    from chosen c
    order by c.recent_sales desc, c.missing desc, c.name, c.product_id`);
    return r.rows;
  });
}

/** The store's sales-floor places (kind sales_floor), the first of which takes a product with no floor row yet. */
export async function floorPlaces(db: Db, companyId: number, storeId: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    with recursive ${zones(companyId, storeId)}
    select z.id from zone z join ${locations} l on l.company_id = ${companyId} and l.id = z.id
    where l.kind = 'sales_floor' order by z.depth, z.id`);
  return r.rows.map((row) => Number(row.id));
}

/** The zone (sales_floor, stockroom or null) of each of these places within the store (absent: not in it). */
export async function zonesOf(db: Db, companyId: number, storeId: number, ids: number[]) {
  const r = await db.execute<{ id: number; zone: string | null }>(sql`
    with recursive ${zones(companyId, storeId)}
    select id, zone from zone where id = any(${sqlArray(ids, 'int')})`);
  return new Map(r.rows.map((row) => [Number(row.id), row.zone]));
}

export async function stockAt(db: Db, companyId: number, productId: number, locationId: number) {
  const [row] = await db
    .select({ quantity: stock.quantity })
    .from(stock)
    .where(
      and(eq(stock.companyId, companyId), eq(stock.productId, productId), eq(stock.locationId, locationId)),
    )
    .limit(1);
  return row?.quantity;
}

/** A place's minimum of a product (its stock row's min_quantity); false when the product has no row there. */
export async function setRowMinimum(
  db: Db,
  companyId: number,
  productId: number,
  locationId: number,
  min: number | null,
): Promise<boolean> {
  const r = await db
    .update(stock)
    .set({ minQuantity: min })
    .where(
      and(eq(stock.companyId, companyId), eq(stock.productId, productId), eq(stock.locationId, locationId)),
    )
    .returning({ q: stock.quantity });
  return r.length > 0;
}

export async function setFloorMin(db: Db, companyId: number, productId: number, min: number | null) {
  const r = await db
    .update(products)
    .set({ floorMin: min })
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .returning({ id: products.id });
  return r.length > 0;
}
