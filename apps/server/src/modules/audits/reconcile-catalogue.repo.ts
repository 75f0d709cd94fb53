import { type SQL, sql } from 'drizzle-orm';
import { locationScope, locationWalk } from '../locations/location-tree.repo.ts';
import { movedDuringCount } from './reconcile-moved.repo.ts';

// The catalogue's side of the one reconciliation statement (reconcile.repo.ts): what a count of a place expects, from
// the stock rows kept there, and which products read there are kept elsewhere. Apart so each file stays readable.

/** What the expected side (a catalogue or a Dutchie snapshot) gives the statement. */
export type ExpectedParts = {
  /** CTEs the others read (the location scope and paths). */
  before: SQL[];
  /**
   * The scans (grouped by scanGroups) matched to items: unknown_scans (the scan groups that match nothing), and what the
   * item CTEs read.
   */
  scans: SQL;
  /**
   * The in_scope CTE (item, id, sku, name, epc, rfid_tag, expected, found, is_package, seen) and misplaced (item,
   * ..., units, whereabouts: the note's end after "Read here, but "), over found and the scans; and item_codes (item,
   * codes: what was scanned for an item, for its discrepancy row).
   */
  inScopeAndMisplaced: SQL;
  /** A subquery over `found f` that finds the EPC's item. */
  matchesFound: SQL;
  /** Further writes over found (the catalogue's last_scanned). */
  writes: SQL[];
  /**
   * in_scope also carries expected_at_start, moved_during and moved_words (what moved in the counted places during
   * the count, in words, or null): a count in a trading store, where expected is as of each product's first read.
   */
  isAsOfRead?: boolean;
};

/**
 * The catalogue's products against a count. At a location, a product is in scope when it has a stock row in the
 * location or one of its sub-locations, and expected is the sum of those rows (`held`); a product read there with
 * no such row is misplaced, and its note says where its stock is. Without a location, every product is in scope at
 * its total (products.quantity, which the stock triggers keep), as before stock had places.
 */
