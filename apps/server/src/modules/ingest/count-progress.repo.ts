import { TEAM_SEAT_BATCHES } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locationScope } from '../locations/location-tree.repo.ts';

// A count's progress while it runs (GET /api/audits/{id}/progress, polled every few seconds): units found so far of
// what it expects, overall, per sub-location and per reader. One statement that reads the count's reads once,
// reduced first to its distinct (reader, EPC, TID), so what follows works on tags, not reads.

export type ProgressCount = {
  companyId: number;
  auditId: number;
  locationId: number | null;
  /** A Dutchie count: its expected stock is its snapshot (audit_expected). */
  isSnapshot: boolean;
};

/**
 * The reads once: `seat_tags` the distinct (seat, EPC, TID) read, `tags` each EPC's units (its distinct TIDs; none:
 * one) with its GTIN, `scans` each scanned key's units (a serial one, plain scans their quantities), `seats` each
 * reader's reads and last batch (its batches) and units (its own tags and scans).
 */
const readsOnce = (cid: SQL, aid: SQL) => {
  const seatOf = sql`(batch_seq / ${TEAM_SEAT_BATCHES}::int)`;
  return sql`seat_tags as (
  select ${seatOf} as seat, epc, tid, min(gtin) as gtin
  from audit_reads where company_id = ${cid} and audit_id = ${aid} group by 1, 2, 3
),
tids as (select epc, tid, min(gtin) as gtin from seat_tags group by epc, tid),
tags as (
  select upper(encode(epc, 'hex')) as epc, min(gtin) as gtin, greatest(count(tid), 1)::int as units
  from tids group by epc
),
seat_scans as (
  select ${seatOf} as seat, key, min(epc) as epc, min(gtin) as gtin, min(sku_key) as sku_key,
    bool_and(serialized) as serialized, sum(coalesce(quantity, 1))::int as quantity
  from audit_scans where company_id = ${cid} and audit_id = ${aid} group by 1, 2
),
scans as (
  select min(epc) as epc, min(gtin) as gtin, min(sku_key) as sku_key,
    case when bool_and(serialized) then 1 else sum(quantity) end::int as units
  from seat_scans group by key
),
seat_units as (
  select seat, sum(units)::int as units from (
    select seat, greatest(count(tid), 1) as units from seat_tags group by seat, epc
    union all
    select seat, case when serialized then 1 else quantity end from seat_scans
  ) u group by seat
),
seats as (
  select b.seat, b.reads, b.last_read_at, coalesce(u.units, 0) as units
  from (select ${seatOf} as seat, sum(read_count)::int as reads,
      to_char(max(received_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_read_at
    from audit_batches where company_id = ${cid} and audit_id = ${aid} group by 1) b
  left join seat_units u on u.seat = b.seat
)`;
};

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
${readsOnce(cid, aid)},
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
kept as (select product_id, count(*) as places, min(location_id) as location_id from held group by product_id),
filled as (
  select k.location_id, f.units as found
  from kept k join found f on f.product_id = k.product_id where k.places = 1
  union all
  select location_id, case when is_last then greatest(left_over, 0) else greatest(least(quantity, left_over), 0) end
  from (
    select h.location_id, h.quantity, f.units - coalesce(sum(h.quantity) over (partition by h.product_id
        order by h.location_id rows between unbounded preceding and 1 preceding), 0) as left_over,
      row_number() over (partition by h.product_id order by h.location_id desc) = 1 as is_last
    from held h join kept k on k.product_id = h.product_id and k.places > 1
    join found f on f.product_id = h.product_id
  ) several
),
places as (
  select s.id as location_id, l.name, coalesce(e.expected, 0)::int as expected, coalesce(f.found, 0)::int as found
  from scope s join locations l on l.company_id = ${cid} and l.id = s.id
  left join (select location_id, sum(quantity) as expected from held group by location_id) e on e.location_id = s.id
  left join (select location_id, sum(found) as found from filled group by location_id) f on f.location_id = s.id
)
select coalesce((select sum(quantity) from held), 0)::int as expected,
  ${
    // Counting a place, everything found of its products is in one of its places.
    locationId === null
      ? sql`coalesce((select sum(f.units) from found f where f.product_id in (select product_id from kept)), 0)::int`
      : sql`coalesce((select sum(found) from places), 0)::int`
  } as found,
  coalesce((select json_agg(p order by p.location_id = ${locationId}::int desc, p.name, p.location_id) from places p),
    '[]'::json) as places,
  coalesce((select json_agg(s) from seats s), '[]'::json) as seats`;
}

/**
 * A Dutchie count against its snapshot: a package with a Metrc label read or scanned once is there with its expected
 * units; other packages count their tags and the quantities of scans of their package id.
 */
function snapshotProgress(cid: SQL, aid: SQL): SQL {
  return sql`with ${readsOnce(cid, aid)},
found as (
  select e.expected, e.is_package, coalesce(t.units, 0) + coalesce(
    (select sum(s.units) from scans s where s.epc = e.epc or (s.epc is null and s.sku_key = upper(e.package_id))), 0)
    as units
  from audit_expected e left join tags t on t.epc = e.epc
  where e.company_id = ${cid} and e.audit_id = ${aid} and e.in_scope
)
select coalesce(sum(expected), 0)::int as expected,
  coalesce(sum(case when is_package and units > 0 then greatest(expected, 1) else units end), 0)::int as found,
  '[]'::json as places, coalesce((select json_agg(s) from seats s), '[]'::json) as seats
from found`;
}

export type SeatFigures = { reads: number; units: number; lastReadAt: string | null };
export type ProgressFigures = {
  expected: number;
  found: number;
  places: { location_id: number; name: string; expected: number; found: number }[];
  /** Each seat's reads, units and last batch, by seat. */
  seats: Map<number, SeatFigures>;
};

const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The count's units expected and found so far, its places' (the counted location and its sub-locations) and each
 * reader's, in one statement without just-in-time compilation (as reconciliation: a large count's plan is past
 * jit_above_cost, and compiling costs more than running it once).
 */
export async function countProgress(db: Db, c: ProgressCount): Promise<ProgressFigures> {
  const cid = sql`${c.companyId}::int`;
  const aid = sql`${c.auditId}::int`;
  const res = await db.transaction(async (tx) => {
    // The planner cannot see how many tags the aggregated reads hold: it would look each up in the products' index.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute<{ expected: number; found: number; places: unknown; seats: unknown }>(
      c.isSnapshot ? snapshotProgress(cid, aid) : catalogueProgress(cid, aid, c.locationId),
    );
  });
  const row = res.rows[0];
  const places = jsonOf(row?.places);
  const seats = jsonOf(row?.seats);
  return {
    expected: Number(row?.expected ?? 0),
    found: Number(row?.found ?? 0),
    places: Array.isArray(places) ? places : [],
    seats: new Map(
      (Array.isArray(seats) ? seats : []).map(
        (s: { seat: number; reads: number; units: number; last_read_at: string }) => [
          Number(s.seat),
          { reads: Number(s.reads), units: Number(s.units), lastReadAt: s.last_read_at },
        ],
      ),
    ),
  };
}
