import { COUNT_PLAN_MESSAGES, READER_MESSAGES, type TAudit, type TagDecoder } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { formatCount, formatPercent } from '../../lib/format.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import { type Performer, recordActivity } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { getAudit } from '../audits/audits.service.ts';
import { type AuditPlan, pointOfSalePlan, salesDuringCount } from '../audits/dutchie-expected.ts';
import { type ExpectedStock, reconcile } from '../audits/reconcile.repo.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { locationExists } from '../locations/locations.service.ts';
import type { Metrics, ReadsWay } from '../metrics/metrics.ts';
import { completeReceipt, receiptShipment } from '../shipments/receipt.service.ts';
import { recordAuditCompleted } from './audit-events.ts';
import type { CountHooks } from './count-hooks.ts';
import * as repo from './ingest.repo.ts';
import { closeParticipations } from './participants.repo.ts';
import { finishPart, takeSeat } from './participants.service.ts';
import { moveOwnLegacyReads, type ReadsStorageMemory } from './reads-storage.repo.ts';

export type IngestDeps = {
  db: Db;
  /** The configured audit time-out (app.audits). */
  clock: AuditClock;
  dutchie: DutchieContext;
  /** What this process remembers of the reads' storage (app.ingest.reads). */
  reads: ReadsStorageMemory;
  /** The GS1 tag decoder with its bounded memory of the tags it decoded lately (app.ingest.tags). */
  tags: TagDecoder;
  /** The app's metrics (app.metrics): reads accepted, audits started and completed, reconciliation time. */
  metrics?: Metrics;
  /** What other modules do when a count completes (reviews, count plans), registered in app.ts: count-hooks.ts. */
  hooks: CountHooks;
  /**
   * Where each tag was last seen (zones' SightingsWriter, app.ingest.sightings): a fixed reader's post is handed over
   * and written after the answer. Absent: not kept (a caller outside the app, such as the demo's seeded history).
   */
  sightings?: {
    record: (device: DeviceContext, reads: repo.ReadInput[]) => Promise<void> | undefined;
    /** Writes what it holds now. */
    flush: () => Promise<void>;
  };
  /**
   * When the reader did this, for an audit recorded after the fact (the demo's seeded history); absent: now. Only
   * server code sets it: the reader protocol has no such field.
   */
  at?: Date;
};

/** A place a count may cover: a location of the catalogue (or all of it), or a Dutchie store's room (or all). */
/** Counts a batch's reads as accepted (stored) or the batch as refused (its audit closed), by its way in. */
export function countBatch(deps: IngestDeps, way: ReadsWay, reads: number | 'refused'): void {
  if (reads === 'refused') deps.metrics?.batchesRefused.inc({ way });
  else deps.metrics?.readsAccepted.inc({ way }, reads);
}

export type AuditPlace = { location_id: number | null; room: string | null };

/**
 * The place must suit the company: a location of its catalogue, or a room for a company whose stock is in Dutchie
 * (a room's name is checked against the store when a count plans it). Answers whether the company is a Dutchie one.
 */
export async function checkPlace(deps: IngestDeps, companyId: number, place: AuditPlace): Promise<boolean> {
  if (await repo.isPointOfSale(deps.db, companyId)) {
    if (place.location_id !== null) throw badRequest(READER_MESSAGES.locationIsForCatalogue);
    return true;
  }
  if (place.room !== null) throw badRequest(READER_MESSAGES.roomIsForDutchie);
  if (place.location_id !== null && !(await locationExists(deps.db, companyId, place.location_id))) {
    throw notFound(READER_MESSAGES.locationNotFound);
  }
  return false;
}

/** What a new audit covers, and for a Dutchie store the expected stock from its snapshot. */
export async function planAudit(deps: IngestDeps, companyId: number, place: AuditPlace): Promise<AuditPlan> {
  if (await checkPlace(deps, companyId, place)) return pointOfSalePlan(deps.dutchie, companyId, place);
  return { locationId: place.location_id, room: null, expected: null };
}

