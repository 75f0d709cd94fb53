import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The suppliers report's one statement: received shipments from suppliers (transfers are the company's own and are
// left out), by supplier and by week, from the receipts kept when they completed.

export type SupplierFiguresRow = {
  supplier: string | null;
  /** Null: the supplier's total over the range. */
  week: string | null;
  shipments: number;
  units_expected: number;
  units_received: number;
  units_short: number;
  units_over: number;
  exact: number;
};

/** Per supplier and week (the company's days, weeks from Monday), and per supplier over the range. */
export async function supplierFigures(db: Db, companyId: number, from: string, to: string) {
  const zone = sql`(select time_zone from companies where id = ${companyId})`;
  const r = await db.execute<SupplierFiguresRow>(sql`
    with received as (
      select s.id, s.supplier, s.status = 'received' as is_exact,
        to_char(date_trunc('week', s.received_at at time zone ${zone}), 'YYYY-MM-DD') as week
      from shipments s
      where s.company_id = ${companyId} and s.source_location_id is null
        and s.status in ('received', 'received_with_discrepancies')
        and s.received_at >= (${from}::date)::timestamp at time zone ${zone}
        and s.received_at < (${to}::date + 1)::timestamp at time zone ${zone}
    ),
    per_shipment as (
      select r.id, r.supplier, r.week, r.is_exact,
        coalesce(sum(l.expected), 0)::int as expected, coalesce(sum(l.received), 0)::int as received,
        coalesce(sum(greatest(l.expected - l.received, 0)), 0)::int as short,
        coalesce(sum(greatest(l.received - l.expected, 0)), 0)::int as over
      from received r left join shipment_receipt_lines l
        on l.company_id = ${companyId} and l.shipment_id = r.id and l.product_id is not null
      group by r.id, r.supplier, r.week, r.is_exact
    )
    select supplier, week, count(*)::int as shipments, sum(expected)::int as units_expected,
      sum(received)::int as units_received, sum(short)::int as units_short, sum(over)::int as units_over,
      count(*) filter (where is_exact)::int as exact
    from per_shipment
    group by grouping sets ((supplier), (supplier, week))
    order by supplier nulls last, week nulls first`);
  return r.rows.map((row) => ({
    ...row,
    shipments: Number(row.shipments),
    units_expected: Number(row.units_expected),
    units_received: Number(row.units_received),
    units_short: Number(row.units_short),
    units_over: Number(row.units_over),
    exact: Number(row.exact),
  }));
}

/** The company's today (its time zone's day), YYYY-MM-DD. */
export async function todayOf(db: Db, companyId: number): Promise<string> {
  const r = await db.execute<{ today: string }>(sql`select to_char((now() at time zone
    (select time_zone from companies where id = ${companyId}))::date, 'YYYY-MM-DD') as today`);
  return r.rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}
