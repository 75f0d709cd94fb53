import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { JobKind } from './define-job.ts';
import { finishedBefore } from './records.repo.ts';

/**
 * Deletes up to `limit` finished records of a kind older than the cutoff (records.repo.ts finishedBefore: a webhook
 * message's attempts go with it by their foreign key; an event only once none of its messages is pending, and its
 * messages, attempts and read marks with it), in the caller's short transaction, and says how many. Rows are found
 * and deleted by their physical address (ctid), so a batch touches only its own rows and never waits on, nor holds
 * up, what ingest writes meanwhile. One instance at a time runs the clean-up (the sweep's lock, jobs/sweeps.ts).
 */
export async function deleteOldBatch(
  tx: Db,
  kind: JobKind<never>,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const table = sql.identifier(kind.record.table);
  const res = await tx.execute<{ n: number }>(sql`
    with gone as (
      delete from ${table} where ctid = any(array(
        select t.ctid from ${table} t where ${finishedBefore(kind.record, cutoff)} limit ${limit}))
      returning 1)
    select count(*)::int as n from gone`);
  return Number(res.rows[0]?.n ?? 0);
}
