import { AUDIT_MESSAGES, REVIEW_MESSAGES, type TApplyCountsResponse } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { formatCount } from '../../lib/format.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit } from '../audits/audits.service.ts';
import { personActor, setMovementContext } from '../movements/movement-context.repo.ts';
import * as repo from './apply-counts.repo.ts';

const APPLICABLE = ['shortage', 'overage'];
// A product found where it has no stock (misplaced) is stocked there only when the person names its line.
const APPLICABLE_BY_ID = [...APPLICABLE, 'misplaced'];

/**
 * Applies what a completed audit found to the stock rows it counted (apply-counts.repo's applyFoundQuantities), for
 * all of its shortage and overage rows or the chosen ones (misplaced ones too, at a location), once per audit (the
 * audit row is locked and marked in the same transaction), with a reason in the activity log. One statement.
 */
export async function applyCounts(
  db: Db,
  actor: AuthContext,
  auditId: number,
  input: { reason: string; discrepancy_ids?: number[] },
  clock: AuditClock,
): Promise<TApplyCountsResponse> {
  const who = userPerformer(actor);
  const result = await db.transaction(async (tx) => {
    const audit = await repo.lockAuditForApply(tx, actor.companyId, auditId);
    if (!audit) throw notFound(AUDIT_MESSAGES.notFound);
    if (audit.status !== 'completed') throw conflict(AUDIT_MESSAGES.notCompleted);
    // A Dutchie store's quantities are Dutchie's: the portal only reads them.
    if (audit.expectedAsOf) throw conflict(AUDIT_MESSAGES.countsInDutchie);
    // A receipt's stock is added as it completes and as its lines are approved (shipments' receipt.service.ts).
    if (audit.auditType === 'receipt') throw conflict(REVIEW_MESSAGES.receiptNotApplicable);
    // Under review (a line was over the count policy), lines are applied as they are approved, each once.
    const isReviewed = await repo.isUnderReview(tx, actor.companyId, auditId);
    if (audit.appliedAt && !isReviewed) throw conflict(AUDIT_MESSAGES.alreadyApplied);
    const ids = input.discrepancy_ids ? [...new Set(input.discrepancy_ids)] : undefined;
    const types = audit.locationId === null ? APPLICABLE : APPLICABLE_BY_ID;
    if (ids && (await repo.countRowsOfTypes(tx, actor.companyId, auditId, ids, types)) !== ids.length) {
      throw badRequest(AUDIT_MESSAGES.rowsNotApplicable);
    }
    await setMovementContext(tx, { reason: 'count', actor: personActor(actor), auditId });
    const lines = await repo.applyFoundQuantities(
      tx,
      actor.companyId,
      { id: auditId, locationId: audit.locationId },
      ids,
      isReviewed,
    );
    if (isReviewed && audit.appliedAt && lines.length === 0) throw conflict(AUDIT_MESSAGES.alreadyApplied);
    const n = lines.length;
    await repo.markCountsApplied(tx, actor.companyId, auditId, who.name, input.reason);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: who,
      action: 'audit.apply_counts',
      type: 'inventory',
      message: `${who.name} applied the counts of ${audit.name} to ${formatCount(n)} product${n === 1 ? '' : 's'}: ${input.reason}`,
      metadata: { auditId, products: n, reason: input.reason },
    });
    // Under review, each product's change names who approved it and why.
    if (isReviewed) {
      for (const line of lines) {
        const why = line.approved_by
          ? `approved by ${line.approved_by}, reason ${line.reason_code}`
          : 'under the count policy';
        await recordActivity(tx, {
          companyId: actor.companyId,
          performer: who,
          action: 'inventory.count_adjust',
          type: 'inventory',
          message: `${line.name ?? line.sku} set from ${formatCount(line.expected)} to ${formatCount(line.found)} by ${audit.name} (${why})`,
          metadata: { auditId, ...line, quantity: line.found },
        });
      }
    }
    return { applied: n, left: await repo.countLeft(tx, actor.companyId, auditId) };
  });
  return { ...result, audit: await getAudit(db, actor.companyId, auditId, clock) };
}
