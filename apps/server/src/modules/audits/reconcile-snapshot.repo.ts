import { DUTCHIE_ROOMS } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codeList, type ExpectedParts, scanGroups } from './reconcile-catalogue.repo.ts';

// A point-of-sale company's side of the one reconciliation statement (reconcile.repo.ts): its Dutchie packages as
// they were when the audit started (audit_expected), less what Dutchie sold of them during the count until each was
// read (its transactions, staged for the statement by stageSales). Apart so each file stays readable.

/** Units of a package (by its EPC, as audit_expected keys it) that Dutchie sold (returns negative) at `at`. */
export type PackageSale = { epc: string; units: number; at: string };

/** Where the completing transaction leaves the count's sales for the statement (set_config's is_local: until its end). */
const SALES_SETTING = 'quantics.dutchie_sales';
/** The room Dutchie's registers sell from (DUTCHIE_ROOMS[0]), by name in any case. */
const SALES_FLOOR_ROOM = DUTCHIE_ROOMS[0].toLowerCase();

/**
 * Leaves Dutchie's sales during the count for the reconciliation that follows in this transaction (`tx` must be
 * one). The statement is built by reconcile.repo.ts, which passes the snapshot only the company and the audit; the
 * setting names the audit, so another audit completed later in the same transaction sees none of these.
 */
export async function stageSales(tx: Db, auditId: number, sales: PackageSale[]): Promise<void> {
  const value = JSON.stringify({ audit_id: auditId, sales });
  await tx.execute(sql`select set_config(${SALES_SETTING}, ${value}, true)`);
}

/** Adds a line to the audit's comments (after any already there): what the count could not take into account. */
export async function appendAuditNote(
  tx: Db,
  companyId: number,
  auditId: number,
  note: string,
): Promise<void> {
  await tx.execute(sql`update audits set comments = concat_ws(E'\n', nullif(comments, ''), ${note}::text)
    where company_id = ${companyId} and id = ${auditId}`);
}

/** A read's or a scan's time: its seen_at, bounded by the count's start and its batch's arrival, else the arrival. */
const readTime = (seenAt: SQL) =>
  sql`least(greatest(coalesce(${seenAt}, b.received_at), (select at from count_start)), b.received_at)`;

/**
 * The count's sales as staged (`sold`: epc, units, at), and per package sold (`sold_packages`): its units sold
 * before its first read (`before_read`; all of them when it was never read), during the whole count (`during`), and
 * the units sold and returned apart (for the words).
 * A package's first read is the first read of its EPC or scan of it (its label, or its package id typed), at
 * readTime. Only packages sold are looked up in the reads: with no sale (the usual count) the reads are not read
 * again at all (the EXISTS is a one-time filter).
 */
function soldDuringCount(cid: SQL, aid: SQL): SQL {
  const anySold = sql`exists (select 1 from sold)`;
  const batchOf = (t: SQL) =>
    sql`join audit_batches b on b.company_id = ${cid} and b.audit_id = ${aid} and b.batch_seq = ${t}.batch_seq`;
  // The expected rows of the packages sold, joined to what read them (the where clause ends after the joins).
  const soldRows = sql`(select e.epc, e.package_id from audit_expected e
      where e.company_id = ${cid} and e.audit_id = ${aid} and e.epc in (select epc from sold)) e`;
  return sql`staged as (select nullif(current_setting(${SALES_SETTING}, true), '')::jsonb as j),
sold as (
  select s.epc, s.units, s.at
  from staged, jsonb_to_recordset(staged.j -> 'sales') as s(epc text, units numeric, at timestamptz)
  where (staged.j ->> 'audit_id')::int = ${aid}
),
count_start as (select a.created_at as at,
    -- Dutchie sells off the Sales Floor: a count of the whole store or of the floor takes every sale (see roomSales).
    a.room is null or lower(a.room) = ${SALES_FLOOR_ROOM} as sells_here
  from audits a where a.company_id = ${cid} and a.id = ${aid}),
first_reads as (
  select epc, min(at) as at from (
    select e.epc, ${readTime(sql`r.seen_at`)} as at
    from ${soldRows}
    join audit_reads r on r.company_id = ${cid} and r.audit_id = ${aid} and r.epc = decode(e.epc, 'hex')
    ${batchOf(sql`r`)}
    where ${anySold}
    union all
    select e.epc, ${readTime(sql`s.seen_at`)}
    from ${soldRows}
    join audit_scans s on s.company_id = ${cid} and s.audit_id = ${aid} and s.epc = e.epc
    ${batchOf(sql`s`)}
    where ${anySold}
    union all
    select e.epc, ${readTime(sql`s.seen_at`)}
    from ${soldRows}
    join audit_scans s on s.company_id = ${cid} and s.audit_id = ${aid} and s.epc is null
      and s.sku_key = upper(e.package_id)
    ${batchOf(sql`s`)}
    where ${anySold}
  ) t
  group by epc
),
sold_packages as (
  select s.epc, round(coalesce(sum(s.units) filter (where f.at is null or s.at <= f.at), 0))::int as before_read,
    round(sum(s.units))::int as during,
    round(coalesce(sum(s.units) filter (where s.units > 0), 0))::int as sold,
    round(coalesce(-sum(s.units) filter (where s.units < 0), 0))::int as returned
  from sold s left join first_reads f on f.epc = s.epc
  group by s.epc
)`;
}

