import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locationScope } from '../../db/location-scope.ts';

// A count's progress while it runs (GET /api/audits/{id}/progress, polled every few seconds): units found so far of
// what it expects, overall and per sub-location. One statement over the count's reads, grouped by tag first, so its
// cost follows the distinct tags read, not the reads.

export type ProgressCount = {
  companyId: number;
  auditId: number;
  locationId: number | null;
  /** A Dutchie count: its expected stock is its snapshot (audit_expected). */
  isSnapshot: boolean;
};

/** Units of each distinct EPC read so far (its distinct TIDs; without TIDs, one), with its GTIN. */
const tagsRead = (cid: SQL, aid: SQL) => sql`tags as (
  select upper(encode(epc, 'hex')) as epc, min(gtin) as gtin, greatest(count(distinct tid), 1)::int as units
  from audit_reads where company_id = ${cid} and audit_id = ${aid} group by epc
),
scans as (
  select min(epc) as epc, min(gtin) as gtin, min(sku_key) as sku_key,
    case when bool_and(serialized) then 1 else sum(coalesce(quantity, 1)) end::int as units
  from audit_scans where company_id = ${cid} and audit_id = ${aid} group by key
)`;

/**
 * A catalogue count: found per product (its EPC, else its GTIN; scans by EPC, GTIN or SKU, as reconciliation matches
 * them), expected from the stock rows of the counted places (every product at its total without a place; a recount's
 * products only), and per place the units found attributed to the products' own places, filling each place up to what
 * it holds (a product kept in two places: the first by id first; anything over goes to its last).
 */
function catalogueProgress(cid: SQL, aid: SQL, locationId: number | null): SQL {
  const isRecount = sql`exists (select 1 from audit_discrepancies where company_id = ${cid} and recount_audit_id = ${aid})`;
  const recounted = (id: SQL) => sql`(not ${isRecount} or ${id} in (select product_id from audit_discrepancies
    where company_id = ${cid} and recount_audit_id = ${aid}))`;
  const held =
    locationId === null
      ? sql`held as (select id as product_id, null::int as location_id, quantity from products
          where company_id = ${cid} and ${recounted(sql`id`)})`
      : sql`held as (select product_id, location_id, quantity from stock
          where company_id = ${cid} and location_id in (select id from scope) and ${recounted(sql`product_id`)})`;
  return sql`with recursive ${locationScope(cid, locationId)},
${tagsRead(cid, aid)},
found as (
  select product_id, sum(units)::int as units from (
    select coalesce(pe.id, pg.id) as product_id, t.units from tags t
    left join products pe on pe.company_id = ${cid} and pe.epc = t.epc
    left join products pg on pe.id is null and t.gtin is not null and pg.company_id = ${cid} and pg.gtin = t.gtin
    union all
    select coalesce(pe.id, pg.id, ps.id), s.units from scans s
    left join products pe on s.epc is not null and pe.company_id = ${cid} and pe.epc = s.epc
    left join products pg on pe.id is null and s.gtin is not null and pg.company_id = ${cid} and pg.gtin = s.gtin
    left join products ps on pe.id is null and pg.id is null and s.sku_key is not null and ps.company_id = ${cid}
      and ps.sku = s.sku_key
  ) m where product_id is not null group by product_id
),
${held},
filled as (
  select h.location_id, h.quantity, f.units - coalesce(sum(h.quantity) over (partition by h.product_id
      order by h.location_id rows between unbounded preceding and 1 preceding), 0) as left_over,
    row_number() over (partition by h.product_id order by h.location_id desc) = 1 as is_last
  from held h join found f on f.product_id = h.product_id
),
places as (
  select s.id as location_id, l.name,
    coalesce((select sum(quantity) from held h where h.location_id = s.id), 0)::int as expected,
    coalesce((select sum(case when is_last then greatest(left_over, 0) else greatest(least(quantity, left_over), 0) end)
      from filled f where f.location_id = s.id), 0)::int as found
  from scope s join locations l on l.company_id = ${cid} and l.id = s.id
)
select coalesce((select sum(quantity) from held), 0)::int as expected,
  coalesce((select sum(f.units) from found f where exists (select 1 from held h where h.product_id = f.product_id)), 0)::int
    as found,
  coalesce((select json_agg(p order by p.location_id = ${locationId}::int desc, p.name, p.location_id) from places p),
    '[]'::json) as places`;
}

/**
 * A Dutchie count against its snapshot: a package with a Metrc label read or scanned once is there with its expected
 * units; other packages count their tags and the quantities of scans of their package id.
 */
function snapshotProgress(cid: SQL, aid: SQL): SQL {
  return sql`with ${tagsRead(cid, aid)},
expected as (
  select e.epc, e.package_id, e.expected, e.is_package from audit_expected e
  where e.company_id = ${cid} and e.audit_id = ${aid} and e.in_scope
),
found as (
  select e.epc, e.expected, e.is_package, coalesce(t.units, 0) + coalesce(
    (select sum(s.units) from scans s where s.epc = e.epc or (s.epc is null and s.sku_key = upper(e.package_id))), 0)
    as units
  from expected e left join tags t on t.epc = e.epc
)
select coalesce(sum(expected), 0)::int as expected,
  coalesce(sum(case when is_package and units > 0 then greatest(expected, 1) else units end), 0)::int as found,
  '[]'::json as places
from found`;
}

export type ProgressFigures = {
  expected: number;
  found: number;
  places: { location_id: number; name: string; expected: number; found: number }[];
};

/** The count's units expected and found so far, and its places' (the counted location and its sub-locations). */
export async function countProgress(db: Db, c: ProgressCount): Promise<ProgressFigures> {
  const cid = sql`${c.companyId}::int`;
  const aid = sql`${c.auditId}::int`;
  const res = await db.execute<{ expected: number; found: number; places: unknown }>(
    c.isSnapshot ? snapshotProgress(cid, aid) : catalogueProgress(cid, aid, c.locationId),
  );
  const row = res.rows[0];
  const places = typeof row?.places === 'string' ? JSON.parse(row.places) : row?.places;
  return {
    expected: Number(row?.expected ?? 0),
    found: Number(row?.found ?? 0),
    places: Array.isArray(places) ? places : [],
  };
}
