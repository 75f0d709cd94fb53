import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditDiscrepancies, audits } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { locationScope } from '../locations/location-tree.repo.ts';
import { stockUpsert } from '../movements/stock-writes.repo.ts';

// Applying an audit's counts to the catalogue: the writes behind apply-counts.service.

/** The company's audit, locked FOR UPDATE, so counts are applied once however many requests arrive together. */
export async function lockAuditForApply(db: Db, companyId: number, auditId: number) {
  const [row] = await db
    .select({
      status: audits.status,
      appliedAt: audits.countsAppliedAt,
      name: audits.name,
      expectedAsOf: audits.expectedAsOf,
      locationId: audits.locationId,
      auditType: audits.auditType,
    })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)))
    .for('update');
  return row;
}

/** How many of `ids` are this audit's rows of one of `types`. */
export async function countRowsOfTypes(
  db: Db,
  companyId: number,
  auditId: number,
  ids: number[],
  types: string[],
) {
  const rows = await db
    .select({ id: auditDiscrepancies.id })
    .from(auditDiscrepancies)
    .where(
      and(
        eq(auditDiscrepancies.companyId, companyId),
        eq(auditDiscrepancies.auditId, auditId),
        inArray(auditDiscrepancies.id, ids),
        inArray(auditDiscrepancies.discrepancyType, types),
      ),
    );
  return rows.length;
}

/** Whether a line of the audit was over the count policy: then its lines are applied as reviewed. */
export async function isUnderReview(db: Db, companyId: number, auditId: number) {
  const [row] = await db
    .select({ id: auditDiscrepancies.id })
    .from(auditDiscrepancies)
    .where(
      and(
        eq(auditDiscrepancies.companyId, companyId),
        eq(auditDiscrepancies.auditId, auditId),
        eq(auditDiscrepancies.needsApproval, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type AppliedLine = {
  product_id: number;
  sku: string | null;
  name: string | null;
  expected: number;
  found: number;
  approved_by: string | null;
  reason_code: string | null;
};

/**
 * Marks the audit's lines applied (its shortage and overage lines, all or those in `ids`; a misplaced line only when
 * named in `ids`) and changes the stock rows they count, in one statement, through the stock table (its triggers
 * total products.quantity); answers the lines of products still in the catalogue. Rejected lines and lines sent to
 * recount are never applied, nor one applied before; under review, a line over the count policy only once approved.
 * What changes is in `stockChanges`.
 */
export async function applyFoundQuantities(
  db: Db,
  companyId: number,
  audit: { id: number; locationId: number | null },
  ids: number[] | undefined,
  isReviewed: boolean,
): Promise<AppliedLine[]> {
  const cid = sql`${companyId}::int`;
  const located = audit.locationId !== null;
  const types = located && ids ? sql`('shortage', 'overage', 'misplaced')` : sql`('shortage', 'overage')`;
  const rows = await db.execute<AppliedLine>(sql`
    with recursive ${locationScope(cid, audit.locationId)},
    chosen as (
      update audit_discrepancies d set applied_at = now()
      where d.company_id = ${cid} and d.audit_id = ${audit.id}::int and d.discrepancy_type in ${types}
        and d.product_id is not null
        and d.applied_at is null and (d.decision is null or d.decision = 'approve')
        ${isReviewed ? sql`and (not d.needs_approval or d.decision = 'approve')` : sql``}
        ${ids ? sql`and d.id = any(${sqlArray(ids, 'int')})` : sql``}
      returning d.product_id, d.discrepancy_type, d.product_sku, d.product_name, d.expected_quantity,
        d.found_quantity, d.decided_by_name, d.reason_code_id
    ),
    lines as (
      select c.*, p.location_id as home
      from chosen c join products p on p.company_id = ${cid} and p.id = c.product_id
    ),
    ${stockChanges(cid, audit.locationId)}
    select l.product_id, l.product_sku as sku, l.product_name as name, l.expected_quantity as expected,
      l.found_quantity as found, l.decided_by_name as approved_by, r.code as reason_code
    from lines l left join reason_codes r on r.company_id = ${cid} and r.id = l.reason_code_id`);
  return rows.rows;
}

/**
 * The stock writes of the lines (CTEs over \`lines\` and \`scope\`). Apply is a delta: a shortage or overage moves the
 * rows the count covered by found − expected (expected as of when the product was counted), over the product's rows
 * in the location and its sub-locations, or all of its rows without a location; so what moved after the count (a
 * sale before the approval) stays, and where nothing moved the place ends at what was found. The difference goes
 * to the product's home row when it is among them, else to the one with the most units; a shortage larger than that
 * row takes the rest from the others, never below 0. An overage with no such row creates one where it was counted
 * (the home, without a location). A misplaced line, applied only when named, sets the row at the
 * counted location to the units found there, creating it. Updates add to the row as it is when written, so a
 * change committed meanwhile is kept.
 */
function stockChanges(cid: SQL, locationId: number | null) {
  const inScope = locationId === null ? sql`true` : sql`s.location_id in (select id from scope)`;
  const countedAt = locationId === null ? sql`l.home` : sql`${locationId}::int`;
  return sql`off as (
      select product_id, coalesce(home, 0) as home_place, home,
        found_quantity - expected_quantity as delta
      from lines where discrepancy_type in ('shortage', 'overage')
    ),
    ranked as (
      select o.product_id, s.place, s.location_id, greatest(s.quantity, 0) as quantity, o.delta,
        row_number() over w as rank,
        coalesce(sum(greatest(s.quantity, 0)) over (w rows between unbounded preceding and 1 preceding), 0) as before
      from off o join stock s on s.company_id = ${cid} and s.product_id = o.product_id
      where ${inScope}
      window w as (partition by o.product_id order by s.place = o.home_place desc, s.quantity desc, s.place)
    ),
    adjusted as (${stockUpsert(
      cid,
      sql`select r.product_id, r.location_id,
          case when r.delta > 0 then r.delta else -least(r.quantity, -r.delta - r.before) end as quantity
        from ranked r
        where (r.delta > 0 and r.rank = 1) or (r.delta < 0 and -r.delta > r.before and r.quantity > 0)`,
      { how: 'add', atLeastZero: true },
      sql`1`,
    )}),
    created as (${stockUpsert(
      cid,
      sql`select l.product_id, ${countedAt} as location_id,
          case when l.discrepancy_type = 'misplaced' then l.found_quantity
            else l.found_quantity - l.expected_quantity end as quantity
        from lines l
        where l.discrepancy_type = 'misplaced'
          or (l.found_quantity > l.expected_quantity
            and not exists (select 1 from ranked r where r.product_id = l.product_id))`,
      { how: 'set' },
      sql`1`,
    )})`;
}

/** The audit's shortage and overage lines of a product not applied (waiting for approval, rejected, recounting). */
export async function countLeft(db: Db, companyId: number, auditId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditDiscrepancies)
    .where(
      and(
        eq(auditDiscrepancies.companyId, companyId),
        eq(auditDiscrepancies.auditId, auditId),
        inArray(auditDiscrepancies.discrepancyType, ['shortage', 'overage']),
        isNotNull(auditDiscrepancies.productId),
        isNull(auditDiscrepancies.appliedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function markCountsApplied(
  db: Db,
  companyId: number,
  auditId: number,
  by: string,
  reason: string,
) {
  await db
    .update(audits)
    .set({ countsAppliedAt: sql`now()`, countsAppliedBy: by, countsAppliedReason: reason })
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId), isNull(audits.countsAppliedAt)));
}
