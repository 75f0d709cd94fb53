import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyDay, inCompanyDays, zoneOf } from '../../db/company-day.ts';

// Stock accuracy over time: the completed counts' accuracy per place and week or month. Scoped by company.

export type AccuracyRowSql = {
  place: string;
  period: string;
  audits: number;
  accuracy_sum: number;
  /** The counts with a record accuracy (those completed before it was kept have none) and its sum. */
  recorded: number;
  record_sum: number | null;
};

/**
 * The completed counts (recounts left out: they count a few lines again) completed in [from, to + 1 day) of the
 * company's time zone, per place (the count's location; a Dutchie store's room, or "All rooms") and week (from
 * Monday) or month: how many and the sum of their accuracies and record accuracies. Sorted by place, then period.
 */
export async function accuracyRows(
  db: Db,
  companyId: number,
  from: string,
  to: string,
  period: 'week' | 'month',
) {
  const zone = zoneOf(companyId);
  const result = await db.execute<AccuracyRowSql>(sql`
    with counts as (
      select (case when a.expected_as_of is not null or a.room is not null then coalesce(a.room, 'All rooms')
          else coalesce(l.name, 'No location') end) as place,
        date_trunc(${period}, ${companyDay(sql`a.completed_at`, zone)}::timestamp)::date as period,
        a.accuracy, a.record_accuracy
      from audits a
      left join locations l on l.company_id = a.company_id and l.id = a.location_id
      where a.company_id = ${companyId} and a.status = 'completed' and a.recount_of is null
        and a.accuracy is not null
        and ${inCompanyDays(sql`a.completed_at`, from, to, zone)}
    )
    select place, to_char(period, 'YYYY-MM-DD') as period, count(*)::int as audits,
      sum(accuracy)::int as accuracy_sum, count(record_accuracy)::int as recorded,
      sum(record_accuracy)::int as record_sum
    from counts group by place, period order by place, period`);
  return result.rows;
}
