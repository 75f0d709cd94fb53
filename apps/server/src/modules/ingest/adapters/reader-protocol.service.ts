import { READER_MESSAGES, type TAudit, TEAM_COUNT_MESSAGES, type TReadsResponse } from '@quantics/contracts';
import { conflict, notFound } from '../../../lib/app-error.ts';
import type { DeviceContext } from '../../../lib/request-context.ts';
import { getAudit } from '../../audits/audits.service.ts';
import { linkReceipt, receiptToOpen } from '../../shipments/receipt.service.ts';
import {
  type AuditPlace,
  countBatch,
  createAudit,
  defaultAuditName,
  type IngestDeps,
} from '../audit-lifecycle.service.ts';
import * as repo from '../ingest.repo.ts';
import { storedSeq } from '../participants.service.ts';
import { ensureReadPartitions } from '../reads-storage.repo.ts';

/**
 * The reader protocol's way in (handhelds and the Count screen): a reader starts its audit with an id of its own,
 * sends its reads in numbered batches, and completes with the number of batches it sent (audit-lifecycle's
 * completeAudit).
 */

/** Starts an audit, or answers the one this reader already started with the same client_audit_id. */
export async function startAudit(
  deps: IngestDeps,
  device: DeviceContext,
  input: AuditPlace & {
    client_audit_id: string;
    name: string | null;
    audit_type: string | null;
    plan_id?: number | null;
    shipment_id?: number | null;
  },
): Promise<{ created: boolean; audit_id: number; status: TAudit['status'] }> {
  const find = () => repo.findByClientId(deps.db, device.companyId, device.deviceId, input.client_audit_id);
  const existing = await find();
  if (existing === undefined) {
    // A browser counting on the Count screen names its person: the audit says who counted.
    const owner = await repo.deviceOwner(deps.db, device.companyId, device.deviceId);
    // A receipt counts a shipment at its destination (shipments' receipt.service.ts).
    const shipmentId = input.shipment_id ?? null;
    const receipt = shipmentId === null ? null : await receiptToOpen(deps.db, device.companyId, shipmentId);
    const made = await createAudit(
      deps,
      {
        companyId: device.companyId,
        source: { deviceId: device.deviceId, deviceName: device.name },
        clientAuditId: input.client_audit_id,
        name: input.name ?? receipt?.name ?? defaultAuditName(deps.at ?? new Date()),
        place: receipt
          ? { location_id: receipt.locationId, room: null }
          : { location_id: input.location_id, room: input.room },
        auditType: receipt ? 'receipt' : input.audit_type,
        startedBy: owner ?? null,
        planId: input.plan_id ?? null,
      },
      shipmentId === null
        ? undefined
        : (tx, audit) => linkReceipt(tx, device.companyId, shipmentId, audit.id),
    );
    // Undefined: the same start arrived twice at once and the other one inserted; fall through to read it.
    if (made !== undefined) return { created: true, audit_id: made.id, status: 'in_progress' };
  }
  const id = existing ?? (await find());
  if (id === undefined) throw new Error('audit vanished between insert and read');
  const audit = await getAudit(deps.db, device.companyId, id, deps.clock);
  return { created: false, audit_id: id, status: audit.status };
}

/**
 * Stores one batch of reads, once: the (audit, batch_seq) key makes a resent batch (or ten copies at once) a no-op
 * answered like the first. The audit row is held FOR SHARE, so completion waits for batches in flight. In a team count
 * each reader numbers its own batches from 0: its batch n is stored at its seat's number (participants.service.ts).
 */
export async function ingestBatch(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
  batchSeq: number,
  reads: repo.IngestRead[],
): Promise<TReadsResponse> {
  await ensureReadPartitions(deps.db, deps.reads);
  const way = device.kind === 'browser' ? 'count_screen' : 'reader_protocol';
  const stored = await deps.db.transaction(async (tx) => {
    const audit = await repo.lockAudit(tx, device.companyId, device.deviceId, auditId, 'share', deps.clock);
    if (!audit) throw notFound(READER_MESSAGES.auditNotFound);
    const seq = storedSeq(audit.seat, batchSeq);
    if (!(await repo.claimBatch(tx, device.companyId, auditId, seq, reads.length, deps.at))) {
      return {
        batch_seq: batchSeq,
        accepted: await repo.batchReadCount(tx, device.companyId, auditId, seq),
        duplicate: true,
      };
    }
    if (audit.status === 'completed' || audit.status === 'failed') {
      countBatch(deps, way, 'refused');
      throw conflict(
        audit.status === 'completed' ? READER_MESSAGES.auditCompleted : READER_MESSAGES.auditFailed,
      );
    }
    // A reader that finished its part sent the number of its batches: a new one contradicts it.
    if (audit.isFinished) {
      countBatch(deps, way, 'refused');
      throw conflict(TEAM_COUNT_MESSAGES.partFinished);
    }
    await repo.insertBatch(tx, device.companyId, auditId, seq, reads, deps.tags);
    return { batch_seq: batchSeq, accepted: reads.length, duplicate: false };
  });
  if (!stored.duplicate) countBatch(deps, way, reads.length);
  return stored;
}
