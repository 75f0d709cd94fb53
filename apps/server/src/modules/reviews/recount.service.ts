import { randomUUID } from 'node:crypto';
import {
  AUDIT_MESSAGES,
  REVIEW_MESSAGES,
  type TAudit,
  type TRecountRequest,
  type TRecountsResponse,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { formatCount } from '../../lib/format.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit } from '../audits/audits.service.ts';
import { createAudit, type IngestDeps } from '../ingest/audit-lifecycle.service.ts';
import * as repo from './review-lines.repo.ts';

/** The lines to recount, checked: those asked for must all be open shortage or overage lines; none is 409. */
async function chooseLines(db: Db, companyId: number, auditId: number, asked: number[] | undefined) {
  const lines = await repo.linesToRecount(db, companyId, auditId, asked);
  if (asked && lines.length !== asked.length) throw badRequest(REVIEW_MESSAGES.linesNotReviewable);
  if (lines.length === 0) throw conflict(REVIEW_MESSAGES.nothingToRecount);
  return lines;
}

/**
 * Starts a recount of a completed count's lines: a follow-up audit (recount_of) in progress on the reader asked for
 * (device_id) or the caller's own Count screen, whose expected stock is just those products at their locations (a
 * Dutchie store's: those packages, in the room counted, from a fresh snapshot). The lines are sent to recount; when
 * it completes its figures replace theirs (review-events.ts). A reader already in an open count is 409 naming it
 * (createAudit). The lines are chosen and linked in the transaction that creates the recount, under the original's
 * row lock held to its end, so two recounts of the same lines at once link them once; the read before it only
 * answers a request with nothing to recount without starting anything.
 */
export async function startRecount(
  deps: IngestDeps,
  actor: AuthContext,
  auditId: number,
  input: TRecountRequest,
): Promise<TAudit> {
  const original = await repo.findAudit(deps.db, actor.companyId, auditId);
  if (!original) throw notFound(AUDIT_MESSAGES.notFound);
  if (original.status !== 'completed') throw conflict(REVIEW_MESSAGES.notReviewable);
  const asked = input.discrepancy_ids ? [...new Set(input.discrepancy_ids)] : undefined;
  await chooseLines(deps.db, actor.companyId, auditId, asked);
  const device = await repo.countingDevice(deps.db, actor.companyId, actor.userId, input.device_id);
  if (!device) {
    throw input.device_id === undefined
      ? badRequest(REVIEW_MESSAGES.noCountDevice)
      : notFound(REVIEW_MESSAGES.deviceNotFound);
  }
  const who = userPerformer(actor);
  const made = await createAudit(
    deps,
    {
      companyId: actor.companyId,
      source: { deviceId: device.id, deviceName: device.name },
      clientAuditId: randomUUID(),
      name: `Recount of ${original.name}`,
      // A Dutchie store's recount takes a fresh snapshot of the room counted, narrowed to the packages below.
      place: { location_id: original.locationId, room: original.expectedAsOf ? original.room : null },
      auditType: 'recount',
      startedBy: { id: actor.userId, name: who.name },
    },
    async (tx, audit) => {
      // The original's row lock, held until this transaction ends: its lines are chosen and linked under it.
      await repo.lockAudit(tx, actor.companyId, auditId);
      const lines = await chooseLines(tx, actor.companyId, auditId, asked);
      await repo.linkRecount(tx, actor.companyId, auditId, audit.id, lines);
      if (audit.plan.expected) await repo.narrowRecountSnapshot(tx, actor.companyId, audit.id);
      await recordActivity(tx, {
        companyId: actor.companyId,
        performer: who,
        action: 'audit.recount',
        type: 'audit',
        message: `${who.name} started a recount of ${formatCount(lines.length)} line${lines.length === 1 ? '' : 's'} of ${original.name} on ${device.name}`,
        metadata: { auditId, recountId: audit.id, lines },
      });
    },
  );
  if (!made) throw new Error('a random client audit id was taken');
  return getAudit(deps.db, actor.companyId, made.id, deps.clock);
}

/** The counts with lines waiting for a recount, for the Count screen ("Recount requested"). */
export async function recountsToDo(db: Db, clock: AuditClock, companyId: number): Promise<TRecountsResponse> {
  return { data: await repo.recountsToDo(db, companyId, clock.timeoutMinutes) };
}
