import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { bossDb } from '../db/boss-db.ts';
import type { Db } from '../db/client.ts';
import { sqlArray, unnestRows } from '../db/sql-arrays.ts';
import { type BossKindName, JOB_KINDS, type JobKindName } from './kinds.ts';

/** The kinds whose claim, lease and retry are this file's own SQL (the others are pg-boss's: BOSS_KINDS). */
type SqlKindName = Exclude<JobKindName, BossKindName>;

/**
 * How the rows of each kind of job (JOB_KINDS in kinds.ts) are found, claimed and finished: the one place with the
 * claim, lease and retry SQL of every queue. `t` is the job's row where it is looked for, `j` where it is claimed.
 */
type QueueSql = {
  /** The key a claim selects (company_id null for a queue without one) and the claimed row matched to it. */
  key: SQL;
  match: SQL;
  /** Joined where due jobs are looked for, and the condition of a due job (beyond its lease having lapsed). */
  join: SQL;
  due: SQL;
  order: SQL;
  /** What a claim returns beyond id, company_id and attempts: the payload and what its work needs ... */
  returning: SQL;
  /** ... from the claimed row `j` and these tables joined to it (`, name alias` and the join condition). */
  claimFrom?: { tables: SQL; where: SQL };
  /** Set when the job is done, and when it is given up. */
  done: SQL;
  failed: SQL;
  /** The column of when the job is due again after a failed attempt. */
  runAt: SQL;
};

const COMPANY_KEY = {
  key: sql`t.company_id, t.id`,
  match: sql`j.company_id = due.company_id and j.id = due.id`,
};

const QUEUES: Record<SqlKindName, QueueSql> = {
  // Events are claimed for the dispatching transaction only (row locks, no lease): see lockDue.
  'event-dispatch': {
    ...COMPANY_KEY,
    join: sql``,
    due: sql`t.dispatched_at is null`,
    order: sql`t.id`,
    returning: sql`t.type, t.payload, t.created_at`,
    done: sql`dispatched_at = now()`,
    failed: sql`dispatched_at = now()`,
    runAt: sql`created_at`,
  },
  // A message is due only while its endpoint is switched on; its claim brings the endpoint's URL and secret.
  'webhook-delivery': {
    ...COMPANY_KEY,
    join: sql`join webhook_endpoints w on w.company_id = t.company_id and w.id = t.endpoint_id and w.is_enabled`,
    due: sql`t.status = 'pending' and t.next_attempt_at <= now()`,
    order: sql`t.next_attempt_at, t.id`,
    returning: sql`jsonb_build_object('msg_id', j.msg_id, 'body', j.body) as payload, j.endpoint_id, j.created_at,
      w.url, w.secret_enc`,
    claimFrom: {
      tables: sql`, webhook_endpoints w`,
      where: sql`and w.company_id = j.company_id and w.id = j.endpoint_id`,
    },
    done: sql`status = 'delivered'`,
    failed: sql`status = 'failed'`,
    runAt: sql`next_attempt_at`,
  },
};

/** A claimed job: its key, the attempt this is (1 for the first), its payload and what its kind's claim adds. */
export type ClaimedJob<Extra extends object = object> = {
  id: number;
  company_id: number | null;
  attempts: number;
  payload: unknown;
} & Extra;

/**
 * Takes up to `limit` due jobs of a kind for `leaseSeconds` and counts the attempt: SKIP LOCKED so instances take
 * different ones, the lease so a job whose instance died mid-attempt is taken again once it lapses.
 */
export async function claimJobs<Extra extends object = object>(
  db: Db,
  kind: SqlKindName,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedJob<Extra>[]> {
  const q = QUEUES[kind];
  const table = sql.identifier(JOB_KINDS[kind].table);
  const res = await db.execute<ClaimedJob<Extra>>(sql`
    with due as (
      select ${q.key} from ${table} t ${q.join}
      where ${q.due} and (t.locked_until is null or t.locked_until < now())
      order by ${q.order} limit ${limit} for update of t skip locked
    )
    update ${table} j set locked_until = now() + ${leaseSeconds}::int * interval '1 second',
      attempts = j.attempts + 1
    from due ${q.claimFrom?.tables ?? sql``} where ${q.match} ${q.claimFrom?.where ?? sql``}
    returning j.id::int as id, due.company_id, j.attempts, ${q.returning}`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }) as ClaimedJob<Extra>);
}

/** How an attempt ended: done, given up, or due again after `retryInMs`. */
export type JobOutcome = { result: 'done' } | { result: 'failed' } | { result: 'retry'; retryInMs: number };

