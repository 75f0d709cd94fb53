import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { forgetSightingsBefore } from '../zones/sightings.service.ts';
import * as repo from './reads-storage.repo.ts';

export type ReadStorageDeps = {
  db: Db;
  clock: AuditClock;
  /** READS_RETENTION_DAYS: raw reads are kept this long after they are stored; 0 keeps them forever. */
  retentionDays: number;
  /** The time retention is measured from (tests); now by default. */
  now?: () => Date;
};

export type ReadStorageRun = {
  /** Audits whose legacy reads moved in this run, and how many reads. */
  auditsMoved: number;
  readsMoved: number;
  /** Month partitions dropped by retention. */
  dropped: string[];
  /** More legacy reads wait: run again at once. */
  hasMore: boolean;
};

/** How long one run moves legacy reads before it hands back (it is run again at once while any are left). */
const MOVE_BUDGET_MS = 2_000;

/**
 * The reads storage job, run by every instance's background worker; everything it does is idempotent and under
 * advisory locks, so with several instances each step is done once:
 * 1. this month's and next month's partitions exist;
 * 2. reads stored before 0019_read_storage (audit_reads_legacy) move into audit_reads audit by audit, one audit a
 *    transaction, completed audits compacted into audit_tags as they go; the emptied table is dropped;
 * 3. retention: once nothing is left to move, month partitions whose whole month is older than the retention
 *    period are dropped, except a month that may hold reads of an audit still in progress (one started before the
 *    month ended): it waits for that audit's end.
 */
export async function maintainReadStorage(deps: ReadStorageDeps): Promise<ReadStorageRun> {
  const run: ReadStorageRun = { auditsMoved: 0, readsMoved: 0, dropped: [], hasMore: false };
  await repo.createPartitionsAhead(deps.db);
  if (await repo.hasLegacyTable(deps.db)) {
    run.hasMore = await moveLegacyReads(deps.db, run);
    if (run.hasMore || (await repo.hasLegacyTable(deps.db))) return run;
  }
  run.dropped = await applyRetention(deps);
  return run;
}

/** Moves legacy reads for up to MOVE_BUDGET_MS; true when some are left. */
async function moveLegacyReads(db: Db, run: ReadStorageRun): Promise<boolean> {
  const until = Date.now() + MOVE_BUDGET_MS;
  while (Date.now() < until) {
    const step = await db.transaction(async (tx) => {
      if (!(await repo.tryLock(tx, 'legacyMove'))) return 'busy' as const;
      const auditId = await repo.nextLegacyAudit(tx);
      if (auditId === undefined)
        return (await repo.dropLegacyTable(tx)) ? ('done' as const) : ('busy' as const);
      run.readsMoved += await repo.moveLegacyAudit(tx, auditId);
      run.auditsMoved++;
      return 'moved' as const;
    });
    // Another instance is moving (or a completion holds the table): it carries on; this one looks again later.
    if (step !== 'moved') return false;
  }
  return true;
}

/** Drops the expired month partitions (none while READS_RETENTION_DAYS is 0). */
async function applyRetention(deps: ReadStorageDeps): Promise<string[]> {
  if (deps.retentionDays === 0) return [];
  const cutoff = (deps.now?.() ?? new Date()).getTime() - deps.retentionDays * 86_400_000;
  // Where tags were last seen is kept as long as the raw reads (issue 52).
  await forgetSightingsBefore(deps.db, new Date(cutoff));
  const expired = (await repo.readPartitions(deps.db)).filter((p) => p.end.getTime() <= cutoff);
  const dropped: string[] = [];
  for (const partition of expired) {
    const isDropped = await deps.db.transaction(async (tx) => {
      if (!(await repo.tryLock(tx, 'retention'))) return false;
      // Another instance may have dropped it between the listing and the lock.
      if (!(await repo.readPartitions(tx)).some((p) => p.name === partition.name)) return false;
      if (await repo.holdsOpenAudit(tx, partition, deps.clock)) return false;
      await repo.dropPartition(tx, partition.name);
      return true;
    });
    if (isDropped) dropped.push(partition.name);
  }
  return dropped;
}
