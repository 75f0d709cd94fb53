import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

// The stored next due day of each planned place (count_plan_places): written per company, read by the sweeps.

/** A planned place's stored due days (timestamps as ISO text). */
export type PlaceRow = {
  plan_id: number;
  place_key: string;
  due_on: string;
  due_at: string;
  overdue_at: string;
  is_reader: boolean;
};

const ids = (res: { rows: { company_id: number }[] }) => res.rows.map((r) => Number(r.company_id));

/**
 * Up to `limit` companies whose places are to be worked out again: a plan new or changed, a count completed since
 * (places_refreshed_at null), or not worked out for a day (what nothing marks: a location moved, a time zone changed).
 */
export async function staleCompanies(db: Db, now: Date, limit: number): Promise<number[]> {
  return ids(
    await db.execute<{ company_id: number }>(sql`
      select distinct company_id from count_plans
      where places_refreshed_at is null or places_refreshed_at < ${now.toISOString()}::timestamptz - interval '1 day'
      limit ${limit}`),
  );
}

/** Up to `limit` companies with a place overdue as of `now` and not yet told. */
export async function overdueCompanies(db: Db, now: Date, limit: number): Promise<number[]> {
  return ids(
    await db.execute<{ company_id: number }>(sql`
      select distinct company_id from count_plan_places
      where not is_overdue_told and overdue_at <= ${now.toISOString()}::timestamptz limit ${limit}`),
  );
}

/** Up to `limit` companies with a place a fixed reader counts that is due as of `now` and not yet started. */
export async function readerDueCompanies(db: Db, now: Date, limit: number): Promise<number[]> {
  return ids(
    await db.execute<{ company_id: number }>(sql`
      select distinct company_id from count_plan_places
      where is_reader and not is_run_started and due_at <= ${now.toISOString()}::timestamptz limit ${limit}`),
  );
}

/**
 * Locks the company's plans for the caller's transaction, first: a count completing (placesCounted) or a plan
 * changing meanwhile waits, then marks them again, so what it changed is never lost under an older working-out.
 */
export async function lockPlans(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select id from count_plans where company_id = ${companyId} order by id for update`);
}

/**
 * The company's places as worked out now: rows of places gone (a location left the plan) deleted, the others written
 * with whether their due day's overdue notice and reader run are already claimed; its plans marked worked out.
 */
export async function writePlaces(tx: Db, companyId: number, rows: PlaceRow[]): Promise<void> {
  await tx.execute(sql`
    with new as (
      select * from ${unnestRows(rows, {
        plan_id: 'int',
        place_key: 'text',
        due_on: 'date',
        due_at: 'timestamptz',
        overdue_at: 'timestamptz',
        is_reader: 'boolean',
      })}
    ), gone as (
      delete from count_plan_places p where p.company_id = ${companyId}
        and not exists (select 1 from new n where n.plan_id = p.plan_id and n.place_key = p.place_key)
    )
    insert into count_plan_places
      (company_id, plan_id, place_key, due_on, due_at, overdue_at, is_reader, is_overdue_told, is_run_started)
    select ${companyId}::int, n.plan_id, n.place_key, n.due_on, n.due_at, n.overdue_at, n.is_reader,
      exists (select 1 from count_overdue_notices o
        where o.company_id = ${companyId} and o.place_key = n.place_key and o.due_on = n.due_on),
      exists (select 1 from count_plan_runs r
        where r.company_id = ${companyId} and r.plan_id = n.plan_id and r.place_key = n.place_key and r.due_on = n.due_on)
    from new n
    on conflict (company_id, plan_id, place_key) do update set due_on = excluded.due_on, due_at = excluded.due_at,
      overdue_at = excluded.overdue_at, is_reader = excluded.is_reader, is_overdue_told = excluded.is_overdue_told,
      is_run_started = excluded.is_run_started`);
  await tx.execute(sql`update count_plans set places_refreshed_at = now() where company_id = ${companyId}`);
}

/** A count completed: the company's places are worked out again by the next sweep (a no-op without plans). */
export async function markPlacesStale(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`update count_plans set places_refreshed_at = null
    where company_id = ${companyId} and places_refreshed_at is not null`);
}
