import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { bossDb } from '../db/boss-db.ts';
import type { Db } from '../db/client.ts';
import { sqlArray, unnestRows } from '../db/sql-arrays.ts';
import { bossIn } from './boss.ts';
import type { JobKind } from './define-job.ts';
import { finishJob, type JobKey, type JobOutcome, pending, writeOutcome } from './records.repo.ts';

export type { JobKey, JobOutcome } from './records.repo.ts';

/**
 * The records' side of pg-boss's jobs (each kind declared with defineJob): a job's data is the key of a row of its
 * kind's table, and this file is where jobs are queued with their records and where the rows learn how their jobs'
 * attempts ended. Claims, leases and lapsed leases are pg-boss's (fetch, complete, its maintenance); the kinds' own
 * retry schedules are written here.
 */

type AnyKind = JobKind<never>;

/** A pg-boss job's data for a record's key. */
const jobData = (k: JobKey) =>
  k.company_id === null ? { id: k.id } : { company_id: k.company_id, id: k.id };

/** A pg-boss job's data read back as a record's key. */
function jobKey(data: unknown): JobKey {
  const d = data as { company_id?: unknown; id?: unknown };
  return { company_id: d.company_id == null ? null : Number(d.company_id), id: Number(d.id) };
}

/**
 * Queues one job of a kind per key in the caller's transaction (the records are written in it too), so they run if
 * and only if it commits. `startAfter`: a delay in ms for all, or when each is due.
 */
export async function queueJobs(
  tx: Db,
  kind: AnyKind,
  keys: (JobKey & { dueAt?: Date })[],
  startAfterMs?: number,
): Promise<void> {
  if (keys.length === 0) return;
  const { boss, db } = bossIn(tx);
  await boss.insert(
    keys.map((k) => ({
      name: kind.name,
      data: jobData(k),
      ...(startAfterMs !== undefined && { startAfter: `${startAfterMs} milliseconds` }),
      ...(k.dueAt && { startAfter: k.dueAt.toISOString() }),
    })),
    { db },
  );
}

/**
 * Records how an attempt of a pg-boss job ended, in the caller's transaction with pg-boss's own finish: the record
 * counts the attempt and says done or given up; the job is completed, and a failed attempt with a retry left is a new
 * job due after the kind's wait (the kind's schedule, not pg-boss's: see define-job.ts). A crash before this commits
 * leaves the job active until its lease lapses, when pg-boss makes it due again.
 */
export async function recordOutcome(
  tx: Db,
  boss: PgBoss,
  kind: AnyKind,
  job: { bossId: string } & JobKey,
  outcome: JobOutcome,
): Promise<void> {
  await writeOutcome(tx, kind, job, outcome);
  await finishJob(tx, boss, kind, job.bossId, outcome);
  if (outcome.result === 'retry') await queueJobs(tx, kind, [job], outcome.retryInMs);
}

/** Completes jobs in the caller's transaction: their work done there, or nothing left to do (record finished, gone). */
export async function completeJobs(tx: Db, boss: PgBoss, kind: AnyKind, bossIds: string[]): Promise<void> {
  if (bossIds.length === 0) return;
  // pg-boss 10 takes a list of ids where its types say one; its options come after the output (its types' overload
  // with the options third would pass them as the output and run outside this transaction).
  await boss.complete(kind.name, bossIds as unknown as string, {}, { db: bossDb(tx) });
}

/**
 * Fetches up to `limit` due jobs of a kind (SKIP LOCKED), each with its record's key: leased for the kind's worst
 * case, or, in the caller's transaction `tx`, held by it (a rollback leaves them due).
 */
export async function fetchJobs(
  boss: PgBoss,
  kind: AnyKind,
  limit: number,
  tx?: Db,
): Promise<{ bossId: string; key: JobKey }[]> {
  const jobs = await boss.fetch(kind.name, { batchSize: limit, ...(tx && { db: bossDb(tx) }) });
  return jobs.map((j) => ({ bossId: j.id, key: jobKey(j.data) }));
}

/** The key of a mail's record. */
export type MailKey = JobKey;

/** A mail's record for the pg-boss job that carries it: still to send (neither sent nor given up). */
export type MailRecord = MailKey & { attempts: number; message: unknown };

/** The records of the e-mails whose pg-boss jobs this instance fetched, those still to send. */
export async function mailRecords(db: Db, kind: AnyKind, keys: MailKey[]): Promise<MailRecord[]> {
  if (keys.length === 0) return [];
  const r = kind.record;
  const table = sql.identifier(r.table);
  const res = r.isCompanyKeyed
    ? await db.execute<MailRecord>(sql`
          select t.company_id, t.id::int as id, t.attempts, t.message
          from ${table} t join ${unnestRows(
            keys.map((k) => ({ company_id: k.company_id, id: k.id })),
            { company_id: 'int', id: 'int' },
          )} on t.company_id = r.company_id and t.id = r.id
          where ${pending(r)}`)
    : await db.execute<MailRecord>(sql`
          select null::int as company_id, t.id::int as id, t.attempts, t.message from ${table} t
          where t.id = any(${sqlArray(
            keys.map((k) => k.id),
            'int',
          )}) and ${pending(r)}`);
  return res.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    company_id: row.company_id === null ? null : Number(row.company_id),
  }));
}

/** Records a mail's attempt and finishes its pg-boss job, in one transaction (recordOutcome). */
export async function finishBossJob(
  db: Db,
  boss: PgBoss,
  kind: AnyKind,
  job: { bossId: string } & MailKey,
  outcome: JobOutcome,
): Promise<void> {
  await db.transaction((tx) => recordOutcome(tx, boss, kind, job, outcome));
}
