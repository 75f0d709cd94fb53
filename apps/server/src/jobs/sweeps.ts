import type { FastifyBaseLogger } from 'fastify';
import type { AlertDeps } from '../modules/alerts/alert-deps.ts';
import { dueDigestPeople, sendDigest } from '../modules/alerts/digest.service.ts';
import type { AuditClock } from '../modules/audits/audit-status.ts';
import { tellOverdue } from '../modules/count-plans/overdue.ts';
import {
  overdueCompanies,
  readerDueCompanies,
  refreshPlanPlaces,
  staleCompanies,
} from '../modules/count-plans/plan-places.ts';
import { startCompanyReaderCounts } from '../modules/count-plans/planned-readers.ts';
import {
  OFFLINE_BATCH,
  quietReaderCompanies,
  recordOfflineDevices,
} from '../modules/devices/device-alerts.ts';
import type { DutchieContext } from '../modules/dutchie/dutchie-context.ts';
import { BACKGROUND_BATCH, refreshStoresInBackground } from '../modules/dutchie/dutchie-snapshot.ts';
import {
  recordTimedOutAudits,
  TIMED_OUT_BATCH,
  timedOutAuditCompanies,
} from '../modules/ingest/audit-events.ts';
import type { IngestDeps } from '../modules/ingest/audit-lifecycle.service.ts';
import { maintainReadStorage } from '../modules/ingest/reads-storage.service.ts';
import { type DueAudit, dueAudits, finishDueAudit } from '../modules/ingest/webhook-batches.service.ts';
import { dueMetrcCompanies, SYNC_BATCH, syncCompany } from '../modules/metrc/metrc-sync.service.ts';
import { defineSweep, type JobKind, type RetentionDays } from './define-job.ts';
import { JOB_KINDS } from './kinds.ts';
import { REQUEUE_BATCH, requeueRecords } from './requeue.ts';
import { deleteExpiredOf, kindsToClean } from './retention.ts';

/** What the sweeps need: the database and the parts of the app their work runs with. */
export type SweepDeps = AlertDeps & {
  clock: AuditClock;
  dutchie: DutchieContext;
  ingest: IngestDeps;
  log: FastifyBaseLogger;
  retention: RetentionDays;
  /** READS_RETENTION_DAYS. */
  readsRetentionDays: number;
};

const company = (companyId: number) => ({ company_id: companyId });
/** A sweep whose one unit is a whole pass of work that bounds itself (its own batches and locks). */
const ONE_PASS = async (): Promise<'pass'[]> => ['pass'];

/**
 * Every periodic sweep, each declared once (defineSweep: its name is its task and its `sweep` metric label). Each
 * runs on one instance at a time under its lock, works one unit (a company, an audit, a kind) per transaction within
 * the sweep's time budget, and a unit that fails is logged and counted (quantics_sweep_units_total{result="failure"})
 * and tried again at the next run. A new sweep is a declaration here, its lock in db/advisory-locks.ts and its work in its module.
 */
