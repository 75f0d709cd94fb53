import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateCounters } from '../db/schema/index.ts';

/** The failure counters in PostgreSQL's rate_counters table (failure-counter.ts: when Redis is not there). */

/** Counts one failure under `key`; answers the count in the window (a passed window starts over at 1). */
export async function hitCounter(db: Db, key: string, windowMs: number): Promise<number> {
  // One upsert: a passed window starts over at 1, a live one counts up; concurrent hits serialise on the row.
  const result = await db.execute<{ count: number }>(sql`
    insert into ${rateCounters} ("key", "count", reset_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict ("key") do update set
      "count" = case when ${rateCounters.resetAt} <= now() then 1 else ${rateCounters.count} + 1 end,
      reset_at = case when ${rateCounters.resetAt} <= now() then excluded.reset_at else ${rateCounters.resetAt} end
    returning "count"`);
  return Number(result.rows[0]?.count ?? 1);
}

/** Drops the counters whose window has passed. */
export async function dropStaleCounters(db: Db): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.resetAt, sql`now()`));
}

/** Failures under `key` in its live window (0 once it has passed). */
export async function counterOf(db: Db, key: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select "count" from ${rateCounters} where "key" = ${key} and reset_at > now()`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateCounters} where "key" = ${key}`);
}
