import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { bossDb } from '../db/boss-db.ts';
import type { Db } from '../db/client.ts';
import type { JobKind, JobRecord } from './define-job.ts';

/**
 * The SQL of every kind's record, built from its declaration (JobRecord: column names only), so a new kind's table
 * is read and written here without a line of its own: how an attempt ended, how deep its queue is, which finished
 * rows the clean-up deletes, which pending rows have no pg-boss job. Each condition matches its table's partial
 * index (`*_due_idx` on the due column of pending rows, `*_finished_idx` on when they finished).
 */

type AnyKind = JobKind<never>;

/** `alias.column`. */
const col = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

/** Still to do: not done, not given up. */
export function pending(r: JobRecord, a = 't'): SQL {
  const f = r.finished;
  if ('status' in f) return sql`${col(a, f.status)} = ${f.pending}`;
  return f.failedAt
    ? sql`${col(a, f.doneAt)} is null and ${col(a, f.failedAt)} is null`
    : sql`${col(a, f.doneAt)} is null`;
}

/** Pending and not waiting without a job on purpose (held). */
function active(r: JobRecord, a = 't'): SQL {
  return r.heldAt ? sql`${pending(r, a)} and ${col(a, r.heldAt)} is null` : pending(r, a);
}

/** Finished before `cutoff`, and not still pointed at by a pending record of another kind. */
export function finishedBefore(r: JobRecord, cutoff: Date, a = 't'): SQL {
  const f = r.finished;
  const at = cutoff.toISOString();
  const finished =
    'status' in f
      ? sql`${col(a, f.status)} <> ${f.pending} and ${col(a, f.since)} < ${at}::timestamptz`
      : f.failedAt
        ? sql`coalesce(${col(a, f.doneAt)}, ${col(a, f.failedAt)}) < ${at}::timestamptz`
        : sql`${col(a, f.doneAt)} < ${at}::timestamptz`;
  const kept = r.keptWhilePending;
  if (!kept) return finished;
  const other = kept.kind.record;
  return sql`${finished} and not exists (
    select 1 from ${sql.identifier(other.table)} m
    where m.company_id = ${col(a, 'company_id')} and ${col('m', kept.by)} = ${col(a, 'id')} and ${pending(other, 'm')})`;
}

/** A record's pg-boss job data from its row: its key. */
function jobData(r: JobRecord, a = 't'): SQL {
  return r.isCompanyKeyed
    ? sql`jsonb_build_object('company_id', ${col(a, 'company_id')}, 'id', ${col(a, 'id')})`
    : sql`jsonb_build_object('id', ${col(a, 'id')})`;
}

/** How an attempt ended: done, given up, or due again after `retryInMs`. */
export type JobOutcome = { result: 'done' } | { result: 'failed' } | { result: 'retry'; retryInMs: number };

/** The key of a job's record (company and id; account_mail_jobs has no company: null), its pg-boss job's data. */
export type JobKey = { company_id: number | null; id: number };

/**
 * Records how an attempt ended on the record, in the caller's transaction (recordOutcome in queue.repo.ts adds
 * pg-boss's finish): it counts the attempt and says done, given up, or when it is due again.
 */
export async function writeOutcome(tx: Db, kind: AnyKind, key: JobKey, outcome: JobOutcome): Promise<void> {
  const r = kind.record;
  const f = r.finished;
  const set =
    outcome.result === 'retry'
      ? sql`${sql.identifier(r.dueAt)} = now() + ${outcome.retryInMs}::int * interval '1 millisecond'`
      : 'status' in f
        ? sql`${sql.identifier(f.status)} = ${outcome.result === 'done' ? f.done : f.failed}`
        : sql`${sql.identifier(outcome.result === 'done' || !f.failedAt ? f.doneAt : f.failedAt)} = now()`;
  const where =
    key.company_id === null ? sql`id = ${key.id}` : sql`company_id = ${key.company_id} and id = ${key.id}`;
  const attempts = r.hasAttempts ? sql`, attempts = attempts + 1` : sql``;
  await tx.execute(sql`update ${sql.identifier(r.table)} set ${set}${attempts} where ${where}`);
}

/** One kind's backlog: how many of its jobs are due and how long the oldest has waited (seconds, 0 when none). */
export type QueueDepth = { kind: string; waiting: number; oldestSeconds: number };

/**
 * Every kind's backlog, read at scrape time from its records (one statement): the pending ones whose attempt is due
 * (a retry scheduled for later is not late yet), held ones left out.
 */
export async function queueDepths(db: Db, kinds: readonly AnyKind[]): Promise<QueueDepth[]> {
  const parts = kinds.map((k) => {
    const due = col('t', k.record.dueAt);
    return sql`select ${k.name}::text as kind, count(*)::int as waiting,
        coalesce(extract(epoch from now() - min(${due})), 0)::float8 as oldest_seconds
      from ${sql.identifier(k.record.table)} t where ${active(k.record)} and ${due} <= now()`;
  });
  const res = await db.execute<{ kind: string; waiting: number; oldest_seconds: number }>(
    sql.join(parts, sql` union all `),
  );
  return res.rows.map((r) => ({
    kind: r.kind,
    waiting: Number(r.waiting),
    oldestSeconds: Math.max(0, Number(r.oldest_seconds)),
  }));
}

/**
 * Up to `limit` records of a kind that are pending, not held, and have no live pg-boss job (none created, due again
 * or active), oldest due first, each with when it is due. A build before pg-boss writes its records so (jobs/requeue).
 * The caller holds the requeue lock, so no two instances queue the same record twice.
 */
export async function recordsWithoutJob(
  tx: Db,
  kind: AnyKind,
  limit: number,
): Promise<(JobKey & { dueAt: Date })[]> {
  const r = kind.record;
  const res = await tx.execute<{ company_id: number | null; id: number; due_at: Date | string }>(sql`
    select ${r.isCompanyKeyed ? sql`t.company_id` : sql`null::int`} as company_id, t.id::int as id,
      ${col('t', r.dueAt)} as due_at
    from ${sql.identifier(r.table)} t
    where ${active(r)} and not exists (
      select 1 from pgboss.job j
      where j.name = ${kind.name} and j.state < 'completed' and j.data = ${jobData(r)})
    order by ${col('t', r.dueAt)} limit ${limit}`);
  return res.rows.map((row) => ({
    company_id: row.company_id === null ? null : Number(row.company_id),
    id: Number(row.id),
    dueAt: new Date(row.due_at),
  }));
}

/** pg-boss's finish of one job in the caller's transaction, with its outcome as the job's output. */
export async function finishJob(tx: Db, boss: PgBoss, kind: AnyKind, bossId: string, outcome: JobOutcome) {
  await boss.complete(kind.name, bossId, { result: outcome.result }, { db: bossDb(tx) });
}
