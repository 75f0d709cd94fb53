import {
  ADJUSTMENTS_COLUMNS,
  AUDIT_MESSAGES,
  FOUR_EYES_CODE,
  RECEIPT_REASON_CODES,
  REVIEW_MESSAGES,
  type TAdjustmentsSheet,
  type TReviewResponse,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { formatCount } from '../../lib/format.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit, listDiscrepancies } from '../audits/audits.service.ts';
import { personActor } from '../movements/movement-context.repo.ts';
import { addDecidedReceiptLines, receiptShipment } from '../shipments/receipt.service.ts';
import { findReasonCode } from './reason-codes.service.ts';
import * as repo from './review-lines.repo.ts';

const REVIEWABLE: ReadonlySet<string> = new Set(['shortage', 'overage']);

/**
 * An admin's decisions on a completed count's lines: approve (with a reason code), reject (the quantity stays) or
 * recount. Only shortage and overage lines not applied yet. Four eyes: the person who counted cannot approve their
 * own lines over the count policy while the company has another admin. One request at a time per audit (its row is
 * locked), all or nothing. A receipt's lines (a count of a shipment) are approved or rejected with a reason for
 * receiving (RECEIPT_REASON_CODES), never recounted, and their stock is added in the same transaction.
 */
export async function reviewAudit(
  db: Db,
  actor: AuthContext,
  auditId: number,
  input: { lines: { discrepancy_id: number; decision: string; reason_code?: string; note?: string }[] },
  clock: AuditClock,
): Promise<TReviewResponse> {
  const who = userPerformer(actor);
  await db.transaction(async (tx) => {
    const audit = await repo.lockAudit(tx, actor.companyId, auditId);
    if (!audit) throw notFound(AUDIT_MESSAGES.notFound);
    if (audit.status !== 'completed') throw conflict(REVIEW_MESSAGES.notReviewable);
    // The last decision on a line in one request wins.
    const wanted = new Map(input.lines.map((l) => [l.discrepancy_id, l]));
    const at = new Map(input.lines.map((l, i) => [l.discrepancy_id, i]));
    const isReceipt = (await receiptShipment(tx, actor.companyId, auditId)) !== undefined;
    const lines = await repo.linesOf(tx, actor.companyId, auditId, [...wanted.keys()]);
    if (lines.length !== wanted.size || lines.some((l) => !REVIEWABLE.has(l.type) || l.appliedAt)) {
      throw badRequest(REVIEW_MESSAGES.linesNotReviewable);
    }
    const decisions: repo.Decision[] = [];
    for (const line of lines) {
      const asked = wanted.get(line.id);
      if (!asked) continue;
      const field = (name: string) => ({ field: `lines.${at.get(line.id)}.${name}` });
      if (isReceipt && asked.decision === 'recount') {
        throw badRequest(REVIEW_MESSAGES.receiptNoRecount, field('decision'));
      }
      let reasonCodeId: number | null = null;
      if (asked.reason_code) {
        const isForReceipts = (RECEIPT_REASON_CODES as readonly string[]).includes(
          asked.reason_code.toUpperCase(),
        );
        if (isReceipt && !isForReceipts) {
          throw badRequest(REVIEW_MESSAGES.receiptReasonCode, field('reason_code'));
        }
        const code = await findReasonCode(tx, actor.companyId, asked.reason_code);
        if (!code) throw badRequest(REVIEW_MESSAGES.reasonCodeNotFound, field('reason_code'));
        if (code.retiredAt) throw badRequest(REVIEW_MESSAGES.reasonCodeRetired, field('reason_code'));
        reasonCodeId = code.id;
      }
      if (asked.decision === 'approve' && reasonCodeId === null)
        throw badRequest(REVIEW_MESSAGES.reasonRequired, field('reason_code'));
      decisions.push({ id: line.id, decision: asked.decision, reasonCodeId, note: asked.note || null });
    }
    const approvesOwn =
      audit.startedBy === actor.userId &&
      lines.some((l) => l.needsApproval && wanted.get(l.id)?.decision === 'approve');
    if (approvesOwn && (await repo.countAdmins(tx, actor.companyId)) > 1) {
      throw new AppError(403, REVIEW_MESSAGES.fourEyes, { code: FOUR_EYES_CODE });
    }
    await repo.saveDecisions(tx, actor.companyId, auditId, { id: actor.userId, name: who.name }, decisions);
    if (isReceipt) await addDecidedReceiptLines(tx, actor.companyId, auditId, personActor(actor));
    const count = (d: string) => decisions.filter((x) => x.decision === d).length;
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: who,
      action: 'audit.review',
      type: 'audit',
      message: `${who.name} reviewed ${audit.name}: ${formatCount(count('approve'))} approved, ${formatCount(count('reject'))} rejected, ${formatCount(count('recount'))} to recount`,
      metadata: { auditId, decisions },
    });
  });
  return reviewOf(db, actor.companyId, auditId, clock);
}

/** The audit with its lines and their decisions. */
export async function reviewOf(
  db: Db,
  companyId: number,
  auditId: number,
  clock: AuditClock,
): Promise<TReviewResponse> {
  const [audit, lines] = await Promise.all([
    getAudit(db, companyId, auditId, clock),
    listDiscrepancies(db, companyId, auditId, clock),
  ]);
  return { audit, lines };
}

export const ADJUSTMENTS_HEADER = [...ADJUSTMENTS_COLUMNS];

/**
 * The adjustments sheet of a count: its approved lines, to enter in Dutchie's own audit (Quantics never writes to
 * Dutchie, which reports adjustments to Metrc itself).
 */
export async function adjustmentsSheet(
  db: Db,
  companyId: number,
  auditId: number,
  clock: AuditClock,
): Promise<TAdjustmentsSheet> {
  const audit = await getAudit(db, companyId, auditId, clock);
  const rows = await repo.approvedAdjustments(db, companyId, auditId);
  return {
    audit,
    lines: rows.map((r) => ({ ...r, difference: r.counted - r.expected })),
  };
}

/** The sheet's lines as the CSV's rows (ADJUSTMENTS_HEADER). */
export const adjustmentsCsvRows = (sheet: TAdjustmentsSheet): unknown[][] =>
  sheet.lines.map((r) => [
    r.package_label,
    r.product,
    r.room,
    r.expected,
    r.counted,
    r.difference,
    r.reason_code,
    r.note,
    r.approved_by,
  ]);
