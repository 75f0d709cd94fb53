import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { bossDb } from '../db/boss-db.ts';
import type { Db } from '../db/client.ts';
import { sqlArray, unnestRows } from '../db/sql-arrays.ts';
import { bossIn } from './boss.ts';
import { JOB_KINDS, type JobKindName } from './kinds.ts';

/**
 * The records of pg-boss's jobs (JOB_KINDS in kinds.ts): each job's data is the key of a row of its kind's table,
 * and this file is where the rows learn how their jobs' attempts ended. Claims, leases and lapsed leases are
 * pg-boss's (fetch, complete, its maintenance); the kinds' own retry schedules are written here.
 */

/** How an attempt ended: done, given up, or due again after `retryInMs`. */
export type JobOutcome = { result: 'done' } | { result: 'failed' } | { result: 'retry'; retryInMs: number };

/** The key of a job's record (company and id; account_mail_jobs has no company: null), its pg-boss job's data. */
export type JobKey = { company_id: number | null; id: number };

/** The kinds whose jobs' attempts are recorded on their rows (an event's dispatch ends in its own transaction). */
type RecordedKind = Exclude<JobKindName, 'event-dispatch'>;

/** How a kind's row says it is done, given up, and when its next attempt is due. */
const RECORDS: Record<RecordedKind, { done: SQL; failed: SQL; runAt: SQL }> = {
  'account-mail': { done: sql`sent_at = now()`, failed: sql`failed_at = now()`, runAt: sql`run_at` },
  'alert-mail': { done: sql`sent_at = now()`, failed: sql`failed_at = now()`, runAt: sql`run_at` },
  'webhook-delivery': {
    done: sql`status = 'delivered'`,
    failed: sql`status = 'failed'`,
    runAt: sql`next_attempt_at`,
  },
};

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
 * and only if it commits; `startAfterMs` delays them.
 */
export async function queueJobs(
  tx: Db,
  kind: JobKindName,
  keys: JobKey[],
  startAfterMs?: number,
): Promise<void> {
  if (keys.length === 0) return;
  const { boss, db } = bossIn(tx);
  await boss.insert(
    keys.map((k) => ({
      name: kind,
      data: jobData(k),
      ...(startAfterMs !== undefined && { startAfter: `${startAfterMs} milliseconds` }),
    })),
    { db },
  );
}

/**
 * Records how an attempt of a pg-boss job ended, in the caller's transaction with pg-boss's own finish: the record
 * counts the attempt and says done or given up; the job is completed, and a failed attempt with a retry left is a new
 * job due after the kind's wait (the kind's schedule, not pg-boss's constant or doubling one). A crash before this
 * commits leaves the job active until its lease lapses, when pg-boss makes it due again.
 */
export async function recordOutcome(
  tx: Db,
  boss: PgBoss,
  kind: RecordedKind,
  job: { bossId: string } & JobKey,
  outcome: JobOutcome,
): Promise<void> {
  const r = RECORDS[kind];
  const table = sql.identifier(JOB_KINDS[kind].table);
  const key =
    job.company_id === null ? sql`id = ${job.id}` : sql`company_id = ${job.company_id} and id = ${job.id}`;
  const set =
    outcome.result === 'done'
      ? r.done
      : outcome.result === 'failed'
        ? r.failed
        : sql`${r.runAt} = now() + ${outcome.retryInMs}::int * interval '1 millisecond'`;
  await tx.execute(sql`update ${table} set ${set}, attempts = attempts + 1 where ${key}`);
  await boss.complete(kind, job.bossId, { result: outcome.result }, { db: bossDb(tx) });
  if (outcome.result === 'retry') await queueJobs(tx, kind, [job], outcome.retryInMs);
}

/** Completes jobs in the caller's transaction: their work done there, or nothing left to do (record finished, gone). */
export async function completeJobs(
  tx: Db,
  boss: PgBoss,
  kind: JobKindName,
  bossIds: string[],
): Promise<void> {
  if (bossIds.length === 0) return;
  // pg-boss 10 takes a list of ids where its types say one; its options come after the output (its types' overload
  // with the options third would pass them as the output and run outside this transaction).
  await boss.complete(kind, bossIds as unknown as string, {}, { db: bossDb(tx) });
}

/**
 * Fetches up to `limit` due jobs of a kind (SKIP LOCKED), each with its record's key: leased for the kind's worst
 * case, or, in the caller's transaction `tx`, held by it (a rollback leaves them due).
 */
export async function fetchJobs(
  boss: PgBoss,
  kind: JobKindName,
  limit: number,
  tx?: Db,
): Promise<{ bossId: string; key: JobKey }[]> {
  const jobs = await boss.fetch(kind, { batchSize: limit, ...(tx && { db: bossDb(tx) }) });
  return jobs.map((j) => ({ bossId: j.id, key: jobKey(j.data) }));
}

/** The key of a mail's record. */
export type MailKey = JobKey;

/** A mail's record for the pg-boss job that carries it: still to send (neither sent nor given up). */
export type MailRecord = MailKey & { attempts: number; message: unknown };

/** The records of the e-mails whose pg-boss jobs this instance fetched, those still to send. */
export async function mailRecords(
  db: Db,
  kind: 'account-mail' | 'alert-mail',
  keys: MailKey[],
): Promise<MailRecord[]> {
  if (keys.length === 0) return [];
  const res =
    kind === 'account-mail'
      ? await db.execute<MailRecord>(sql`
          select null::int as company_id, id::int as id, attempts, message from account_mail_jobs
          where id = any(${sqlArray(
            keys.map((k) => k.id),
            'int',
          )}) and sent_at is null and failed_at is null`)
      : await db.execute<MailRecord>(sql`
          select t.company_id, t.id::int as id, t.attempts, t.message
          from mail_jobs t join ${unnestRows(
            keys.map((k) => ({ company_id: k.company_id, id: k.id })),
            { company_id: 'int', id: 'int' },
          )} on t.company_id = r.company_id and t.id = r.id
          where t.sent_at is null and t.failed_at is null`);
  return res.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    company_id: r.company_id === null ? null : Number(r.company_id),
  }));
}

/** Records a mail's attempt and finishes its pg-boss job, in one transaction (recordOutcome). */
export async function finishBossJob(
  db: Db,
  boss: PgBoss,
  kind: 'account-mail' | 'alert-mail',
  job: { bossId: string } & MailKey,
  outcome: JobOutcome,
): Promise<void> {
  await db.transaction((tx) => recordOutcome(tx, boss, kind, job, outcome));
}
