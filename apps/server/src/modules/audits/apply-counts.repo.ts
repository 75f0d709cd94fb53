import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditDiscrepancies, audits } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

// Applying an audit's counts to the catalogue: the writes behind apply-counts.service.

/** The company's audit, locked FOR UPDATE, so counts are applied once however many requests arrive together. */
export async function lockAuditForApply(db: Db, companyId: number, auditId: number) {
  const [row] = await db
    .select({
      status: audits.status,
      appliedAt: audits.countsAppliedAt,
      name: audits.name,
      expectedAsOf: audits.expectedAsOf,
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
 * Marks the audit's shortage and overage rows (all, or those in `ids`) applied and sets their products' quantities
 * to what was found, in one statement; answers the products changed. Rejected lines and lines sent to recount are
 * never applied, nor one applied before; under review, a line over the count policy only once approved.
 */
export async function applyFoundQuantities(
  db: Db,
  companyId: number,
  auditId: number,
  ids: number[] | undefined,
  isReviewed: boolean,
): Promise<AppliedLine[]> {
  const rows = await db.execute<AppliedLine>(sql`
    with chosen as (
      update audit_discrepancies d set applied_at = now()
      where d.company_id = ${companyId} and d.audit_id = ${auditId} and d.discrepancy_type in ('shortage', 'overage') and d.product_id is not null
        and d.applied_at is null and (d.decision is null or d.decision = 'approve')
        ${isReviewed ? sql`and (not d.needs_approval or d.decision = 'approve')` : sql``}
        ${ids ? sql`and d.id = any(${sqlArray(ids, 'int')})` : sql``}
      returning d.product_id, d.product_sku, d.product_name, d.expected_quantity, d.found_quantity, d.decided_by_name,
        d.reason_code_id
    )
    update products p set quantity = c.found_quantity, updated_at = now()
    from chosen c
    left join reason_codes r on r.company_id = ${companyId} and r.id = c.reason_code_id
    where p.id = c.product_id and p.company_id = ${companyId}
    returning p.id as product_id, c.product_sku as sku, c.product_name as name, c.expected_quantity as expected,
      c.found_quantity as found, c.decided_by_name as approved_by, r.code as reason_code`);
  return rows.rows;
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
