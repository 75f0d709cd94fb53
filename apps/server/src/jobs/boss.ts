import PgBoss from 'pg-boss';
import { type BossDb, bossDb } from '../db/boss-db.ts';
import type { Database, Db } from '../db/client.ts';
import { type JobKind, leaseSeconds } from './define-job.ts';

/** pg-boss's maintenance (lapsed leases taken back, finished jobs archived and deleted) runs this often. */
export const BOSS_MAINTENANCE_SECONDS = 30;

export type BossOptions = {
  /**
   * Every kind (jobs/kinds.ts) with its whole-attempt time-out (the SMTP send's, the webhook POST's), from which its
   * queue's lease is derived.
   */
  queues: readonly { kind: JobKind<never>; attemptTimeoutMs: number }[];
  /** Days a finished pg-boss job is kept in its archive (JOBS_RETENTION_DAYS; 0 keeps it the longest pg-boss can). */
  jobsDays: number;
  /** Whether this instance runs pg-boss's maintenance (an instance with its background work on does). */
  supervise: boolean;
  /** Where pg-boss's own errors go (its maintenance's: a database away for a moment). */
  onError: (err: Error) => void;
};

/**
 * pg-boss on the app's own database connection. Its schema is one of our migrations (drizzle/0031_pgboss.sql, made
 * by scripts/pgboss-migration.mjs), so `migrate: false`: start() only checks it is the version the library expects.
 * Cron schedules are off (the periodic tasks are JobScheduler's sweeps: why, in define-job.ts); the queues' options
 * are set from their kinds at every start, so a changed time-out changes the lease.
 */
export async function startBoss(database: Database, opts: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDb(database.db, database.exec),
    migrate: false,
    schedule: false,
    supervise: opts.supervise,
    maintenanceIntervalSeconds: BOSS_MAINTENANCE_SECONDS,
    // Finished jobs move to pgboss.archive an hour after they finish; the archive keeps them for JOBS_RETENTION_DAYS.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: opts.jobsDays > 0 ? opts.jobsDays : 36_500,
  });
  boss.on('error', opts.onError);
  await boss.start();
  for (const { kind, attemptTimeoutMs } of opts.queues) {
    // Made here for a new kind (an insert that finds it there when a migration or another instance made it).
    await boss.createQueue(kind.name, queueOptions(kind, attemptTimeoutMs));
    await boss.updateQueue(kind.name, queueOptions(kind, attemptTimeoutMs));
  }
  return boss;
}

/** Lapsed leases a job is taken back after: as good as for ever, as the queues' own claim did. */
export const LAPSED_LEASE_RETRIES = 1_000_000;

/**
 * A queue's pg-boss options from its kind. The lease (`expireInSeconds`) is the kind's worst case; a job whose
 * lease lapsed (its instance died mid-attempt) is taken back by the maintenance and due again at once (retryDelay 0),
 * however many times that happens (LAPSED_LEASE_RETRIES): pg-boss's retries here are only lapsed leases, and a job
 * pg-boss gave up on would leave its e-mail or message neither sent nor given up (jobs/requeue would queue it again).
 * A failed attempt is retried on the kind's own schedule instead (queue.repo.ts recordOutcome; why, in define-job.ts).
 */
function queueOptions(kind: JobKind<never>, attemptTimeoutMs: number): PgBoss.Queue {
  return {
    name: kind.name,
    policy: 'standard',
    expireInSeconds: leaseSeconds(kind, attemptTimeoutMs),
    retryLimit: LAPSED_LEASE_RETRIES,
    retryDelay: 0,
    retryBackoff: false,
  };
}

/** pg-boss for one call in the caller's transaction (`insert`, `complete`): nothing of it is started or kept. */
export function bossIn(tx: Db): { boss: PgBoss; db: BossDb } {
  const db = bossDb(tx);
  return { boss: new PgBoss({ db }), db };
}
