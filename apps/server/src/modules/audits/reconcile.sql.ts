import { type SQL, sql } from 'drizzle-orm';
import { AUDIT_TAG_COLUMNS, tagsOfReads } from './reads-storage.repo.ts';

/** What an audit's reads are set against. */
export type ExpectedStock =
  /**
   * The catalogue's products in the location and all its sub-locations (the whole catalogue without one). Catalogue
   * products read here but placed elsewhere are misplaced, and every product read gets its last_scanned.
   */
  | { from: 'catalogue'; locationId: number | null }
  /**
   * A point-of-sale company's audit: its own copy of the Dutchie packages taken when it started (audit_expected), so
   * the count is set against Dutchie's quantities at that time. The store's packages outside the audited room are
   * misplaced (the note names their rooms). The product columns carry the package, its id as SKU.
   */
  | { from: 'snapshot' };

export type ReconcileOptions = {
  companyId: number;
  auditId: number;
  expected: ExpectedStock;
  /** The completion time when the audit is recorded after the fact (IngestDeps.at); else now(). */
  at?: Date;
};

/**
 * Reconciliation as ONE set-based statement (the benchmark runs this same text bare to compare):
 * - the audit's tags compacted into audit_tags, and found per EPC from them: the distinct TIDs read with it, at
 *   least 1 (a read without a TID counts as one unit);
 * - rows: shortage / overage for expected items whose found differs, misplaced for known items expected elsewhere,
 *   unknown for EPCs that match nothing (the note shows the tag's text when it is readable ASCII);
 * - the audit gets its totals, accuracy (the spec's formula, stopping at 0) and status completed.
 * Each part below takes what it needs as arguments; the CTE names they share are all defined here, in this order.
 */
export function reconcileStatement(o: ReconcileOptions): SQL {
  // Typed once: in a SELECT list an untyped parameter would be text.
  const aid = sql`${o.auditId}::int`;
  const cid = sql`${o.companyId}::int`;
  const completedAt = o.at ? sql`${o.at.toISOString()}::timestamptz` : sql`now()`;
  const expected =
    o.expected.from === 'catalogue' ? catalogue(cid, o.expected.locationId, completedAt) : snapshot(cid, aid);
  const ctes = [
    ...expected.before,
    foundTags(aid, cid),
    expected.inScopeAndMisplaced,
    unknownTags(expected.matchesFound),
    discrepancyRows(cid, aid),
    ...expected.writes,
    totals,
  ];
  return sql`
with recursive
${sql.join(ctes, sql`,\n`)}
${completeAudit(aid, cid, completedAt)}`;
}

type ExpectedParts = {
  /** CTEs the others read (the location scope and paths). */
  before: SQL[];
  /** The in_scope CTE (id, sku, name, epc, rfid_tag, expected, found) and misplaced (..., units, path), over found. */
  inScopeAndMisplaced: SQL;
  /** A subquery over `found f` that finds the EPC's item. */
  matchesFound: SQL;
  /** Further writes over found (the catalogue's last_scanned). */
  writes: SQL[];
};

function catalogue(cid: SQL, locationId: number | null, completedAt: SQL): ExpectedParts {
  const inScope = locationId === null ? sql`true` : sql`p.location_id in (select id from scope)`;
  const outOfScope =
    locationId === null
      ? sql`false`
      : sql`(fp.location_id is null or fp.location_id not in (select id from scope))`;
  return {
    before: [
      sql`scope(id) as (
  select id from locations where company_id = ${cid} and id = ${locationId}::int
  union all
  select l.id from locations l join scope s on l.parent_location_id = s.id where l.company_id = ${cid}
)`,
      sql`paths(id, path) as (
  select id, name::text from locations where company_id = ${cid} and parent_location_id is null
  union all
  select l.id, p.path || ' > ' || l.name from locations l join paths p on l.parent_location_id = p.id
  where l.company_id = ${cid}
)`,
    ],
    // Each EPC read belongs to the product carrying that EPC, else (a GS1 SGTIN) to the product with its GTIN: the
    // serials of one GTIN add up as units of one product. The product's place comes along (pg is only joined when
    // pe is not), so the few misplaced ones are picked out before their other columns are looked up.
    inScopeAndMisplaced: sql`matched as (
  select f.epc, f.units, f.seen_at, coalesce(pe.id, pg.id) as product_id,
    coalesce(pe.location_id, pg.location_id) as location_id
  from found f
  left join products pe on pe.company_id = ${cid} and pe.epc = f.epc
  left join products pg on pe.id is null and f.gtin is not null and pg.company_id = ${cid} and pg.gtin = f.gtin
),
found_products as (
  select product_id, location_id, sum(units)::int as units, max(seen_at) as seen_at
  from matched where product_id is not null group by product_id, location_id
),
in_scope as (
  select p.id, p.sku, p.name, p.epc, p.rfid_tag, p.quantity as expected, coalesce(fp.units, 0) as found
  from products p left join found_products fp on fp.product_id = p.id
  where p.company_id = ${cid} and ${inScope}
),
misplaced as (
  select p.id, p.sku, p.name, p.epc, p.rfid_tag, fp.units, pa.path
  from found_products fp join products p on p.company_id = ${cid} and p.id = fp.product_id
  left join paths pa on pa.id = fp.location_id
  where ${outOfScope}
)`,
    matchesFound: sql`select 1 from matched m where m.epc = f.epc and m.product_id is not null`,
    writes: [markScanned(cid, completedAt)],
  };
}

