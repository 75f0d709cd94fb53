import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ADVISORY_LOCKS } from './locks.ts';

/** What the clean-up deletes, each a set of finished rows older than a cutoff. */
export type RetentionTarget = 'mail_jobs' | 'account_mail_jobs' | 'webhook_messages' | 'events';

/**
 * The finished rows of each target older than the cutoff. Deleting a webhook message deletes its attempts (the
 * foreign key cascades); an event goes only once none of its webhook messages is still pending, and takes its
 * messages, attempts and read marks with it (so its cutoff is the later of the two periods: see retention.ts).
 */
const OLD: Record<RetentionTarget, (cutoff: Date) => ReturnType<typeof sql>> = {
  // A mail job is sent or given up, never both: when it finished is the one set (the index *_finished_idx).
  mail_jobs: (c) => sql`coalesce(sent_at, failed_at) < ${c.toISOString()}::timestamptz`,
  account_mail_jobs: (c) => sql`coalesce(sent_at, failed_at) < ${c.toISOString()}::timestamptz`,
  webhook_messages: (c) => sql`status <> 'pending' and created_at < ${c.toISOString()}::timestamptz`,
  events: (c) => sql`dispatched_at < ${c.toISOString()}::timestamptz and not exists (
    select 1 from webhook_messages m
    where m.company_id = t.company_id and m.event_id = t.id and m.status = 'pending')`,
};

/**
 * Deletes up to `limit` rows of one target older than the cutoff, in the caller's short transaction, and says how
 * many. Rows are found and deleted by their physical address (ctid), so a batch touches only its own rows and
 * never waits on, nor holds up, what ingest writes meanwhile. Null when another instance is cleaning up now.
 */
export async function deleteOldBatch(
  tx: Db,
  target: RetentionTarget,
  cutoff: Date,
  limit: number,
): Promise<number | null> {
  const locked = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.retention}::int) as ok`,
  );
  if (locked.rows[0]?.ok !== true) return null;
  const table = sql.identifier(target);
  const res = await tx.execute<{ n: number }>(sql`
    with gone as (
      delete from ${table} where ctid = any(array(
        select t.ctid from ${table} t where ${OLD[target](cutoff)} limit ${limit}))
      returning 1)
    select count(*)::int as n from gone`);
  return Number(res.rows[0]?.n ?? 0);
}
