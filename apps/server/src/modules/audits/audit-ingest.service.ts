import { READER_MESSAGES, type TAudit, type TReadsResponse } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import { type Performer, recordActivity } from '../activity/activity.service.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { locationExists } from '../locations/locations.service.ts';
import { recordAuditCompleted } from './audit-events.ts';
import * as repo from './audit-ingest.repo.ts';
import type { AuditClock } from './audit-status.ts';
import { getAudit } from './audits.service.ts';
import { type AuditPlan, pointOfSalePlan } from './dutchie-expected.ts';
import { ensureReadPartitions, moveOwnLegacyReads } from './reads-storage.repo.ts';
import { reconcile } from './reconcile.sql.ts';

export type IngestDeps = {
  db: Db;
  /** The configured audit time-out (app.audits). */
  clock: AuditClock;
  dutchie: DutchieContext;
  /**
   * When the reader did this, for an audit recorded after the fact (the demo's seeded history); absent: now. Only
   * server code sets it: the reader protocol has no such field.
   */
  at?: Date;
};

/** What a new audit covers: a location of the catalogue (or all of it), or for a Dutchie store a room (or all). */
export async function planAudit(
  deps: IngestDeps,
  companyId: number,
  input: { location_id: number | null; room: string | null },
): Promise<AuditPlan> {
  if (await repo.isPointOfSale(deps.db, companyId)) return pointOfSalePlan(deps.dutchie, companyId, input);
  if (input.room !== null) throw badRequest(READER_MESSAGES.roomIsForDutchie);
  if (input.location_id !== null && !(await locationExists(deps.db, companyId, input.location_id))) {
    throw notFound(READER_MESSAGES.locationNotFound);
  }
  return { locationId: input.location_id, room: null, expected: null };
}

