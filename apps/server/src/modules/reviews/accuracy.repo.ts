import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Stock accuracy over time: the completed counts' accuracy per place and week or month. Scoped by company.

export type AccuracyRowSql = { place: string; period: string; audits: number; accuracy_sum: number };

/**
 * The completed counts (recounts left out: they count a few lines again) completed in [from, to + 1 day) of the
 * company's time zone, per place (the count's location; a Dutchie store's room, or "All rooms") and week (from
 * Monday) or month: how many and the sum of their accuracies. Sorted by place, then period.
 */
export async function accuracyRows(
  db: Db,
  companyId: number,
  from: string,
  to: string,
  period: 'week' | 'month',
) {
  const result = await db.execute<AccuracyRowSql>(sql`
    with c as (select time_zone as tz from companies where id = ${companyId}),
    counts as (
      select (case when a.expected_as_of is not null or a.room is not null then coalesce(a.room, 'All rooms')
          else coalesce(l.name, 'No location') end) as place,
        date_trunc(${period}, a.completed_at at time zone c.tz)::date as period,
        a.accuracy
      from audits a cross join c
      left join locations l on l.company_id = a.company_id and l.id = a.location_id
      where a.company_id = ${companyId} and a.status = 'completed' and a.recount_of is null
        and a.accuracy is not null
        and a.completed_at >= (${from}::date)::timestamp at time zone c.tz
        and a.completed_at < (${to}::date + 1)::timestamp at time zone c.tz
    )
    select place, to_char(period, 'YYYY-MM-DD') as period, count(*)::int as audits,
      sum(accuracy)::int as accuracy_sum
    from counts group by place, period order by place, period`);
  return result.rows;
}