export function catalogue(
  cid: SQL,
  aid: SQL,
  locationId: number | null,
  completedAt: SQL,
  isRecount: boolean,
): ExpectedParts {
  // A recount expects just the products it was started for; others read where they are kept are no line of it.
  const recounted = (id: SQL) => sql`${id} in (select product_id from audit_discrepancies
        where company_id = ${cid} and recount_audit_id = ${aid})`;
  const isLocated = locationId !== null;
  // held: what the counted places hold now. A product that moved there during the count is in scope even with no
  // row there now (held 0). Expected is as of each product's first read (reconcile-moved.repo.ts).
  const inScope = isLocated
    ? sql`held as (
  select product_id, sum(quantity)::int as quantity from (
    select s.product_id, s.quantity from stock s
    where s.company_id = ${cid} and s.location_id in (select id from scope)
    union all
    select product_id, 0 from moved_products
  ) h
  group by product_id
),
in_scope as (
  select p.id as item, p.id, p.sku, p.name, p.epc, p.rfid_tag, ${asOfRead(sql`h.quantity`)},
    coalesce(fp.units, 0) as found, false as is_package, null::boolean as seen
  from held h join products p on p.company_id = ${cid} and p.id = h.product_id
  left join found_products fp on fp.product_id = h.product_id
  left join moved_products mp on mp.product_id = h.product_id
  ${isRecount ? sql`where ${recounted(sql`h.product_id`)}` : sql``}
),
misplaced as (
  select p.id as item, p.id, p.sku, p.name, p.epc, p.rfid_tag, fp.units,
    ${whereaboutsOf(cid, sql`p`)} as whereabouts
  from found_products fp join products p on p.company_id = ${cid} and p.id = fp.product_id
  where not exists (select 1 from held h where h.product_id = fp.product_id)
)`
    : sql`in_scope as (
  select p.id as item, p.id, p.sku, p.name, p.epc, p.rfid_tag, ${asOfRead(sql`p.quantity`)},
    coalesce(fp.units, 0) as found, false as is_package, null::boolean as seen
  from products p left join found_products fp on fp.product_id = p.id
  left join moved_products mp on mp.product_id = p.id
  where p.company_id = ${cid} ${isRecount ? sql`and ${recounted(sql`p.id`)}` : sql``}
),
misplaced as (
  select null::int as item, null::int as id, null::text as sku, null::text as name, null::text as epc,
    null::text as rfid_tag, 0 as units, null::text as whereabouts
  where false
)`;
  return {
    before: isLocated ? [locationScope(cid, locationId), locationWalk('paths', cid, 'tops')] : [],
    // A scan belongs to the product with its EPC, else its GTIN (then a UPC-E's expansion), else its SKU: contracts'
    // matchCode, in the same order; each join is only tried when the ones before found nothing. Most scans are plain
    // (a UPC, a SKU) or a GS1 serial, with neither an EPC (a tag's EPC typed with a quantity) nor a UPC-E
    // alternative: plain ones go to their product scan by scan (found_products adds their quantities), serials
    // grouped first (one unit each however often scanned), both through the two joins they need. Only the few others
    // take all four, so no hash of every product is built for what is rarely there. Each set is read from audit_scans
    // inline, so the planner sees its statistics.
    scans: sql`scan_rows as (
  select key, code, kind, format, gtin, serial, reason, sku_key, coalesce(quantity, 1) as units, 1 as scans, seen_at
  from audit_scans
  where company_id = ${cid} and audit_id = ${aid} and not serialized and epc is null and alt_gtin is null
  union all
  select key, min(code), min(kind), min(format), gtin, serial, reason, null, 1, count(*)::int, max(seen_at)
  from audit_scans where company_id = ${cid} and audit_id = ${aid} and serialized and epc is null
  group by key, gtin, serial, reason
),
scan_matched as (
  select r.key, r.code, r.kind, r.format, r.gtin, r.serial, null::text as epc, r.reason, r.units, r.scans, r.seen_at,
    coalesce(pg.id, ps.id) as product_id
  from scan_rows r
  left join products pg on r.gtin is not null and pg.company_id = ${cid} and pg.gtin = r.gtin
  left join products ps on pg.id is null and r.sku_key is not null and ps.company_id = ${cid} and ps.sku = r.sku_key
  union all
  select g.key, g.code, g.kind, g.format, g.gtin, g.serial, g.epc, g.reason, g.units, g.scans, g.seen_at,
    coalesce(pe.id, pg.id, pa.id, ps.id)
  from ${scanGroups(aid, cid, sql`(epc is not null or alt_gtin is not null)`)} g
  left join products pe on g.epc is not null and pe.company_id = ${cid} and pe.epc = g.epc
  left join products pg on pe.id is null and g.gtin is not null and pg.company_id = ${cid} and pg.gtin = g.gtin
  left join products pa on pe.id is null and pg.id is null and pa.company_id = ${cid} and pa.gtin = g.alt_gtin
  left join products ps on pe.id is null and pg.id is null and pa.id is null and g.sku_key is not null
    and ps.company_id = ${cid} and ps.sku = g.sku_key
),
unknown_scans as (
  select key, min(code) as code, kind, format, gtin, serial, epc, reason, sum(units)::int as units
  from scan_matched where product_id is null group by key, kind, format, gtin, serial, epc, reason
)`,
    // Each EPC read belongs to the product carrying that EPC, else (a GS1 SGTIN) to the product with its GTIN: the
    // serials of one GTIN add up as units of one product. Where it is kept is the stock rows' business (held).
    inScopeAndMisplaced: sql`${matchedTags(cid, sql`found`)},
found_products as (
  select product_id, sum(units)::int as units, max(seen_at) as seen_at
  from (
    select product_id, units, seen_at from matched
    union all
    select product_id, units, seen_at from scan_matched
  ) m
  where product_id is not null group by product_id
),
${movedDuringCount(cid, aid, isLocated, completedAt)},
${inScope},
-- Only the rows written need their codes: the products found matching what was expected (most) are skipped.
item_codes as (
  select product_id as item, ${codeList} as codes from (
    select product_id, code, sum(scans)::int as scans from scan_matched
    where product_id in (select id from in_scope where found <> expected union all select id from misplaced)
    group by product_id, code
  ) c
  group by product_id
)`,
    matchesFound: sql`select 1 from matched m where m.epc = f.epc and m.product_id is not null`,
    writes: [markScanned(cid, completedAt)],
    isAsOfRead: true,
  };
}

/**
 * The CTE `matched` (epc, units, seen_at, product_id): each EPC read (`found`: a relation of epc, gtin, units,
 * seen_at) with its product, the one carrying that EPC, else (a GS1 SGTIN) the one with its GTIN.
 */
