import type { z } from 'zod';
import type { LockName } from '../db/advisory-locks.ts';

/**
 * The two kinds of background work, each declared once (the list of them is jobs/registry.ts), and everything else
 * derived from the declaration: the pg-boss queue and its lease, the scheduler's task, the depth and attempt metrics,
 * the clean-up, the re-queueing of records left without a job.
 *
 * - A **job kind** (defineJob): work queued in the transaction that causes it, as a pg-boss job carrying the key of
 *   a row of the kind's table (the record: what it is, its attempts, how it ended), fetched with SKIP LOCKED under a
 *   lease derived from the kind's worst case.
 * - A **sweep** (defineSweep): periodic work found by looking (timed-out audits, overdue counts...), run by one
 *   instance at a time under its advisory lock, one unit (a company, an audit) per transaction, within a time budget.
 *
 * Where pg-boss's own grain is used, and where ours is kept instead:
 * - pg-boss's **queues, claims and leases** carry every job kind; its maintenance retakes a lapsed lease.
 * - Its **retries** are used only for a lapsed lease (due again at once, however often: boss.ts). A failed attempt is
 *   tried again on the kind's own schedule (`retryDelaysMs`: Standard Webhooks' 5 s ... 10 h for webhooks,
 *   MAIL_RETRY_SECONDS for mail), a list pg-boss's constant or doubling delay cannot express; and pg-boss counts a
 *   lapsed lease as a retry, so its giving up would leave a record neither done nor given up.
 * - Its **schedule** (cron) is not used: its grain is a minute and it sends a job per tick, while our sweeps run every
 *   15 to 30 s (the queues' polls every 250 ms), tests and the demo run them on demand (JobScheduler.drain), and a run
 *   must exclude the same sweep of an instance on the build before, which took the same advisory lock. The sweeps
 *   keep an advisory lock (db/advisory-locks.ts) and a timer per instance instead.
 */

/** How often each task looks for work, and what the clean-up keeps: built from the config in jobs/background.ts. */
export type WorkerOptions = {
  /** How often the queues (events to hand on, webhook messages, mail) are looked at. */
  pollMs: number;
  /** How often readers gone quiet, timed-out audits and overdue counts are looked for. */
  sweepMs: number;
  /** How often due digests are looked for. */
  digestMs: number;
  /** How often the reads storage job runs (partitions ahead, legacy reads moved, retention). */
  readsMs: number;
  /** READS_RETENTION_DAYS. */
  readsRetentionDays: number;
  /** How often Dutchie stores due a background refresh are looked for (DUTCHIE_BACKGROUND_REFRESH_SECONDS). */
  dutchieMs: number;
  /** How often timed counts whose end has passed are finished, and planned reader counts started. */
  dueCountsMs: number;
  /** How often finished jobs, dispatched events and the webhook log past their period are deleted. */
  retentionMs: number;
  /** How often records left without a pg-boss job are queued again (and once at start). */
  requeueMs: number;
  retention: RetentionDays;
  /** The tasks this instance runs (all unless said: a test runs only what it is about); checked against the registry. */
  tasks?: readonly string[];
};

/** Days finished work is kept (JOBS_RETENTION_DAYS, WEBHOOK_LOG_RETENTION_DAYS); 0 keeps it for good. */
export type RetentionDays = { jobsDays: number; webhookLogDays: number };

/** The settings a kind's finished records are kept by. */
export type RetentionSetting = 'JOBS_RETENTION_DAYS' | 'WEBHOOK_LOG_RETENTION_DAYS';

/**
 * A kind's record table as the generic SQL of jobs/records.repo.ts reads and writes it (column names only: the
 * statements are built there, matched to the tables' partial indexes).
 */
export type JobRecord = {
  table: string;
  /** Its key is (company_id, id); false: id alone (a person's account mail has no company). */
  isCompanyKeyed: boolean;
  /** When its next attempt is due: the start of its job when one is queued again. */
  dueAt: string;
  /**
   * How a row says it is finished: a time it was done (and one it was given up, if it can be), null while pending;
   * or a status column with its pending, done and failed values and the time its age is counted from.
   */
  finished:
    | { doneAt: string; failedAt?: string }
    | { status: string; pending: string; done: string; failed: string; since: string };
  /** A pending row that waits without a job on purpose: a webhook message while its endpoint is switched off. */
  heldAt?: string;
  /** Kept while a pending record of another kind points at it (an event while its webhook messages wait). */
  keptWhilePending?: { kind: JobKind<never>; by: string };
  /** Its rows have an `attempts` column, counted by recordOutcome. */
  hasAttempts: boolean;
};

