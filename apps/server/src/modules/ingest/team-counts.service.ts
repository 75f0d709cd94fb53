import {
  AUDIT_MESSAGES,
  READER_MESSAGES,
  type TAudit,
  type TAuditProgress,
  type TAuditStatus,
  TEAM_COUNT_MESSAGES,
  type TJoinCountResponse,
  type TOpenCount,
  type TOpenCountsResponse,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext, DeviceContext } from '../../lib/request-context.ts';
import { type Performer, userPerformer } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit } from '../audits/audits.service.ts';
import { expectedSoFar } from '../audits/count-sheet.service.ts';
import { type IngestDeps, reconcileAudit } from './audit-lifecycle.service.ts';
import { countProgress } from './count-progress.repo.ts';
import { deviceOwner } from './ingest.repo.ts';
import { lockParticipants, missingBatches, participantOf } from './participants.repo.ts';
import { takeSeat } from './participants.service.ts';
import * as repo from './team-counts.repo.ts';

/**
 * Team counts (issue 49): readers join a count in progress (a handheld or a Count screen from the reader protocol, a
 * fixed reader of the counted place added by the person who started it), each sends its own batches and finishes its
 * part; the count completes when the last one finishes, or when its starter or an admin finishes it for everyone.
 */

/** Open counts listed at most (the Count screen's Join list, the dashboard's counts in progress). */
const OPEN_COUNTS_SHOWN = 100;

/** The company's counts in progress, newest first, with who counts in each. */
export async function openCounts(db: Db, clock: AuditClock, companyId: number): Promise<TOpenCountsResponse> {
  const counts = await repo.openCounts(db, clock, companyId, OPEN_COUNTS_SHOWN);
  const members = await repo.membersOf(
    db,
    companyId,
    counts.map((c) => c.id),
  );
  return {
    data: counts.map((c) => {
      const own = members.filter((m) => m.auditId === c.id);
      // A count the build before started has no participant rows: its reader is its one member.
      const participants = own.length
        ? own.map((m) => ({
            device_id: m.deviceId,
            device_name: m.deviceName,
            person: m.person,
            finished: m.finishedAt !== null,
          }))
        : [{ device_id: c.deviceId ?? 0, device_name: c.deviceName, person: c.startedBy, finished: false }];
      return {
        id: c.id,
        name: c.name,
        location_id: c.locationId,
        place: c.place,
        started_by: c.startedBy,
        started_at: c.createdAt.toISOString(),
        audit_type: c.auditType,
        ends_at: c.endsAt?.toISOString() ?? null,
        participants,
      };
    }),
  };
}

/** One open count as listed (after a reader was added to it). */
async function openCount(db: Db, clock: AuditClock, companyId: number, auditId: number): Promise<TOpenCount> {
  const found = (await openCounts(db, clock, companyId)).data.find((c) => c.id === auditId);
  if (!found) throw conflict(TEAM_COUNT_MESSAGES.notInProgress);
  return found;
}

/**
 * Seats a reader in a count in progress, under the count's row lock: the same reader again answers the same (its
 * seat), a reader in another open count is 409 naming it (the open-count index decides).
 */
async function seatReader(
  tx: Db,
  clock: AuditClock,
  count: { id: number; status: string; deviceId: number | null },
  reader: {
    companyId: number;
    deviceId: number;
    deviceName: string;
    person: { id: number; name: string } | null;
  },
): Promise<number> {
  if (count.deviceId === reader.deviceId) return 0;
  const mine = await participantOf(tx, reader.companyId, count.id, reader.deviceId);
  if (mine?.finishedAt) throw conflict(TEAM_COUNT_MESSAGES.partFinished);
  if (mine) return mine.seat;
  if (count.status !== 'in_progress') throw conflict(TEAM_COUNT_MESSAGES.notInProgress);
  return takeSeat(tx, clock, { ...reader, auditId: count.id }, false);
}

/** POST /api/rfid/audits/{id}/join: the reader joins the count; its batches are numbered from 0 for it. */
export async function joinCount(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
): Promise<TJoinCountResponse> {
  return deps.db.transaction(async (tx) => {
    const count = await repo.findCount(tx, deps.clock, device.companyId, auditId, true);
    if (!count) throw notFound(READER_MESSAGES.auditNotFound);
    const owner = await deviceOwner(tx, device.companyId, device.deviceId);
    const reader = { ...device, deviceName: device.name, person: owner ?? null };
    const seat = await seatReader(tx, deps.clock, count, reader);
    const { highest } = await missingBatches(tx, device.companyId, auditId, seat, 0);
    const next_batch_seq = highest === null ? 0 : highest + 1;
    return { audit_id: auditId, status: count.status as TAuditStatus, seat, next_batch_seq };
  });
}

