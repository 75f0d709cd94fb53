import { AUDIT_MESSAGES, type TApplyCountsResponse } from '@quantics/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditDiscrepancies, audits } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { getAudit } from './audits.service.ts';

const APPLICABLE = ['shortage', 'overage'];

/**
 * Sets the catalogue's quantities to what a completed audit found, for all of its shortage and overage rows or
 * the chosen ones, once per audit (the audit row is locked and marked in the same transaction), with a reason
 * in the activity log. One UPDATE for all rows.
 */
export async function applyCounts(
  db: Db,
  actor: AuthContext,
  auditId: number,
  input: { reason: string; discrepancy_ids?: number[] },
  timeoutMinutes: number,
): Promise<TApplyCountsResponse> {
  const who = userPerformer(actor);
  const applied = await db.transaction(async (tx) => {
    const [audit] = await tx
      .select({
        status: audits.status,
        appliedAt: audits.countsAppliedAt,
        name: audits.name,
        expectedAsOf: audits.expectedAsOf,
      })
      .from(audits)
      .where(and(eq(audits.companyId, actor.companyId), eq(audits.id, auditId)))
      .for('update');
    if (!audit) throw notFound(AUDIT_MESSAGES.notFound);
    if (audit.status !== 'completed') throw conflict(AUDIT_MESSAGES.notCompleted);
    // A Dutchie store's quantities are Dutchie's: the portal only reads them.
    if (audit.expectedAsOf) throw conflict(AUDIT_MESSAGES.countsInDutchie);
    if (audit.appliedAt) throw conflict(AUDIT_MESSAGES.alreadyApplied);
    const ids = input.discrepancy_ids ? [...new Set(input.discrepancy_ids)] : undefined;
    if (ids) {
      const chosen = await tx
        .select({ id: auditDiscrepancies.id })
        .from(auditDiscrepancies)
        .where(
          and(
            eq(auditDiscrepancies.auditId, auditId),
            inArray(auditDiscrepancies.id, ids),
            inArray(auditDiscrepancies.discrepancyType, APPLICABLE),
          ),
        );
      if (chosen.length !== ids.length) throw badRequest(AUDIT_MESSAGES.rowsNotApplicable);
    }
    const rows = await tx.execute<{ id: number }>(sql`
      with chosen as (
        update audit_discrepancies d set applied_at = now()
        where d.audit_id = ${auditId} and d.discrepancy_type in ('shortage', 'overage') and d.product_id is not null
          ${ids ? sql`and d.id in (select unnest(${`{${ids.join(',')}}`}::int[]))` : sql``}
        returning d.product_id, d.found_quantity
      )
      update products p set quantity = c.found_quantity, updated_at = now()
      from chosen c where p.id = c.product_id and p.company_id = ${actor.companyId}
      returning p.id`);
    await tx
      .update(audits)
      .set({ countsAppliedAt: sql`now()`, countsAppliedBy: who.name, countsAppliedReason: input.reason })
      .where(and(eq(audits.id, auditId), isNull(audits.countsAppliedAt)));
    const n = rows.rows.length;
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: who,
      action: 'audit.apply_counts',
      type: 'inventory',
      message: `${who.name} applied the counts of ${audit.name} to ${n} product${n === 1 ? '' : 's'}: ${input.reason}`,
      metadata: { auditId, products: n, reason: input.reason },
    });
    return n;
  });
  return { applied, audit: await getAudit(db, actor.companyId, auditId, timeoutMinutes) };
}
