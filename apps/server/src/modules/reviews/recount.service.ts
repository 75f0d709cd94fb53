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
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit } from '../audits/audits.service.ts';
import { createAudit, type IngestDeps } from '../ingest/audit-lifecycle.service.ts';
import * as repo from './review-lines.repo.ts';

/**
 * Starts a recount of a completed count's lines: a follow-up audit (recount_of) in progress on the reader asked for
 * (device_id) or the caller's own Count screen, whose expected stock is just those products at their locations (a
 * Dutchie store's: those packages, in the room counted, from a fresh snapshot). The lines are sent to recount; when
 * it completes its figures replace theirs (review-events.ts).
 */
export async function startRecount(
  deps: IngestDeps,
  actor: AuthContext,
  auditId: number,
  input: TRecountRequest,
): Promise<TAudit> {
  const original = await repo.lockAudit(deps.db, actor.companyId, auditId);
  if (!original) throw notFound(AUDIT_MESSAGES.notFound);
  if (original.status !== 'completed') throw conflict(REVIEW_MESSAGES.notReviewable);
  const asked = input.discrepancy_ids ? [...new Set(input.discrepancy_ids)] : undefined;
  const lines = await repo.linesToRecount(deps.db, actor.companyId, auditId, asked);
  if (asked && lines.length !== asked.length) throw badRequest(REVIEW_MESSAGES.linesNotReviewable);
  if (lines.length === 0) throw conflict(REVIEW_MESSAGES.nothingToRecount);
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
      // The original's row lock: two recounts of the same lines at once link them one after the other.
      await repo.lockAudit(tx, actor.companyId, auditId);
      await repo.linkRecount(tx, actor.companyId, auditId, audit.id, lines);
      if (audit.plan.expected) await repo.narrowRecountSnapshot(tx, actor.companyId, audit.id);
      await recordActivity(tx, {
        companyId: actor.companyId,
        performer: who,
        action: 'audit.recount',
        type: 'audit',
        message: `${who.name} started a recount of ${lines.length} line${lines.length === 1 ? '' : 's'} of ${original.name} on ${device.name}`,
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
