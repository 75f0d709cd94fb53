import { type SQL, sql } from 'drizzle-orm';
import { codeList, type ExpectedParts, scanGroups } from './reconcile-catalogue.repo.ts';

// A point-of-sale company's side of the one reconciliation statement (reconcile.repo.ts): its Dutchie packages as
// they were when the audit started (audit_expected). Apart so each file stays readable.

/**
 * A Dutchie audit. A package with a Metrc label (is_package) is counted as a package: read or scanned once, it is
 * there with its units (the room's expected quantity; its whole quantity when read where it does not belong),
 * unless a scan gave a quantity (the last one given is what was counted); a package Dutchie has at 0 that is read
 * is one unit over, so it is not silently taken as nothing. Other packages keep the tag rule: units
 * are their tags, plus the quantities of scans of their package id.
 */
export function snapshot(cid: SQL, aid: SQL): ExpectedParts {
  const expectedRows = sql`audit_expected e on e.company_id = ${cid} and e.audit_id = ${aid}`;
  return {
    before: [],
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
    inScopeAndMisplaced: sql`package_found as (
  select e.package_id, e.name, e.epc, e.rfid_tag, e.expected, e.in_scope, e.belongs, e.is_package, e.units,
    f.epc is not null or s.item is not null as seen,
    case when e.is_package then
      case when s.counted is not null then s.counted
        when f.epc is not null or s.item is not null
          then greatest(case when e.in_scope then e.expected else e.units end, 1)
        else 0 end
      else coalesce(f.units, 0) + coalesce(s.units, 0) end as found
  from audit_expected e left join found f on f.epc = e.epc
  left join package_scans s on s.item = e.epc
  where e.company_id = ${cid} and e.audit_id = ${aid}
),
in_scope as (
  select epc as item, null::int as id, package_id as sku, name, epc, rfid_tag, expected, found, is_package, seen
  from package_found where in_scope
),
misplaced as (
  select epc as item, null::int as id, package_id as sku, name, epc, rfid_tag, found as units,
    case when belongs is null then 'this product has no location set' else 'belongs in ' || belongs end as whereabouts
  from package_found where not in_scope and seen
)`,
    matchesFound: sql`select 1 from audit_expected e where e.company_id = ${cid} and e.audit_id = ${aid} and e.epc = f.epc`,
    writes: [],
  };
}