/**
 * A kind of queued work, declared once with defineJob. `D` is what its handler needs (the scheduler's deps); its
 * functions are methods, so a kind of any deps is a `JobKind<never>` where only its data is read.
 */
export type JobKind<D> = {
  /** Its pg-boss queue, its task in the scheduler, and its `kind` label in the metrics: one name. */
  name: string;
  record: JobRecord;
  /** What one job's record carries, checked before it is worked on. */
  payload: z.ZodType;
  /** How many one claim takes. */
  batch: number;
  /** Whether a claim's jobs run side by side (one worst case for the claim) or one after another (batch of them). */
  isParallel: boolean;
  /** The waits between attempts after the first; past the last, the job is given up. */
  retryDelaysMs: readonly number[];
  /** The settings its finished records are kept by: the longest of them (0 in any: kept for good). */
  retention: readonly RetentionSetting[];
  /** One attempt's whole time-out (every network call in it has one), from which its lease is derived; 0: none. */
  attemptTimeoutMs(deps: D): number;
  /** How often its queue is looked at when the last look found nothing. */
  every: (o: WorkerOptions) => number;
  /** Takes and works a claim of its jobs; answers how many it took (some: it looks again at once). */
  handler(deps: D, kind: JobKind<D>): Promise<number>;
  /** Kinds whose tasks look at once when this one took some (they were just queued work). */
  wakes?: readonly string[];
};

/** Declares a job kind: the one place its queue, record, handler, time-out, retention and interval are named. */
export function defineJob<D>(kind: JobKind<D>): JobKind<D> {
  return kind;
}

/** A sweep's declaration. `U` is its unit of work (a company, an audit...), each worked in its own transaction. */
export type SweepSpec<D, U> = {
  /** Its task in the scheduler and its `sweep` label in the metrics. */
  name: string;
  /** The advisory lock it runs under (db/advisory-locks.ts), with the second int of the two-int form when it takes one. */
  lock: { key: LockName; sub?: number };
  every: (o: WorkerOptions) => number;
  /** Up to `limit` units due as of `now`, read outside any transaction (an index, not a recomputation). */
  due: (deps: D, now: Date, limit: number) => Promise<U[]>;
  /** Works one unit (its own transaction or transactions): true when it left more to do. Throws to fail it. */
  work: (deps: D, unit: U, now: Date) => Promise<unknown>;
  /** What a log line names of a unit. */
  describe: (unit: U) => Record<string, unknown>;
  /** How long one run may work before it leaves the rest to the next (default SWEEP_BUDGET_MS). */
  budgetMs?: number;
};

/** A declared sweep, its unit type erased (the scheduler runs them alike). */
export type Sweep<D> = {
  name: string;
  lock: { key: LockName; sub?: number };
  every: (o: WorkerOptions) => number;
  due(deps: D, now: Date, limit: number): Promise<unknown[]>;
  work(deps: D, unit: unknown, now: Date): Promise<unknown>;
  describe(unit: unknown): Record<string, unknown>;
  budgetMs?: number;
};

/** Declares a sweep: the one place its lock, interval, units and work are named. */
export function defineSweep<D, U>(sweep: SweepSpec<D, U>): Sweep<D> {
  return sweep as unknown as Sweep<D>;
}

/** Added to every lease beyond the declared worst case: the database round trips around the work. */
const LEASE_MARGIN_MS = 30_000;

/**
 * The lease of one claim, in whole seconds: the worst case of the attempts it holds (one whole-attempt time-out when
 * they run side by side, one per job when one after another) plus a margin for the database work around them.
 */
export function leaseSeconds(kind: JobKind<never>, attemptTimeoutMs: number): number {
  const worstMs = (kind.isParallel ? 1 : kind.batch) * attemptTimeoutMs;
  return Math.ceil((worstMs + LEASE_MARGIN_MS) / 1000);
}

/** The wait before attempt `attempts + 1`, or null when the kind gives up after `attempts`. */
export function retryDelay(
  kind: JobKind<never>,
  attempts: number,
  delaysMs?: readonly number[],
): number | null {
  return (delaysMs ?? kind.retryDelaysMs)[attempts - 1] ?? null;
}

/** The deps every kind and sweep of a list needs together. */
export type DepsOf<T> = T extends JobKind<infer D> ? D : T extends Sweep<infer D> ? D : never;
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type DepsOfAll<T extends readonly unknown[]> = Intersect<DepsOf<T[number]>>;