function snapshot(cid: SQL, aid: SQL): ExpectedParts {
  return {
    before: [],
    inScopeAndMisplaced: sql`in_scope as (
  select null::int as id, e.package_id as sku, e.name, e.epc, e.rfid_tag, e.expected, coalesce(f.units, 0) as found
  from audit_expected e left join found f on f.epc = e.epc
  where e.company_id = ${cid} and e.audit_id = ${aid} and e.in_scope
),
misplaced as (
  select null::int as id, e.package_id as sku, e.name, e.epc, e.rfid_tag, f.units, e.belongs as path
  from found f join audit_expected e on e.company_id = ${cid} and e.audit_id = ${aid} and e.epc = f.epc
  where not e.in_scope
)`,
    matchesFound: sql`select 1 from audit_expected e where e.company_id = ${cid} and e.audit_id = ${aid} and e.epc = f.epc`,
    writes: [],
  };
}

/**
 * The audit's tags, written to audit_tags as they are found (the compaction: what is kept once raw reads expire),
 * and the units found per EPC from them: the distinct TIDs read with it, at least 1 (a read without a TID counts as
 * one unit). Products and snapshots hold EPCs as hex text, so each distinct tag's bytes become hex here, once.
 */
const foundTags = (aid: SQL, cid: SQL) => sql`compacted as (
  insert into audit_tags (${AUDIT_TAG_COLUMNS})
  ${tagsOfReads(cid, aid)}
  returning epc, tids, gtin, decoded, last_seen
),
found as (
  select upper(encode(epc, 'hex')) as epc, gtin, decoded, greatest(tids, 1) as units, last_seen as seen_at
  from compacted
)`;

/**
 * EPCs read that `match` (a subquery over f) finds nothing for, with what the tag says: a GS1 tag decoded when it
 * was stored ("GTIN 80614141123458, serial 6789"), else its text when it is readable ASCII.
 */
const unknownTags = (match: SQL) => sql`unknown as (
  select f.epc, f.units, f.decoded is not null as is_gs1,
    coalesce(f.decoded,
      case when f.epc ~ '^([2-6][0-9A-F]|7[0-9A-E])+$' then convert_from(decode(f.epc, 'hex'), 'UTF8') end) as text
  from found f
  where not exists (${match})
)`;

/** The discrepancy rows (the ins CTE), from in_scope, misplaced and unknown. */
const discrepancyRows = (cid: SQL, aid: SQL) => sql`ins as (
  insert into audit_discrepancies (company_id, audit_id, product_id, product_sku, product_name, epc, rfid_tag,
    expected_quantity, found_quantity, discrepancy_type, notes)
  select ${cid}, ${aid}, id, sku, name, epc, rfid_tag, expected, found,
    case when found < expected then 'shortage' else 'overage' end,
    case when found < expected then (expected - found) || ' fewer than expected'
      else (found - expected) || ' more than expected' end
  from in_scope where found <> expected
  union all
  select ${cid}, ${aid}, id, sku, name, epc, rfid_tag, 0, units, 'misplaced',
    case when path is null then 'Read here, but this product has no location set'
      else 'Read here, but belongs in ' || path end
  from misplaced
  union all
  select ${cid}, ${aid}, null, null, null, epc, text, 0, units, 'unknown',
    case when text is null then 'Unknown tag: matches no product'
      when is_gs1 then 'Unknown tag: ' || text || ' matches no product'
      else 'Unknown tag: reads as "' || text || '" and matches no product' end
  from unknown
  returning discrepancy_type, expected_quantity, found_quantity
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

/** Expected and found units over in_scope (totals), and units off, misplaced and unknown over the rows written. */
const totals = sql`totals as (
  select coalesce(sum(expected), 0)::int as expected, coalesce(sum(found), 0)::int as found, count(*)::int as n
  from in_scope
),
off as (
  select
    coalesce(sum(abs(found_quantity - expected_quantity))
      filter (where discrepancy_type in ('shortage', 'overage')), 0)::int as units,
    coalesce(sum(found_quantity) filter (where discrepancy_type = 'misplaced'), 0)::int as misplaced,
    coalesce(sum(found_quantity) filter (where discrepancy_type = 'unknown'), 0)::int as unknown
  from ins
)`;

/** The audit's totals, accuracy and status, from the totals and off CTEs. */
const completeAudit = (aid: SQL, cid: SQL, completedAt: SQL) => sql`update audits a set
  status = 'completed',
  completed_at = ${completedAt},
  tags_expected = totals.expected,
  tags_found = totals.found,
  expected_count = totals.n,
  discrepancies_count = off.units,
  misplaced_count = off.misplaced,
  unknown_count = off.unknown,
  accuracy = case when totals.expected = 0 then (case when off.units = 0 then 100 else 0 end)
    else greatest(0, round(((totals.expected - off.units) * 100)::numeric / totals.expected))::int end,
  batch_count = (select count(*) from audit_batches b where b.company_id = ${cid} and b.audit_id = ${aid}),
  reads_count = (select coalesce(sum(read_count), 0) from audit_batches b
    where b.company_id = ${cid} and b.audit_id = ${aid}),
  last_batch_at = (select max(received_at) from audit_batches b where b.company_id = ${cid} and b.audit_id = ${aid})
from totals, off
where a.id = ${aid} and a.company_id = ${cid}
returning a.id`;
