import type { TAudit } from '@quantics/contracts';
import type { DeviceContext } from '../../lib/request-context.ts';
import { completeAudit, type IngestDeps } from './audit-lifecycle.service.ts';
import * as ingestRepo from './ingest.repo.ts';
import { participantOf } from './participants.repo.ts';
import { ensureReadPartitions } from './reads-storage.repo.ts';
import { finishForEveryone } from './team-counts.service.ts';
import * as repo from './webhook-batches.repo.ts';

/**
 * The ingest for devices that post whatever they read without numbering it (a fixed reader's webhook): each post
 * becomes the next batch of the device's open audit, in the same audit_batches and audit_reads as the reader
 * protocol's, completed and reconciled by the same completeAudit.
 */

export type AppendResult =
  | { stored: true; batch_seq: number }
  | { stored: false; reason: 'no_open_audit' | 'duplicate' | 'closed' };

/** The device's open audit, if any (a timed-out one is not open). */
export const findOpenAudit = (deps: IngestDeps, device: DeviceContext) =>
  repo.findOpenAudit(deps.db, device.companyId, device.deviceId, deps.clock);

/**
 * Stores one post's reads as the next batch of the reader's seat in the count, once: the audit row is locked FOR
 * UPDATE, so two posts take turns for the next batch_seq, and a post whose content hash is already stored (the device
 * resent it because the answer was lost, or sent it twice at once) stores nothing. Reads arriving after the count's
 * end, or after the reader's part was finished, are not stored.
 */
export async function appendToAudit(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
  contentHash: string,
  reads: ingestRepo.ReadInput[],
): Promise<AppendResult> {
  await ensureReadPartitions(deps.db, deps.reads);
  return deps.db.transaction(async (tx) => {
    const audit = await repo.lockForAppend(tx, device.companyId, auditId, deps.clock);
    if (audit?.status !== 'in_progress' || audit.isPastEnd) return { stored: false, reason: 'closed' };
    const part = await participantOf(tx, device.companyId, auditId, device.deviceId);
    if (part?.finishedAt) return { stored: false, reason: 'closed' };
    const seat = part?.seat ?? 0;
    // Two readers of one count posting the same body are two posts: the seat is part of what makes a post the same.
    const hash = seat === 0 ? contentHash : `${contentHash}:${seat}`;
    if (await repo.hasContent(tx, device.companyId, auditId, hash))
      return { stored: false, reason: 'duplicate' };
    const seq = await repo.appendBatch(tx, device.companyId, auditId, seat, hash, reads.length);
    if (seq === undefined) return { stored: false, reason: 'duplicate' };
    await ingestRepo.insertReads(tx, device.companyId, auditId, seq, reads, deps.tags);
    return { stored: true, batch_seq: seq };
  });
}

/**
 * Finishes the reader's part of the count with every batch it stored so far (a person stopping a fixed reader): the
 * count completes if no other reader still counts. A timed count past its end completes for every reader (its end is
 * the whole count's). The row lock is taken first, so no post slips in between counting the batches and completing;
 * completing an already completed audit answers it again.
 */
export async function completeWithStored(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
): Promise<TAudit> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockForAppend(tx, device.companyId, auditId, deps.clock);
    const within = { ...deps, db: tx };
    if (row?.status === 'in_progress' && row.isPastEnd) {
      const performer = { type: 'device' as const, id: device.deviceId, name: device.name };
      return finishForEveryone(within, device.companyId, auditId, performer);
    }
    return completeAudit(within, device, auditId, 'stored');
  });
}

/** A count whose chosen duration has run out, still open (webhook-batches.repo.ts dueAudits). */
export type DueAudit = { id: number; companyId: number; deviceId: number | null; name: string };

/** Up to `limit` counts whose duration has run out: one company's, or every company's (the due-counts sweep's units). */
export const dueAudits = (deps: IngestDeps, companyId: number | null, limit: number): Promise<DueAudit[]> =>
  repo.dueAudits(deps.db, deps.clock, companyId, limit);

/**
 * Finishes one count whose duration has run out, in its own transaction: its row is locked first and must still be
 * in progress, so of two instances (or a sweep and a request) finishing it at once, one does and the other answers
 * false. Throws what completing it threw (its transaction rolled back; it is due again next time).
 */
export async function finishDueAudit(deps: IngestDeps, audit: DueAudit): Promise<boolean> {
  if (audit.deviceId === null) return false;
  const device = { deviceId: audit.deviceId, companyId: audit.companyId, name: audit.name };
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockForAppend(tx, audit.companyId, audit.id, deps.clock);
    if (row?.status !== 'in_progress' || !row.isPastEnd) return false;
    await completeWithStored({ ...deps, db: tx }, device, audit.id);
    return true;
  });
}

/**
 * Finishes the counts whose chosen duration has run out, each in its own transaction: one company's when its
 * devices are read (derived on read, so the list is current), or every company's (tests). The due-counts sweep
 * (jobs/sweeps.ts) does the same for every company, one instance at a time, and logs and counts a count that fails;
 * here one that fails is left to it (a request that reads devices is not failed by another count). Returns how many
 * this call finished.
 */
export async function finishDueAudits(deps: IngestDeps, companyId: number | null): Promise<number> {
  let finished = 0;
  for (const audit of await dueAudits(deps, companyId, 100)) {
    const isFinished = await finishDueAudit(deps, audit).catch(() => false);
    if (isFinished) finished++;
  }
  return finished;
}