/**
 * A Dutchie audit. A package's expected units are its units when the audit started (audit_expected) less what
 * Dutchie sold of it before its first read in this count (never read: before completion), never below 0: a package
 * sold after its label was read is not short. A package with a Metrc label (is_package) is counted as a package:
 * read or scanned once, it is there with those units (the room's expected quantity; its whole quantity when read
 * where it does not belong), unless a scan gave a quantity (the last one given is what was counted); a package
 * expected at 0 that is read is one unit over, so it is not silently taken as nothing. Other packages keep the tag
 * rule: units are their tags, plus the quantities of scans of their package id. in_scope also carries what was
 * expected at the start, what moved during the count (sales negative) and that in words ("3 sold during the count").
 */
/**
 * What a package's sales took from the counted room (`h.before_read`, `h.during`). Dutchie's sales carry no room;
 * its registers sell off the Sales Floor, and what the floor cannot give comes from the package's other rooms. So a
 * count of the whole store or of the Sales Floor takes every sale (and every return, which goes back on the floor),
 * and a count of another room only what the rest of the store could not have given: the sales beyond the package's
 * units outside the room at the start (e.units less e.expected), never a return.
 */
const roomSales = sql`left join lateral (
    select case when (select sells_here from count_start) then sp.before_read
        else greatest(sp.before_read - (e.units - e.expected), 0) end as before_read,
      case when (select sells_here from count_start) then sp.during
        else greatest(sp.during - (e.units - e.expected), 0) end as during
  ) h on true`;

export function snapshot(cid: SQL, aid: SQL): ExpectedParts {
  const expectedRows = sql`audit_expected e on e.company_id = ${cid} and e.audit_id = ${aid}`;
  const asOfRead = (units: SQL, sold: SQL = sql`sp.before_read`) =>
    sql`greatest(${units} - coalesce(${sold}, 0), 0)`;
  return {
    before: [soldDuringCount(cid, aid)],
    // A scan names a package by its label as an EPC (a Metrc label), or by its package id as text (any case).
    scans: sql`scanned as ${scanGroups(aid, cid, sql`true`)},
scan_hits as (
  select e.epc as item, g.key, g.code, g.units, g.scans, g.counted, g.seen_at
  from scanned g join ${expectedRows} and e.epc = g.epc
  union all
  select e.epc, g.key, g.code, g.units, g.scans, g.counted, g.seen_at
  from scanned g join ${expectedRows} and g.epc is null and upper(e.package_id) = g.sku_key
),
package_scans as (
  select item, sum(units)::int as units,
    (array_agg(counted order by seen_at desc nulls last) filter (where counted is not null))[1] as counted
  from scan_hits group by item
),
item_codes as (select item, ${codeList} as codes from scan_hits group by item),
unknown_scans as (
  select g.* from scanned g where not exists (select 1 from scan_hits h where h.key = g.key)
)`,
    inScopeAndMisplaced: sql`as_of_read as (
  select e.package_id, e.name, e.epc, e.rfid_tag, e.in_scope, e.belongs, e.is_package,
    e.expected as expected_at_start, ${asOfRead(sql`e.expected`, sql`h.before_read`)} as expected,
    ${asOfRead(sql`e.units`)} as units,
    -coalesce(h.during, 0) as moved_during,
    case when h.during <> 0 or (select sells_here from count_start) then
      nullif(concat_ws(', ', case when sp.sold > 0 then sp.sold || ' sold' end,
        case when sp.returned > 0 then sp.returned || ' returned' end), '') || ' during the count' end as moved_words
  from audit_expected e left join sold_packages sp on sp.epc = e.epc
  ${roomSales}
  where e.company_id = ${cid} and e.audit_id = ${aid}
),
package_found as (
  select e.*, f.epc is not null or s.item is not null as seen,
    case when e.is_package then
      case when s.counted is not null then s.counted
        when f.epc is not null or s.item is not null
          then greatest(case when e.in_scope then e.expected else e.units end, 1)
        else 0 end
      else coalesce(f.units, 0) + coalesce(s.units, 0) end as found
  from as_of_read e left join found f on f.epc = e.epc
  left join package_scans s on s.item = e.epc
),
in_scope as (
  select epc as item, null::int as id, package_id as sku, name, epc, rfid_tag, expected, found, is_package, seen,
    expected_at_start, moved_during, moved_words
  from package_found where in_scope
),
misplaced as (
  select epc as item, null::int as id, package_id as sku, name, epc, rfid_tag, found as units,
    case when belongs is null then 'this product has no location set' else 'belongs in ' || belongs end as whereabouts
  from package_found where not in_scope and seen
)`,
    matchesFound: sql`select 1 from audit_expected e where e.company_id = ${cid} and e.audit_id = ${aid} and e.epc = f.epc`,
    writes: [],
    isAsOfRead: true,
  };
}
