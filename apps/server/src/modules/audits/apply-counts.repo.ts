import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

/**
 * Marks the audit's shortage and overage rows (all, or those in `ids`) applied and sets their products' quantities
 * to what was found, in one statement; answers how many products changed.
 */
export async function applyFoundQuantities(
  db: Db,
  companyId: number,
  auditId: number,
  ids: number[] | undefined,
): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    with chosen as (
      update audit_discrepancies d set applied_at = now()
      where d.company_id = ${companyId} and d.audit_id = ${auditId} and d.discrepancy_type in ('shortage', 'overage') and d.product_id is not null
        ${ids ? sql`and d.id = any(${sqlArray(ids, 'int')})` : sql``}
      returning d.product_id, d.found_quantity
    )
    update products p set quantity = c.found_quantity, updated_at = now()
    from chosen c where p.id = c.product_id and p.company_id = ${companyId}
    returning p.id`);
  return rows.rows.length;
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