/** The person who started the count, or an admin. */
function mayRun(actor: AuthContext, count: { startedBy: number | null }) {
  if (actor.role !== 'admin' && count.startedBy !== actor.userId)
    throw forbidden(TEAM_COUNT_MESSAGES.notStarter);
}

/** POST /api/audits/{id}/participants: the count's starter (or an admin) adds a fixed reader of the counted place. */
export async function addFixedReader(
  deps: IngestDeps,
  actor: AuthContext,
  auditId: number,
  deviceId: number,
): Promise<TOpenCount> {
  await deps.db.transaction(async (tx) => {
    const count = await repo.findCount(tx, deps.clock, actor.companyId, auditId, true);
    if (!count) throw notFound(AUDIT_MESSAGES.notFound);
    mayRun(actor, count);
    const place = { locationId: count.locationId, room: count.expectedAsOf ? count.room : null };
    const reader = await repo.readerInPlace(tx, actor.companyId, deviceId, place);
    if (!reader) throw notFound(TEAM_COUNT_MESSAGES.deviceNotFound);
    if (reader.kind !== 'fixed') throw badRequest(TEAM_COUNT_MESSAGES.notFixedReader);
    if (!reader.isHere) throw badRequest(TEAM_COUNT_MESSAGES.notFixedReaderHere);
    const person = { id: actor.userId, name: userPerformer(actor).name };
    const who = { companyId: actor.companyId, deviceId, deviceName: reader.name, person };
    await seatReader(tx, deps.clock, count, who);
  });
  return openCount(deps.db, deps.clock, actor.companyId, auditId);
}

/**
 * Completes the count for every reader with the batches already sent, in one transaction under its row lock (batches
 * in flight finish first; later ones are 409 as for any completed count): a person finishing it for everyone, or a
 * timed count's end. Completed already: answers it again.
 */
export async function finishForEveryone(
  deps: IngestDeps,
  companyId: number,
  auditId: number,
  performer: Performer,
  may: (count: { startedBy: number | null }) => void = () => {},
): Promise<TAudit> {
  await deps.db.transaction(async (tx) => {
    const count = await repo.findCount(tx, deps.clock, companyId, auditId, true);
    if (!count) throw notFound(AUDIT_MESSAGES.notFound);
    may(count);
    await lockParticipants(tx, companyId, auditId);
    if (count.status === 'completed') return;
    if (count.status !== 'in_progress') throw conflict(READER_MESSAGES.auditFailed);
    await reconcileAudit(tx, { ...deps, db: tx }, companyId, count, performer);
  });
  return getAudit(deps.db, companyId, auditId, deps.clock);
}

/** POST /api/audits/{id}/finish: the count's starter or an admin finishes it for everyone. */
export const finishCount = (deps: IngestDeps, actor: AuthContext, auditId: number) =>
  finishForEveryone(deps, actor.companyId, auditId, userPerformer(actor), (count) => mayRun(actor, count));

/** GET /api/audits/{id}/progress: the count so far, overall, per reader and per place. */
export async function progress(
  deps: IngestDeps,
  companyId: number,
  auditId: number,
): Promise<TAuditProgress> {
  const count = await repo.findCount(deps.db, deps.clock, companyId, auditId, false);
  if (!count) throw notFound(AUDIT_MESSAGES.notFound);
  const isCompleted = count.status === 'completed';
  const [members, figures] = await Promise.all([
    repo.membersOf(deps.db, companyId, [auditId]),
    // A completed count's figures are the reconciliation's; its places are still worked out from its reads.
    countProgress(deps.db, {
      companyId,
      auditId,
      locationId: count.locationId,
      isSnapshot: !!count.expectedAsOf,
    }),
  ]);
  // An open catalogue count in a trading store expects each product as of its first read, as completion will.
  const soFar =
    isCompleted || count.expectedAsOf
      ? null
      : await expectedSoFar(deps.db, { companyId, auditId, locationId: count.locationId }, figures.expected);
  // A count the build before started has no participant rows: its reader is seat 0.
  const readers = members.length
    ? members
    : count.deviceId === null
      ? []
      : [{ ...count, person: count.startedByName, seat: 0, finishedAt: null }];
  return {
    status: count.status as TAuditStatus,
    units_found: isCompleted ? count.tagsFound : figures.found,
    units_expected: isCompleted ? count.tagsExpected : (soFar?.expected ?? figures.expected),
    ...(soFar?.moved && { moved: soFar.moved }),
    participants: readers.map((m) => {
      const mine = figures.seats.get(m.seat);
      return {
        device_id: m.deviceId ?? 0,
        device_name: m.deviceName,
        person: m.person,
        reads: mine?.reads ?? 0,
        units: mine?.units ?? 0,
        last_read_at: mine?.lastReadAt ?? null,
        finished: count.status !== 'in_progress' || m.finishedAt !== null,
      };
    }),
    places: figures.places,
  };
}
