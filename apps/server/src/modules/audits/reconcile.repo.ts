import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AUDIT_TAG_COLUMNS, tagsOfReads } from './audit-tags.repo.ts';
import { catalogue } from './reconcile-catalogue.repo.ts';
import { snapshot } from './reconcile-snapshot.repo.ts';

/** What an audit's reads are set against. */
export type ExpectedStock =
  /**
   * The catalogue's stock rows in the location and all its sub-locations (the whole catalogue at its totals without
   * one). Catalogue products read here but kept elsewhere are misplaced, and every product read gets its last_scanned.
   */
  | {
      from: 'catalogue';
      locationId: number | null;
      /** A recount: only the products of the lines it counts again (audit_discrepancies.recount_audit_id). */
      isRecount?: boolean;
    }
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
 * Runs the reconciliation in the caller's transaction. Without just-in-time compilation: PostgreSQL compiles a large
 * audit's statement (its cost is past jit_above_cost) to machine code every time, 0.3 to 0.7 s of a 100,000-tag
 * audit's completion, for expressions that run once each (docs/benchmarks.md).
 */
export async function reconcile(tx: Db, o: ReconcileOptions) {
  await tx.execute(RECONCILE_SETTINGS);
  await tx.execute(reconcileStatement(o));
}

/** For this transaction only: the benchmark runs the bare statement with the same setting. */
export const RECONCILE_SETTINGS = sql`set local jit = off`;

/**
 * Reconciliation as ONE set-based statement (the benchmark runs this same text bare to compare):
 * - the audit's tags compacted into audit_tags, and found per EPC from them: the distinct TIDs read with it, at
 *   least 1 (a read without a TID counts as one unit);
 * - rows: shortage / overage for expected items whose found differs, misplaced for known items kept elsewhere,
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
    o.expected.from === 'catalogue'
      ? catalogue(cid, aid, o.expected.locationId, completedAt, o.expected.isRecount ?? false)
      : snapshot(cid, aid);
  const ctes = [
    ...expected.before,
    foundTags(aid, cid),
    expected.scans,
    expected.inScopeAndMisplaced,
    unknownTags(expected.matchesFound),
    discrepancyRows(cid, aid, o.expected.from === 'snapshot', expected.isAsOfRead ?? false),
    ...expected.writes,
    totals,
  ];
  return sql`
with recursive
${sql.join(ctes, sql`,\n`)}
${completeAudit(aid, cid, completedAt)}`;
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

/**
 * The discrepancy rows (the ins CTE), from in_scope, misplaced, unknown tags and unknown scans. In a Dutchie audit,
 * a Metrc label that is no package of the store says so (sold, destroyed or not yet received). Where in_scope is as
 * of each product's first read (isAsOfRead), a product's row keeps what it held at the start and what moved during
 * the count, and its note ends with what moved ("2 fewer than expected; 3 sold during the count").
 */
