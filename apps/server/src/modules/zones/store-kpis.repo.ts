import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyDay, companyDayStart, inCompanyDays, zoneOf } from '../../db/company-day.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

// Store KPIs (issue 52, docs/zones.md): on-shelf availability per company day, derived from the stock rows and the
// movements, and the inventory record accuracy of the counts of a store's places. Scoped by company.

export type OsaDaySql = { date: string; held: number | string; on_floor: number | string };

/**
 * Per company day from `from` to `to` (YYYY-MM-DD, to at most today): the products the store held at the day's end
 * (their units over its places added up above 0) and those of them with units on its sales floors.
 *
 * Derived backwards from what the places hold now: a product's units at the end of a day are its units now less the
 * movements since (every change of a stock row is a movement, written with it). Only the movements since `from` are
 * read, grouped per product and day; a product's state changes on those days only, so each day's figures are the
 * range's first state plus the changes up to it (a running sum), not a pass over every product for every day.
 */
export async function osaDays(
  db: Db,
  companyId: number,
  places: { all: number[]; floor: number[] },
  from: string,
  to: string,
): Promise<OsaDaySql[]> {
  const zone = zoneOf(companyId);
  const all = sqlArray(places.all, 'int');
  const floor = sqlArray(places.floor, 'int');
  const r = await db.execute<OsaDaySql>(sql`
    with now_q as (
      select product_id, sum(quantity)::bigint as q,
        coalesce(sum(quantity) filter (where location_id = any(${floor})), 0)::bigint as fq
      from stock where company_id = ${companyId} and location_id = any(${all})
      group by product_id
    ),
    moves as (
      select product_id, ${companyDay(sql`at`, zone)} as day, sum(delta)::bigint as d,
        coalesce(sum(delta) filter (where location_id = any(${floor})), 0)::bigint as fd
      from stock_movements
      where company_id = ${companyId} and location_id = any(${all})
        and at >= ${companyDayStart(sql`${from}`, zone)}
      group by 1, 2
    ),
    since as (select product_id, sum(d) as d, sum(fd) as fd from moves group by product_id),
    base as (
      select coalesce(n.product_id, s.product_id) as product_id,
        coalesce(n.q, 0) - coalesce(s.d, 0) as q0, coalesce(n.fq, 0) - coalesce(s.fd, 0) as fq0
      from now_q n full join since s on s.product_id = n.product_id
    ),
    flags as (
      select m.product_id, m.day, b.q0, b.fq0,
        (b.q0 + sum(m.d) over w > 0)::int as held,
        (b.q0 + sum(m.d) over w > 0 and b.fq0 + sum(m.fd) over w > 0)::int as shelf
      from moves m join base b on b.product_id = m.product_id
      window w as (partition by m.product_id order by m.day)
    ),
    changes as (
      select day, sum(dh)::int as dh, sum(ds)::int as ds from (
        select day, held - lag(held, 1, (q0 > 0)::int) over p as dh,
          shelf - lag(shelf, 1, (q0 > 0 and fq0 > 0)::int) over p as ds
        from flags window p as (partition by product_id order by day)
      ) c
      group by day
    ),
    first_state as (
      select count(*) filter (where q0 > 0)::int as held,
        count(*) filter (where q0 > 0 and fq0 > 0)::int as on_floor
      from base
    ),
    days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)
    select to_char(d.day, 'YYYY-MM-DD') as date,
      f.held + sum(coalesce(c.dh, 0)) over o as held,
      f.on_floor + sum(coalesce(c.ds, 0)) over o as on_floor
    from days d cross join first_state f left join changes c on c.day = d.day
    window o as (order by d.day)
    order by d.day`);
  return r.rows;
}

export type RecordAccuracyDaySql = {
  date: string;
  counts: number | string;
  record_accuracy: string | number;
};

/**
 * Per company day, the completed counts of the store's places (recounts left out, and counts completed before record
 * accuracy was kept) and their mean record accuracy; and the latest such count's.
 */
export async function recordAccuracyDays(
  db: Db,
  companyId: number,
  places: number[],
  from: string,
  to: string,
) {
  const zone = zoneOf(companyId);
  const where = sql`company_id = ${companyId} and status = 'completed' and recount_of is null
    and record_accuracy is not null and location_id = any(${sqlArray(places, 'int')})
    and ${inCompanyDays(sql`completed_at`, from, to, zone)}`;
  const [days, latest] = await Promise.all([
    db.execute<RecordAccuracyDaySql>(sql`
      select to_char(${companyDay(sql`completed_at`, zone)}, 'YYYY-MM-DD') as date, count(*)::int as counts,
        round(avg(record_accuracy), 1) as record_accuracy
      from audits where ${where} group by 1 order by 1`),
    db.execute<{ record_accuracy: number }>(sql`
      select record_accuracy from audits where ${where} order by completed_at desc, id desc limit 1`),
  ]);
  return { days: days.rows, latest: latest.rows[0]?.record_accuracy ?? null };
}
