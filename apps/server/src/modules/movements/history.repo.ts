import type { TMovement } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Reading movements back: a product's history (newest first, a page at a time) and the company's movements by date
// for the report. Every function takes the caller's companyId and filters by it.

/** A page's end: the last movement's time and id (movements are ordered by time, then id). */
export type HistoryCursor = { at: string; id: number };

const ISO = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const COLUMNS = sql`m.id::float8 as id, m.product_id, m.location_id, l.name as location, m.delta, m.quantity_after,
  m.reason, ${ISO(sql`m.at`)} as at, ${ISO(sql`m.recorded_at`)} as recorded_at,
  coalesce(m.actor_name, 'System') as by, m.actor_type as by_type, m.reference, m.audit_id, m.shipment_id,
  m.client_id`;

type Range = { from?: string; to?: string };

/** Whether the company has this product (a deleted product's history is not served). */
export async function productExists(db: Db, companyId: number, productId: number) {
  const r = await db.execute(
    sql`select 1 from products where company_id = ${companyId} and id = ${productId}`,
  );
  return r.rows.length > 0;
}

const inRange = (r: Range) =>
  sql.join(
    [
      r.from === undefined ? undefined : sql`and m.at >= ${r.from}::timestamptz`,
      r.to === undefined ? undefined : sql`and m.at < ${r.to}::timestamptz`,
    ].filter((c): c is SQL => c !== undefined),
    sql` `,
  );

/**
 * A product's movements, newest first (`nulls last`, as stock_movements_product_idx is declared: both columns are
 * never null, but without it the order is not the index's and a busy product's page walks the company's history): `limit` of them after the cursor, in one place (a location, 'none') or all,
 * within [from, to). Read by stock_movements_product_idx, one index range whatever the history's length.
 */
export async function productHistory(
  db: Db,
  companyId: number,
  productId: number,
  q: Range & { locationId?: number | 'none'; limit: number; after?: HistoryCursor },
): Promise<TMovement[]> {
  const place =
    q.locationId === undefined
      ? sql``
      : q.locationId === 'none'
        ? sql`and m.location_id is null`
        : sql`and m.location_id = ${q.locationId}`;
  const after = q.after ? sql`and (m.at, m.id) < (${q.after.at}::timestamptz, ${q.after.id}::bigint)` : sql``;
  const r = await db.execute<TMovement>(sql`
    select ${COLUMNS} from stock_movements m
    left join locations l on l.company_id = m.company_id and l.id = m.location_id
    where m.company_id = ${companyId} and m.product_id = ${productId} ${place} ${inRange(q)} ${after}
    order by m.at desc nulls last, m.id desc nulls last limit ${q.limit}`);
  return r.rows.map(numeric);
}

export type ReportMovement = TMovement & { sku: string | null; name: string | null; place: string | null };

/**
 * The company's movements within [from, to), oldest first, `limit` after (at, id) `after`: the report's pages, each
 * one range of stock_movements_at_idx.
 */
export async function reportPage(
  db: Db,
  companyId: number,
  q: Range & { limit: number; after?: HistoryCursor },
): Promise<ReportMovement[]> {
  const after = q.after ? sql`and (m.at, m.id) > (${q.after.at}::timestamptz, ${q.after.id}::bigint)` : sql``;
  const r = await db.execute<ReportMovement>(sql`
    select ${COLUMNS}, p.sku, p.name, l.name as place from stock_movements m
    left join products p on p.company_id = m.company_id and p.id = m.product_id
    left join locations l on l.company_id = m.company_id and l.id = m.location_id
    where m.company_id = ${companyId} ${inRange(q)} ${after}
    order by m.at, m.id limit ${q.limit}`);
  return r.rows.map((row) => ({ ...numeric(row), sku: row.sku, name: row.name, place: row.place }));
}

const nullableInt = (v: number | string | null) => (v === null ? null : Number(v));

const numeric = (r: TMovement): TMovement => ({
  id: Number(r.id),
  product_id: Number(r.product_id),
  location_id: nullableInt(r.location_id),
  location: r.location,
  delta: Number(r.delta),
  quantity_after: Number(r.quantity_after),
  reason: r.reason,
  at: r.at,
  recorded_at: r.recorded_at,
  by: r.by,
  by_type: r.by_type,
  reference: r.reference,
  audit_id: nullableInt(r.audit_id),
  shipment_id: nullableInt(r.shipment_id),
  client_id: r.client_id,
});
