import { READER_MESSAGES, TEAM_COUNT_MESSAGES, TEAM_SEAT_BATCHES, TEAM_SEATS_MAX } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import * as repo from './participants.repo.ts';

/**
 * The readers of a count (issue 49): the reader that starts it takes seat 0, readers that join take the next seats,
 * and a reader is in one open count at most, held by a unique index (participants.repo.ts) on every path: the reader
 * protocol's start, the Count screen, a fixed reader's count, a planned reader count, a recount, a join. A reader's
 * batch n is stored as seat × TEAM_SEAT_BATCHES + n, so each reader numbers its own batches from 0.
 */

/** The stored batch number of a reader's batch n. */
export const storedSeq = (seat: number, n: number) => seat * TEAM_SEAT_BATCHES + n;

/** True for the 409 of a start or join whose reader is in another open count (takeSeat's). */
export const isReaderBusy = (e: unknown): boolean =>
  e instanceof AppError && e.statusCode === 409 && e.extra?.open_audit_id !== undefined;

/** The 409 of a reader with another count open, naming that count. */
async function readerBusy(tx: Db, companyId: number, deviceId: number) {
  const open = await repo.openParticipation(tx, companyId, deviceId);
  if (!open) return undefined;
  return conflict(TEAM_COUNT_MESSAGES.readerBusy(open.name, open.auditId), { open_audit_id: open.auditId });
}

/**
 * Seats the reader in the count, in the caller's transaction (which, for a join, holds the audit's row lock): first
 * its participations in counts no longer in progress close (a count that timed out never holds a reader), then it
 * takes seat 0 (`isFirst`) or the next one. A reader in another open count: 409 naming it (the insert is tried in a
 * savepoint, so the transaction can read which count that is). Answers the seat; a participant already has its own.
 */
export async function takeSeat(
  tx: Db,
  clock: AuditClock,
  p: repo.NewParticipant,
  isFirst: boolean,
): Promise<number> {
  const mine = await repo.participantOf(tx, p.companyId, p.auditId, p.deviceId);
  if (mine) return mine.seat;
  await repo.closeParticipations(tx, clock, p.companyId, { deviceId: p.deviceId });
  // Twice at most: the count that held the reader may complete between the refused insert and reading it.
  for (let attempt = 0; ; attempt++) {
    try {
      const seat = await tx.transaction((sp) => repo.insertParticipant(sp, p, isFirst));
      if (seat === undefined) throw new Error('participant inserted twice in one transaction');
      if (seat >= TEAM_SEATS_MAX) throw conflict(TEAM_COUNT_MESSAGES.teamFull);
      return seat;
    } catch (e) {
      if (!isUniqueViolation(e, repo.OPEN_DEVICE_INDEX)) throw e;
      const busy = await readerBusy(tx, p.companyId, p.deviceId);
      if (busy || attempt > 0) throw busy ?? e;
    }
  }
}

/** The reader's seat in an audit it may send to: its participant row's, or 0 for the reader of a count without one. */
export type Part = { seat: number; isFinished: boolean };

/**
 * The reader's part is done (the reader protocol's complete): its batches 0..batchCount-1 (or, `'stored'`, the ones
 * it stored: a fixed reader's posts) have all arrived, or 409 lists the missing ones. Answers true when no other
 * participant still counts: the count completes now. A count without participants (started by the build before)
 * has its one reader.
 */
export async function finishPart(
  tx: Db,
  device: { companyId: number; deviceId: number },
  auditId: number,
  part: Part,
  batchCount: number | 'stored',
  at?: Date,
): Promise<boolean> {
  const { companyId, deviceId } = device;
  const count =
    batchCount === 'stored' ? await repo.storedBatches(tx, companyId, auditId, part.seat) : batchCount;
  const { missing, highest } = await repo.missingBatches(tx, companyId, auditId, part.seat, count);
  if (missing.length > 0) throw conflict(READER_MESSAGES.missingBatches, { missing_batch_seqs: missing });
  if (highest !== null && highest >= count) {
    throw conflict(
      `batch_count is ${count}, but batch ${highest} has arrived: send the number of batches sent`,
      { missing_batch_seqs: [] },
    );
  }
  await repo.finishParticipant(tx, companyId, auditId, deviceId, count, at);
  return (await repo.othersCounting(tx, companyId, auditId, deviceId)) === 0;
}
