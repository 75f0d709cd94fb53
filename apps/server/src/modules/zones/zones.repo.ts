import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations, products, stock } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/** A product's stock rows (its places and units), from the stock table. */
export async function stockOf(db: Db, companyId: number, productId: number) {
  return db
    .select({ locationId: stock.locationId, quantity: stock.quantity })
    .from(stock)
    .where(and(eq(stock.companyId, companyId), eq(stock.productId, productId)));
}

export async function productOf(db: Db, companyId: number, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      gtin: products.gtin,
      epc: products.epc,
    })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .limit(1);
  return row;
}

export type SeenAt = {
  location_id: number | null;
  seen_at: string | Date;
  device: string | null;
  antenna: number | null;
  tags: number;
};

/**
 * Where a product's tags were last seen, by place: the latest sighting there (its reader and antenna) and how many of
 * its tags were last seen there. Its tags are its SGTINs (by GTIN, tag_sightings_gtin_idx) and its own EPC (the key).
 */
export async function seenAtPlaces(
  db: Db,
  companyId: number,
  gtin: string | null,
  epcHex: string,
): Promise<SeenAt[]> {
  const r = await db.execute<SeenAt>(sql`
    with tags as (
      select location_id, seen_at, device_id, antenna from tag_sightings
      where company_id = ${companyId} and epc = decode(${epcHex}, 'hex')
      ${
        gtin === null
          ? sql``
          : sql`union all
      select location_id, seen_at, device_id, antenna from tag_sightings
      where company_id = ${companyId} and gtin = ${gtin} and epc <> decode(${epcHex}, 'hex')`
      }
    ),
    latest as (
      select distinct on (location_id) location_id, seen_at, device_id, antenna,
        count(*) over (partition by location_id)::int as tags
      from tags order by location_id, seen_at desc
    )
    select l.location_id, l.seen_at, d.name as device, l.antenna, l.tags
    from latest l left join devices d on d.company_id = ${companyId} and d.id = l.device_id`);
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
  from_location_id: number;
  to_location_id: number | null;
};

/**
 * The refill list of a store: each product whose sales-floor units are under its floor minimum (its floor rows'
 * min_quantity added up when any is set, else the product's floor_min) while the store's stockrooms hold some; with
 * its sales over the last `days` days (movements with reason sale at the store's places), the fullest stockroom row to
 * take from and the emptiest floor row to fill (null: no floor row yet).
 *
 * The store's places are read first (a few rows) and passed as arrays, so the planner knows how many stock rows they
 * hold: walked inside the statement, the recursive CTE was estimated at a handful of rows, and a store of 100,000
 * products was planned as if it had 22 short ones (a nested loop of 50,000 index probes of stock_movements, 8 to 10 s;
 * docs/benchmarks.md). Each product's rows are then read once, in one grouping that also picks its from and to rows.
 */
export async function refillRows(
  db: Db,
  companyId: number,
  storeId: number,
  days: number,
): Promise<RefillRow[]> {
  const { all, floor, back } = await storePlaces(db, companyId, storeId);
  if (floor.length + back.length === 0) return [];
  // Without just-in-time compilation (as the reconciliation): past jit_above_cost, PostgreSQL spent longer compiling
  // this statement for 100,000 products than running it (docs/benchmarks.md).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
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
        sum(min_quantity) filter (where is_floor)::int as rows_min,
        (array_agg(location_id order by quantity desc, location_id) filter (where not is_floor))[1] as from_id,
        (array_agg(location_id order by quantity - coalesce(min_quantity, 0), location_id)
          filter (where is_floor))[1] as to_id
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
    )
    select s.product_id, s.sku, s.name, s.floor as sales_floor, s.floor_min, s.back as stockroom,
      coalesce(sold.units, 0) as recent_sales, s.from_id as from_location_id, s.to_id as to_location_id
    from short s
    left join sold on sold.product_id = s.product_id
    order by coalesce(sold.units, 0) desc, s.floor_min - s.floor desc, s.name, s.product_id`);
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