export const SWEEPS = [
  defineSweep<SweepDeps, JobKind<never>>({
    name: 'requeue',
    lock: { key: 'requeue' },
    every: (o) => o.requeueMs,
    due: async () => [...JOB_KINDS],
    work: async (d, kind) => {
      const n = await requeueRecords(d.db, kind);
      if (n > 0) {
        d.log.warn({ kind: kind.name, records: n }, 'records without a pg-boss job queued again');
        d.metrics?.jobsRequeued.inc({ kind: kind.name }, n);
      }
      return n === REQUEUE_BATCH;
    },
    describe: (kind) => ({ kind: kind.name }),
  }),
  defineSweep<SweepDeps, number>({
    name: 'offline-readers',
    lock: { key: 'offlineReaders' },
    every: (o) => o.sweepMs,
    due: (d, _now, limit) => quietReaderCompanies(d.db, limit),
    work: async (d, companyId) => (await recordOfflineDevices(d.db, companyId)) === OFFLINE_BATCH,
    describe: company,
  }),
  defineSweep<SweepDeps, number>({
    name: 'timed-out-audits',
    lock: { key: 'timedOutAudits' },
    every: (o) => o.sweepMs,
    due: (d, _now, limit) => timedOutAuditCompanies(d.db, d.clock, limit),
    work: async (d, companyId) => {
      const failed = await recordTimedOutAudits(d.db, d.clock, companyId);
      d.metrics?.auditsFailed.inc(failed);
      return failed === TIMED_OUT_BATCH;
    },
    describe: company,
  }),
  defineSweep<SweepDeps, number>({
    name: 'plan-places',
    lock: { key: 'planPlaces' },
    every: (o) => o.sweepMs,
    due: (d, now, limit) => staleCompanies(d.db, now, limit),
    work: (d, companyId) => refreshPlanPlaces(d.db, companyId),
    describe: company,
  }),
  defineSweep<SweepDeps, number>({
    name: 'overdue-counts',
    lock: { key: 'overdueCounts' },
    every: (o) => o.sweepMs,
    due: (d, now, limit) => overdueCompanies(d.db, now, limit),
    work: (d, companyId, now) => tellOverdue(d.db, companyId, now),
    describe: company,
  }),
  // Timed counts (a fixed reader's) finish when their end has passed: on the next read of them, and here.
  defineSweep<SweepDeps, DueAudit>({
    name: 'due-counts',
    lock: { key: 'dueCounts', sub: 0 },
    every: (o) => o.dueCountsMs,
    due: (d, _now, limit) => dueAudits(d.ingest, null, limit),
    work: (d, audit) => finishDueAudit(d.ingest, audit),
    describe: (a) => ({ company_id: a.companyId, audit_id: a.id }),
  }),
  // The fixed readers' planned counts that are due start, once each (count-plans/planned-readers.ts).
  defineSweep<SweepDeps, number>({
    name: 'planned-reader-counts',
    lock: { key: 'plannedReaderCounts' },
    every: (o) => o.dueCountsMs,
    due: (d, now, limit) => readerDueCompanies(d.db, now, limit),
    work: (d, companyId, now) => startCompanyReaderCounts(d.ingest, companyId, now),
    describe: company,
  }),
  defineSweep<SweepDeps, { user_id: number; company_id: number }>({
    name: 'digests',
    lock: { key: 'digests' },
    every: (o) => o.digestMs,
    due: (d, _now, limit) => dueDigestPeople(d.db, limit),
    work: (d, person) => sendDigest(d, person),
    describe: (p) => p,
  }),
  // Partitions ahead, legacy reads moved audit by audit (its own budget and step locks), expired months dropped.
  defineSweep<SweepDeps, 'pass'>({
    name: 'reads',
    lock: { key: 'readsStorage', sub: 1 },
    every: (o) => o.readsMs,
    due: ONE_PASS,
    work: async (d) => {
      const run = await maintainReadStorage({
        db: d.db,
        clock: d.clock,
        retentionDays: d.readsRetentionDays,
      });
      if (run.auditsMoved > 0)
        d.log.info({ audits: run.auditsMoved, reads: run.readsMoved }, 'legacy reads moved');
      if (run.dropped.length > 0) d.log.info({ partitions: run.dropped }, 'expired reads dropped');
      return run.hasMore;
    },
    describe: () => ({}),
  }),
  // Dutchie stores nobody looks at, read again so their stock events are told (a few stores a run, each under its
  // cache row's lease; a store that fails is logged and left to its backoff there).
  defineSweep<SweepDeps, 'pass'>({
    name: 'dutchie-refresh',
    lock: { key: 'dutchieRefresh' },
    every: (o) => o.dutchieMs,
    due: ONE_PASS,
    work: async (d) => (await refreshStoresInBackground(d.dutchie)) === BACKGROUND_BATCH,
    describe: () => ({}),
  }),
  // Dutchie companies' incoming Metrc manifests read into expected shipments, each company when its time comes
  // (METRC_SYNC_SECONDS; later after a 429 or an outage, not at all while its key is refused): modules/metrc.
  defineSweep<SweepDeps, number>({
    name: 'metrc-sync',
    lock: { key: 'metrcSync' },
    every: (o) => o.dutchieMs,
    due: (d, now, limit) => dueMetrcCompanies(d.dutchie, now, Math.min(limit, SYNC_BATCH)),
    work: async (d, companyId, now) => {
      await syncCompany(d.dutchie, companyId, now);
      return false;
    },
    describe: company,
  }),
  // Finished jobs, handed-on events and the webhook log past their periods, in short batches (retention.ts).
  defineSweep<SweepDeps, JobKind<never>>({
    name: 'retention',
    lock: { key: 'retention' },
    every: (o) => o.retentionMs,
    due: async (d) => kindsToClean(d.retention),
    work: async (d, kind) => {
      const run = await deleteExpiredOf(d.db, kind, d.retention);
      if (run.deleted > 0)
        d.log.info(
          { table: kind.record.table, deleted: run.deleted },
          'finished work past retention deleted',
        );
      return run.hasMore;
    },
    describe: (kind) => ({ kind: kind.name }),
  }),
] as const;