/** Records how a claimed job's attempt ended and lets go of its lease (in the caller's transaction, if any). */
export async function finishJob(
  db: Db,
  kind: SqlKindName,
  job: Pick<ClaimedJob, 'id' | 'company_id'>,
  outcome: JobOutcome,
): Promise<void> {
  const q = QUEUES[kind];
  const table = sql.identifier(JOB_KINDS[kind].table);
  const key =
    job.company_id === null ? sql`id = ${job.id}` : sql`company_id = ${job.company_id} and id = ${job.id}`;
  const set =
    outcome.result === 'done'
      ? q.done
      : outcome.result === 'failed'
        ? q.failed
        : sql`${q.runAt} = now() + ${outcome.retryInMs}::int * interval '1 millisecond'`;
  await db.execute(sql`update ${table} set ${set}, locked_until = null where ${key}`);
}

/**
 * Locks up to `limit` due jobs of a kind for the caller's transaction, which finishes them (finishLocked) before it
 * commits: SKIP LOCKED lets another instance take the next ones meanwhile, and the finish (in the same transaction)
 * makes each one done once. For work that is database work only (event dispatch), so it needs no lease.
 */
export async function lockDue<Row extends object>(
  tx: Db,
  kind: SqlKindName,
  limit: number,
): Promise<ClaimedJob<Row>[]> {
  const q = QUEUES[kind];
  const table = sql.identifier(JOB_KINDS[kind].table);
  const res = await tx.execute<ClaimedJob<Row>>(sql`
    select t.id::int as id, t.company_id, 1 as attempts, ${q.returning} from ${table} t ${q.join}
    where ${q.due} order by ${q.order} limit ${limit} for update of t skip locked`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }) as ClaimedJob<Row>);
}

/** Marks jobs locked by lockDue done, each by its key (company, id), in the same transaction. */
export async function finishLocked(
  tx: Db,
  kind: SqlKindName,
  jobs: { company_id: number; id: number }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const table = sql.identifier(JOB_KINDS[kind].table);
  await tx.execute(sql`
    update ${table} t set ${QUEUES[kind].done}
    from ${unnestRows(jobs, { company_id: 'int', id: 'int' })}
    where t.company_id = r.company_id and t.id = r.id`);
}

/** Whether any job of a kind is due (a cheap look, by its partial index, before taking locks). */
export async function hasDue(db: Db, kind: SqlKindName): Promise<boolean> {
  const q = QUEUES[kind];
  const table = sql.identifier(JOB_KINDS[kind].table);
  const res = await db.execute(sql`select 1 from ${table} t where ${q.due} limit 1`);
  return res.rows.length > 0;
}

/** The key of a mail's record (mail_jobs: company and id; account_mail_jobs: id, company null) and its pg-boss data. */
export type MailKey = { company_id: number | null; id: number };

/** A mail's record for the pg-boss job that carries it: still to send (neither sent nor given up). */
export type MailRecord = MailKey & { attempts: number; message: unknown };

/** The records of the e-mails whose pg-boss jobs this instance fetched, those still to send. */
export async function mailRecords(db: Db, kind: BossKindName, keys: MailKey[]): Promise<MailRecord[]> {
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

/**
 * Records how an attempt of a pg-boss job ended, in one transaction with pg-boss's own finish: the record counts the
 * attempt and says sent or given up; the job is completed, and a failed attempt with a retry left is a new job due
 * after the kind's wait (the kind's schedule, not pg-boss's constant or doubling one). A crash before this commits
 * leaves the job active until its lease lapses, when pg-boss makes it due again.
 */
export async function finishBossJob(
  db: Db,
  boss: PgBoss,
  kind: BossKindName,
  job: { bossId: string } & MailKey,
  outcome: JobOutcome,
): Promise<void> {
  const table = sql.identifier(JOB_KINDS[kind].table);
  const key =
    job.company_id === null ? sql`id = ${job.id}` : sql`company_id = ${job.company_id} and id = ${job.id}`;
  const data = job.company_id === null ? { id: job.id } : { company_id: job.company_id, id: job.id };
  const set =
    outcome.result === 'done'
      ? sql`sent_at = now()`
      : outcome.result === 'failed'
        ? sql`failed_at = now()`
        : sql`run_at = now() + ${outcome.retryInMs}::int * interval '1 millisecond'`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update ${table} set ${set}, attempts = attempts + 1 where ${key}`);
    const on = { db: bossDb(tx) };
    await boss.complete(kind, job.bossId, { result: outcome.result }, on);
    if (outcome.result === 'retry') {
      await boss.insert([{ name: kind, data, startAfter: `${outcome.retryInMs} milliseconds` }], on);
    }
  });
}
