import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit } from '../audits/audits.service.ts';
import { recordEvent } from '../events/events.repo.ts';
import type { CountCompleted } from '../ingest/count-hooks.ts';
import * as repo from './review-lines.repo.ts';

/**
 * Reviews' part when ingest completes a count (subscribed in app.ts, ingest/count-hooks.ts): a count's review
 * (reviewAfterCompletion), or a receipt's lines over the policy asked to be reviewed.
 */
export async function reviewCompletedCount(c: CountCompleted): Promise<void> {
  if (!c.receipt) return reviewAfterCompletion(c.tx, c.clock, c.companyId, c.auditId, c.at);
  if (c.receipt.awaiting > 0)
    await requestReview(c.tx, c.clock, c.companyId, c.auditId, c.receipt.awaiting, c.at);
}

/**
 * What a count's completion means for its review, in the completion's transaction. A count: its lines over the
 * company's count policy are marked, and when there are some, audit.review_requested tells the admins (bell, e-mail,
 * webhooks). A recount: its figures replace those of the lines it counted again in the audit it recounts (whose
 * totals are worked out again from them), whose review goes on with them (and is requested again when some are still over the policy).
 */
export async function reviewAfterCompletion(
  tx: Db,
  clock: AuditClock,
  companyId: number,
  auditId: number,
  at?: Date,
) {
  const original = await repo.recountOf(tx, companyId, auditId);
  if (original === null) {
    const awaiting = await repo.markNeedsApproval(tx, companyId, auditId);
    if (awaiting > 0) await requestReview(tx, clock, companyId, auditId, awaiting, at);
    return;
  }
  const { ids } = await repo.replaceRecountedFigures(tx, companyId, auditId);
  if (ids.length === 0) return;
  const awaiting = await repo.markNeedsApproval(tx, companyId, original, ids);
  if (awaiting > 0) await requestReview(tx, clock, companyId, original, awaiting, at);
}

/** audit.review_requested for an audit with `awaiting` lines over the policy (a count's, a receipt's). */
export async function requestReview(
  tx: Db,
  clock: AuditClock,
  companyId: number,
  auditId: number,
  awaiting: number,
  at?: Date,
) {
  const audit = await getAudit(tx, companyId, auditId, clock);
  await recordEvent(
    tx,
    companyId,
    'audit.review_requested',
    {
      audit_id: audit.id,
      name: audit.name,
      location: audit.location,
      counted_by: audit.started_by,
      lines_awaiting: awaiting,
      completed_at: audit.completed_at,
    },
    at,
  );
}

/** Whether reconciliation should count only the lines a recount was started for. */
export const isRecount = async (tx: Db, companyId: number, auditId: number) =>
  (await repo.recountOf(tx, companyId, auditId)) !== null;