/** Starts an audit, or answers the one this reader already started with the same client_audit_id. */
export async function startAudit(
  deps: IngestDeps,
  device: DeviceContext,
  input: {
    client_audit_id: string;
    name: string | null;
    location_id: number | null;
    audit_type: string | null;
    room: string | null;
  },
): Promise<{ created: boolean; audit_id: number; status: TAudit['status'] }> {
  const existing = await repo.findByClientId(
    deps.db,
    device.companyId,
    device.deviceId,
    input.client_audit_id,
  );
  if (existing === undefined) {
    const plan = await planAudit(deps, device.companyId, input);
    // A browser counting on the Count screen names its person: the audit says who counted.
    const owner = await repo.deviceOwner(deps.db, device.companyId, device.deviceId);
    const id = await deps.db.transaction(async (tx) => {
      const inserted = await repo.insertAudit(tx, {
        companyId: device.companyId,
        deviceId: device.deviceId,
        deviceName: device.name,
        clientAuditId: input.client_audit_id,
        name:
          input.name ?? `Audit ${(deps.at ?? new Date()).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        locationId: plan.locationId,
        room: plan.room,
        expectedAsOf: plan.expected?.asOf ?? null,
        auditType: input.audit_type,
        startedBy: owner?.id ?? null,
        startedByName: owner?.name ?? null,
        ...(deps.at && { createdAt: deps.at }),
      });
      if (inserted !== undefined && plan.expected)
        await repo.insertExpected(tx, device.companyId, inserted, plan.expected.rows);
      return inserted;
    });
    // Undefined: the same start arrived twice at once and the other one inserted; fall through to read it.
    if (id !== undefined) return { created: true, audit_id: id, status: 'in_progress' };
  }
  const id =
    existing ??
    (await repo.findByClientId(deps.db, device.companyId, device.deviceId, input.client_audit_id));
  if (id === undefined) throw new Error('audit vanished between insert and read');
  const audit = await getAudit(deps.db, device.companyId, id, deps.clock);
  return { created: false, audit_id: id, status: audit.status };
}

/**
 * Stores one batch of reads, once: the (audit, batch_seq) key makes a resent batch (or ten copies at once) a no-op
 * answered like the first. The audit row is held FOR SHARE, so completion waits for batches in flight.
 */
export async function ingestBatch(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
  batchSeq: number,
  reads: repo.IngestRead[],
): Promise<TReadsResponse> {
  await ensureReadPartitions(deps.db);
  return deps.db.transaction(async (tx) => {
    const audit = await repo.lockAudit(tx, device.companyId, device.deviceId, auditId, 'share', deps.clock);
    if (!audit) throw notFound(READER_MESSAGES.auditNotFound);
    if (!(await repo.claimBatch(tx, device.companyId, auditId, batchSeq, reads.length, deps.at))) {
      return {
        batch_seq: batchSeq,
        accepted: await repo.batchReadCount(tx, device.companyId, auditId, batchSeq),
        duplicate: true,
      };
    }
    if (audit.status === 'completed') throw conflict(READER_MESSAGES.auditCompleted);
    if (audit.status === 'failed') throw conflict(READER_MESSAGES.auditFailed);
    await repo.insertBatch(tx, device.companyId, auditId, batchSeq, reads);
    return { batch_seq: batchSeq, accepted: reads.length, duplicate: false };
  });
}

/**
 * Completes the audit once every batch 0..batch_count-1 has arrived, reconciling in the same transaction.
 * Completing again (or twice at once: the second waits on the row lock) answers the same audit.
 */
export async function completeAudit(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
  batchCount: number,
): Promise<TAudit> {
  await deps.db.transaction(async (tx) => {
    const audit = await repo.lockAudit(tx, device.companyId, device.deviceId, auditId, 'update', deps.clock);
    if (!audit) throw notFound(READER_MESSAGES.auditNotFound);
    if (audit.status === 'completed') return;
    if (audit.status === 'failed') throw conflict(READER_MESSAGES.auditFailed);
    const { missing, highest } = await repo.missingBatches(tx, device.companyId, auditId, batchCount);
    if (missing.length > 0) {
      throw conflict(READER_MESSAGES.missingBatches, { missing_batch_seqs: missing });
    }
    if (highest !== null && highest >= batchCount) {
      throw conflict(
        `batch_count is ${batchCount}, but batch ${highest} has arrived: send the number of batches sent`,
        { missing_batch_seqs: [] },
      );
    }
    await reconcileAudit(tx, deps, device.companyId, audit, {
      type: 'device',
      id: device.deviceId,
      name: device.name,
    });
  });
  return getAudit(deps.db, device.companyId, auditId, deps.clock);
}

/**
 * Reconciles an audit whose reads are all stored (its row locked by the caller's transaction) and records its
 * completion: the one way every audit completes, whatever brought its reads in.
 */
export async function reconcileAudit(
  tx: Db,
  deps: IngestDeps,
  companyId: number,
  audit: { id: number; expectedAsOf: Date | null; locationId: number | null },
  performer: Performer,
): Promise<TAudit> {
  await moveOwnLegacyReads(tx, deps.db, companyId, audit.id);
  await reconcile(tx, {
    companyId,
    auditId: audit.id,
    expected: audit.expectedAsOf ? { from: 'snapshot' } : { from: 'catalogue', locationId: audit.locationId },
    at: deps.at,
  });
  const done = await getAudit(tx, companyId, audit.id, deps.clock);
  await recordActivity(tx, {
    companyId,
    performer,
    action: 'audit.complete',
    type: 'audit',
    message: `${performer.name} completed ${done.name}: ${done.tags_found}/${done.tags_expected} tags found, ${done.discrepancies_count} discrepancies, accuracy ${done.accuracy}%`,
    metadata: { auditId: audit.id, accuracy: done.accuracy, discrepancies: done.discrepancies_count },
    at: deps.at,
  });
  await recordAuditCompleted(tx, companyId, done, deps.at);
  return done;
}