const discrepancyRows = (cid: SQL, aid: SQL, isPointOfSale: boolean, isAsOfRead: boolean) => {
  const moved = isAsOfRead ? sql` || coalesce('; ' || i.moved_words, '')` : sql``;
  const metrc = (code: SQL) =>
    isPointOfSale
      ? sql`when ${code} ~* '^1A4[0-9A-F]{21}$' then 'Metrc label ' || upper(${code}) || ' is not in Dutchie'`
      : sql``;
  return sql`ins as (
  insert into audit_discrepancies (company_id, audit_id, product_id, product_sku, product_name, epc, rfid_tag,
    expected_quantity, found_quantity, discrepancy_type, notes, codes, code_format, expected_at_start, moved_during)
  select ${cid}, ${aid}, i.id, i.sku, i.name, i.epc, i.rfid_tag, i.expected, i.found,
    case when i.found < i.expected then 'shortage' else 'overage' end,
    case when i.found < i.expected then (i.expected - i.found) || ' fewer than expected'
      else (i.found - i.expected) || ' more than expected' end${moved},
    c.codes, null, ${isAsOfRead ? sql`i.expected_at_start, i.moved_during` : sql`null::int, null::int`}
  from in_scope i left join item_codes c on c.item = i.item where i.found <> i.expected
  union all
  select ${cid}, ${aid}, m.id, m.sku, m.name, m.epc, m.rfid_tag, 0, m.units, 'misplaced',
    'Read here, but ' || m.whereabouts,
    c.codes, null, null, null
  from misplaced m left join item_codes c on c.item = m.item
  union all
  select ${cid}, ${aid}, null, null, null, epc, text, 0, units, 'unknown',
    case ${metrc(sql`epc`)}
      when text is null then 'Unknown tag: matches no product'
      when is_gs1 then 'Unknown tag: ' || text || ' matches no product'
      else 'Unknown tag: reads as "' || text || '" and matches no product' end,
    null, null, null, null
  from unknown
  union all
  select ${cid}, ${aid}, null, null, null, coalesce(epc, ''), replace(code, chr(29), ' '), 0, units, 'unknown',
    case ${metrc(sql`code`)}
      when reason is not null then 'Unknown ' || format || ' ' || replace(code, chr(29), ' ') || ': ' || reason
      when kind in ('gs1', 'digital_link') then 'Unknown ' || format || ': GTIN ' || gtin
        || coalesce(', serial ' || serial, '') || ' matches no product'
      when kind = 'text' then 'Unknown code "' || code || '" matches no product'
      else 'Unknown ' || format || ' ' || code || ' matches no product' end,
    replace(code, chr(29), ' '), format, null, null
  from unknown_scans
  returning discrepancy_type, expected_quantity, found_quantity
)`;
};

/** Expected and found units over in_scope (totals), and units off, misplaced and unknown over the rows written. */
const totals = sql`totals as (
  select coalesce(sum(expected), 0)::int as expected, coalesce(sum(found), 0)::int as found, count(*)::int as n,
    case when bool_or(is_package) then count(*) filter (where is_package) end::int as packages,
    case when bool_or(is_package) then count(*) filter (where is_package and seen) end::int as packages_found
  from in_scope
),
off as (
  select
    coalesce(sum(abs(found_quantity - expected_quantity))
      filter (where discrepancy_type in ('shortage', 'overage')), 0)::int as units,
    coalesce(sum(found_quantity) filter (where discrepancy_type = 'misplaced'), 0)::int as misplaced,
    coalesce(sum(found_quantity) filter (where discrepancy_type = 'unknown'), 0)::int as unknown,
    count(*) filter (where discrepancy_type = 'misplaced')::int as misplaced_products,
    count(*) filter (where discrepancy_type in ('shortage', 'overage', 'misplaced'))::int as wrong_products
  from ins
)`;

/** The spec's accuracy from units expected and units off, stopping at 0 (a recount's replaced figures too). */
export const accuracyOf = (expected: SQL, off: SQL) => sql`case when ${expected} = 0
    then (case when ${off} = 0 then 100 else 0 end)
    else greatest(0, round(((${expected} - ${off}) * 100)::numeric / ${expected}))::int end`;

/**
 * Inventory record accuracy (docs/zones.md): the share of the count's products whose record was exactly right, in
 * percent, rounded down (100 only when every one was right; 100 when the count had no product). `products` are those
 * in its scope (a stock record there, even of 0: expected_count) and those read there but kept elsewhere (misplaced);
 * `wrong` those with a shortage, overage or misplaced line. Unknown tags are no product and are left out.
 */
export const recordAccuracyOf = (products: SQL, wrong: SQL) => sql`case when ${products} = 0 then 100
    else greatest(0, floor(((${products} - ${wrong}) * 100)::numeric / ${products}))::int end`;

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
  packages_expected = totals.packages,
  packages_found = totals.packages_found,
  accuracy = ${accuracyOf(sql`totals.expected`, sql`off.units`)},
  record_accuracy = ${recordAccuracyOf(sql`(totals.n + off.misplaced_products)`, sql`off.wrong_products`)},
  batch_count = (select count(*) from audit_batches b where b.company_id = ${cid} and b.audit_id = ${aid}),
  reads_count = (select coalesce(sum(read_count), 0) from audit_batches b
    where b.company_id = ${cid} and b.audit_id = ${aid}),
  last_batch_at = (select max(received_at) from audit_batches b where b.company_id = ${cid} and b.audit_id = ${aid})
from totals, off
where a.id = ${aid} and a.company_id = ${cid}
returning a.id`;