export const matchedTags = (cid: SQL, found: SQL) => sql`matched as (
  select f.epc, f.units, f.seen_at, coalesce(pe.id, pg.id) as product_id
  from ${found} f
  left join products pe on pe.company_id = ${cid} and pe.epc = f.epc
  left join products pg on pe.id is null and f.gtin is not null and pg.company_id = ${cid} and pg.gtin = f.gtin
)`;

/**
 * A product's expected quantities from what its places hold now (`held`) and moved_products (`mp`, null when nothing
 * moved): as of its first read, at the start, and what moved in between.
 */
const asOfRead = (held: SQL) => sql`${held} - coalesce(mp.after_read, 0) as expected,
    ${held} - coalesce(mp.moved, 0) as expected_at_start, coalesce(mp.moved, 0) as moved_during, mp.moved_words`;

/**
 * Where a misplaced product's stock is, the end of its note (run for the few misplaced rows only): its one place
 * "belongs in Store > Back room", as before stock had places; several "its stock is in A, B" (a row without a
 * location named "no location"); kept nowhere but "no location", "this product has no location set". Rows holding
 * units are named; a product whose rows are all at 0 names them all. A product without stock rows names its home.
 */
const whereaboutsOf = (cid: SQL, p: SQL) => sql`coalesce(
    (select case when count(w.path) = 0 then null
        when count(*) = 1 then 'belongs in ' || min(w.path)
        else 'its stock is in ' || string_agg(coalesce(w.path, 'no location'), ', ' order by w.path nulls last) end
      from (
        select pa.path, s.quantity > 0 as has_units, bool_or(s.quantity > 0) over () as any_units
        from stock s left join paths pa on pa.id = s.location_id
        where s.company_id = ${cid} and s.product_id = ${p}.id
      ) w
      where w.has_units or not w.any_units),
    case when not exists (select 1 from stock s where s.company_id = ${cid} and s.product_id = ${p}.id)
      then 'belongs in ' || (select pa.path from paths pa where pa.id = ${p}.location_id) end,
    'this product has no location set')`;

/** What was scanned for a row, the first five codes with their scans ("0012345678905 ×3, CP100115, and 2 more"). */
export const codeList = sql`array_to_string((array_agg(replace(code, chr(29), ' ')
    || case when scans > 1 then ' ×' || scans else '' end order by code))[1:5], ', ')
    || case when count(*) > 5 then ', and ' || (count(*) - 5) || ' more' else '' end`;

/**
 * The audit's scans, one row per key (contracts' codeKey: a serialized code's GTIN and serial, or a plain code's
 * GTIN or text) and identity. The identity columns follow from the key but for plain codes of one GTIN sent two ways
 * (a UPC-A and a GS1-128 without serial: two rows of one product, whose units add up as they should); a serial's key
 * fixes every identity column, so a serial is one row and one unit however often scanned. Units: else the scans'
 * quantities (1 each when none was given). `counted` is the last quantity given, for packages.
 */
export const scanGroups = (aid: SQL, cid: SQL, where: SQL) => sql`(
  select key, min(code) as code, min(kind) as kind, min(format) as format, epc, gtin, alt_gtin, serial, sku_key,
    reason,
    case when bool_and(serialized) and epc is null then 1 else sum(coalesce(quantity, 1)) end::int as units,
    (max(array[batch_seq, ordinal, quantity]) filter (where quantity is not null))[3] as counted,
    count(*)::int as scans, max(seen_at) as seen_at
  from audit_scans where company_id = ${cid} and audit_id = ${aid} and ${where}
  group by key, epc, gtin, alt_gtin, serial, sku_key, reason
)`;

/**
 * Found products get their last scan (product_scans), never moved back by an audit recorded after the fact. A
 * data-modifying CTE runs to completion whether or not anything reads it (PostgreSQL's rule), so nothing needs to
 * select from it.
 */
const markScanned = (cid: SQL, completedAt: SQL) => sql`touched as (
  insert into product_scans (company_id, product_id, last_scanned)
  select ${cid}, product_id, coalesce(seen_at, ${completedAt}) from found_products
  on conflict (company_id, product_id)
    do update set last_scanned = greatest(product_scans.last_scanned, excluded.last_scanned)
  returning 1
)`;