/** The name of an audit nobody named: when it began. */
export const defaultAuditName = (at: Date) => `Audit ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export type NewAudit = {
  companyId: number;
  /** What brings the reads: a device (a handheld, a Count screen, a fixed reader) or a file, by its SHA-256. */
  source: { deviceId: number; deviceName: string } | { fileName: string; importHash: string };
  /** The caller's id for the audit: the same one again finds the audit it made (the reader protocol's retries). */
  clientAuditId: string;
  name: string;
  place: AuditPlace;
  auditType: string | null;
  /** Who counted: the person who started it, or the owner of the Count screen's browser; null for a reader alone. */
  startedBy: { id: number; name: string } | null;
  /** A timed count (a fixed reader's) ends this many minutes after it starts. */
  durationMinutes?: number | null;
  /** The count plan it was started from, checked to be the company's. */
  planId?: number | null;
};

/**
 * The one way an audit begins, whatever brings its reads in (the reader protocol, the Count screen, a fixed
 * reader's count, a planned reader count, a recount, a file): the place is checked and planned (a Dutchie store's
 * snapshot fetched) first, then the audit, its reader's seat 0 and its expected stock are inserted in one
 * transaction, in which `within` runs too (a file's reads, a recount's lines). A reader already in another open count
 * is 409 naming it (participants.service.ts takeSeat: the database's unique index decides, whoever races). Undefined:
 * an audit with the same client id (or the same file) is already there.
 */
export async function createAudit(
  deps: IngestDeps,
  input: NewAudit,
  within?: (tx: Db, audit: { id: number; plan: AuditPlan }) => Promise<void>,
): Promise<{ id: number; plan: AuditPlan } | undefined> {
  const plan = await planAudit(deps, input.companyId, input.place);
  if (input.planId != null && !(await repo.planExists(deps.db, input.companyId, input.planId))) {
    throw notFound(COUNT_PLAN_MESSAGES.notFound);
  }
  const { source } = input;
  const made = await deps.db.transaction(async (tx) => {
    const id = await repo.insertAudit(tx, {
      companyId: input.companyId,
      deviceId: 'deviceId' in source ? source.deviceId : null,
      deviceName: 'deviceId' in source ? source.deviceName : source.fileName,
      importHash: 'importHash' in source ? source.importHash : null,
      clientAuditId: input.clientAuditId,
      name: input.name,
      locationId: plan.locationId,
      room: plan.room,
      expectedAsOf: plan.expected?.asOf ?? null,
      auditType: input.auditType,
      startedBy: input.startedBy?.id ?? null,
      startedByName: input.startedBy?.name ?? null,
      durationMinutes: input.durationMinutes ?? null,
      planId: input.planId ?? null,
      ...(deps.at && { createdAt: deps.at }),
    });
    if (id === undefined) return undefined;
    if ('deviceId' in source) {
      const reader = {
        companyId: input.companyId,
        auditId: id,
        ...source,
        person: input.startedBy,
        at: deps.at,
      };
      await takeSeat(tx, deps.clock, reader, true);
    }
    if (plan.expected) await repo.insertExpected(tx, input.companyId, id, plan.expected.rows);
    await within?.(tx, { id, plan });
    return { id, plan };
  });
  if (made) deps.metrics?.auditsStarted.inc();
  return made;
}

/**
 * The reader's part of the audit is done once its batches 0..batch_count-1 have all arrived (`'stored'`: the ones
 * it stored, a fixed reader's); the audit completes, reconciled in the same transaction, when no other participant
 * still counts (a count of one reader: at once, as before team counts). Completing again (or twice at once: the
 * second waits on the row lock) answers the same audit.
 */
export async function completeAudit(
  deps: IngestDeps,
  device: DeviceContext,
  auditId: number,
  batchCount: number | 'stored',
): Promise<TAudit> {
  await deps.db.transaction(async (tx) => {
    const audit = await repo.lockAudit(tx, device.companyId, device.deviceId, auditId, 'update', deps.clock);
    if (!audit) throw notFound(READER_MESSAGES.auditNotFound);
    if (audit.status === 'completed') return;
    if (audit.status === 'failed') throw conflict(READER_MESSAGES.auditFailed);
    if (!(await finishPart(tx, device, auditId, audit, batchCount, deps.at))) return;
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
  await moveOwnLegacyReads(tx, deps.reads, companyId, audit.id);
  await closeParticipations(tx, deps.clock, companyId, { auditId: audit.id, at: deps.at });
  // A receipt is set against its shipment's lines, not the place's stock (shipments' receipt.service.ts).
  const shipmentId = await receiptShipment(tx, companyId, audit.id);
  if (shipmentId !== undefined) {
    const { awaiting } = await completeReceipt(tx, companyId, audit.id, shipmentId, performer, deps.at);
    await deps.hooks.completed({
      tx,
      clock: deps.clock,
      companyId,
      auditId: audit.id,
      at: deps.at,
      receipt: { awaiting },
    });
    deps.metrics?.auditsCompleted.inc();
    return getAudit(tx, companyId, audit.id, deps.clock);
  }
  if (audit.expectedAsOf) {
    const counted = { id: audit.id, expectedAsOf: audit.expectedAsOf };
    await salesDuringCount(tx, deps.dutchie, companyId, counted, deps.at);
  }
  const expected: ExpectedStock = audit.expectedAsOf
    ? { from: 'snapshot' }
    : {
        from: 'catalogue',
        locationId: audit.locationId,
        isRecount: (await repo.recountOf(tx, companyId, audit.id)) !== null,
      };
  const endTimer = deps.metrics?.reconcileDuration.startTimer();
  await reconcile(tx, { companyId, auditId: audit.id, expected, at: deps.at });
  endTimer?.();
  deps.metrics?.auditsCompleted.inc();
  const done = await getAudit(tx, companyId, audit.id, deps.clock);
  await recordActivity(tx, {
    companyId,
    performer,
    action: 'audit.complete',
    type: 'audit',
    message: `${performer.name} completed ${done.name}: ${formatCount(done.tags_found)}/${formatCount(done.tags_expected)} tags found, ${formatCount(done.discrepancies_count)} discrepancies, accuracy ${done.accuracy === null ? 'not known' : formatPercent(done.accuracy)}`,
    metadata: { auditId: audit.id, accuracy: done.accuracy, discrepancies: done.discrepancies_count },
    at: deps.at,
  });
  await recordAuditCompleted(tx, companyId, done, deps.at);
  await deps.hooks.completed({ tx, clock: deps.clock, companyId, auditId: audit.id, at: deps.at });
  return done;
}
