import { DASHBOARD_LIST_SIZE, EXPIRING_WINDOW_DAYS, TRENDS_DAYS } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyDay, companyDayStart, companyToday, zoneOf } from '../../db/company-day.ts';
import type { AuditClock } from '../audits/audit-status.ts';

/**
 * The dashboard's figures, each its SQL (scoped by the caller's company) and the mapper of its rows, so that
 * dashboard.repo.ts can read several in one statement and a single-figure call can read one. Windows are computed
 * by PostgreSQL (now(), current_date) so every instance agrees; the catalogue totals come from the trigger-kept
 * counters.
 */

const first = <T>(rows: T[]): T | undefined => rows[0];
const n = (v: unknown) => Number(v ?? 0);

export const deviceCountsSql = (companyId: number, onlineWindowMs: number) => sql`
  SELECT count(*) FILTER (WHERE last_seen > now() - make_interval(secs => ${onlineWindowMs / 1000}))::int AS online,
    count(*)::int AS total
  FROM devices WHERE company_id = ${companyId}
`;
export const mapDeviceCounts = (rows: Record<string, unknown>[]) => {
  const row = first(rows);
  return { online: n(row?.online), total: n(row?.total) };
};

export const latestCompletedAuditSql = (companyId: number) => sql`
  SELECT id, tags_found, discrepancies_count, accuracy FROM audits
  WHERE company_id = ${companyId} AND status = 'completed'
  ORDER BY created_at DESC, id DESC LIMIT 1
`;
type LatestAudit = { id: number; tags_found: number; discrepancies_count: number; accuracy: number | null };
export const mapLatestCompletedAudit = (rows: Record<string, unknown>[]) => first(rows as LatestAudit[]);

/** The company's day 30 x 24 hours ago: the window's first, partial day (its time zone's, as the rollup's days). */
export const windowFirstDay = (companyId: number) =>
  companyDay(sql`now() - make_interval(days => ${TRENDS_DAYS})`, zoneOf(companyId));

/**
 * The completed audits of the last 30 days (created_at within 30 x 24 hours of now), one row per company's day: the whole
 * days after the window's first come from the trigger-kept audit_days rollup, and the partial first day from the
 * audits themselves, so the figures are exact and the work is about 30 rows plus one day of audits.
 */
function windowDays(companyId: number) {
  return sql`
    WITH w AS (
      SELECT now() - make_interval(days => ${TRENDS_DAYS}) AS since,
        ${windowFirstDay(companyId)} AS first_day
    )
    SELECT d.day, d.audits, d.clean, d.tags_found, d.discrepancies, d.accuracy_sum, d.accuracy_count
    FROM audit_days d, w WHERE d.company_id = ${companyId} AND d.day > w.first_day AND d.audits > 0
    UNION ALL
    SELECT w.first_day, count(*), count(*) FILTER (WHERE a.discrepancies_count = 0), coalesce(sum(a.tags_found), 0),
      coalesce(sum(a.discrepancies_count), 0), coalesce(sum(a.accuracy), 0), count(a.accuracy)
    FROM audits a, w
    WHERE a.company_id = ${companyId} AND a.status = 'completed' AND a.created_at >= w.since
      AND a.created_at < ${companyDayStart(sql`w.first_day + 1`, zoneOf(companyId))}
    GROUP BY w.first_day HAVING count(*) > 0
  `;
}

/**
 * The window's whole days alone (the rollup's rows after its first day, oldest first): they change only when an audit
 * completes or a completed one changes, and at the company's midnight (their first day is part of the dashboard's
 * cache key).
 */
export const auditWholeDaysSql = (companyId: number) => sql`
  SELECT to_char(d.day, 'YYYY-MM-DD') AS date, d.audits, d.clean, d.tags_found, d.discrepancies, d.accuracy_sum,
    d.accuracy_count
  FROM audit_days d
  WHERE d.company_id = ${companyId} AND d.audits > 0
    AND d.day > ${windowFirstDay(companyId)}
  ORDER BY d.day
`;

/**
 * The window's partial first day alone (none or one row). Audits leave it as the clock moves, so with its figures
 * comes the moment they stop holding, by the database's clock: its oldest audit's creation plus the window
 * (`valid_until_ms`, epoch milliseconds); until then only a change to a completed audit (the dashboard version) or
 * the company's midnight (a new first day) changes them.
 */
export const auditFirstDaySql = (companyId: number) => sql`
  WITH w AS (
    SELECT now() - make_interval(days => ${TRENDS_DAYS}) AS since,
      ${windowFirstDay(companyId)} AS first_day
  )
  SELECT to_char(w.first_day, 'YYYY-MM-DD') AS date, count(*)::int AS audits,
    count(*) FILTER (WHERE a.discrepancies_count = 0)::int AS clean, coalesce(sum(a.tags_found), 0) AS tags_found,
    coalesce(sum(a.discrepancies_count), 0) AS discrepancies, coalesce(sum(a.accuracy), 0) AS accuracy_sum,
    count(a.accuracy) AS accuracy_count,
    (extract(epoch FROM min(a.created_at) + make_interval(days => ${TRENDS_DAYS})) * 1000)::bigint AS valid_until_ms
  FROM audits a, w
  WHERE a.company_id = ${companyId} AND a.status = 'completed' AND a.created_at >= w.since
    AND a.created_at < ${companyDayStart(sql`w.first_day + 1`, zoneOf(companyId))}
  GROUP BY w.first_day HAVING count(*) > 0
`;

/**
 * The completed audits of the window, read in one query of its days: how many, with and without discrepancies,
 * units off and mean accuracy, and the trends (tags scanned and discrepancies per company's day, oldest first).
 */
export const auditWindowSql = (companyId: number) => sql`
  SELECT to_char(day, 'YYYY-MM-DD') AS date, audits, clean, tags_found, discrepancies, accuracy_sum,
    accuracy_count
  FROM (${windowDays(companyId)}) days ORDER BY day
`;
type WindowDay = {
  date: string;
  audits: number;
  clean: number;
  tags_found: string | number;
  discrepancies: string | number;
  accuracy_sum: string | number | null;
  accuracy_count: string | number | null;
};
export function mapAuditWindow(rows: Record<string, unknown>[]) {
  const days = rows as WindowDay[];
  const sum = (column: keyof WindowDay) => days.reduce((acc, row) => acc + n(row[column]), 0);
  const total = sum('audits');
  const clean = sum('clean');
  const accuracyCount = sum('accuracy_count');
  return {
    total,
    clean,
    off: total - clean,
    unitsOff: sum('discrepancies'),
    averageAccuracy: accuracyCount === 0 ? null : Math.round(sum('accuracy_sum') / accuracyCount),
    trends: days.map((row) => ({
      date: row.date,
      scanned: n(row.tags_found),
      discrepancies: n(row.discrepancies),
    })),
  };
}

export async function auditWindow(db: Db, companyId: number) {
  return mapAuditWindow((await db.execute(auditWindowSql(companyId))).rows);
}
export type AuditWindow = Awaited<ReturnType<typeof auditWindow>>;

export const recentAuditsSql = (companyId: number, clock: AuditClock) => sql`
  SELECT id, name,
    ${clock.status()} AS status,
    device_name, created_at, completed_at, tags_found, tags_expected, discrepancies_count, accuracy, comments
  FROM audits WHERE company_id = ${companyId}
  ORDER BY created_at DESC, id DESC LIMIT ${DASHBOARD_LIST_SIZE}
`;
type RecentAudit = {
  id: number;
  name: string;
  status: string;
  device_name: string | null;
  created_at: string | Date;
  completed_at: string | Date | null;
  tags_found: number;
  tags_expected: number;
  discrepancies_count: number;
  accuracy: number | null;
  comments: string | null;
};
export const mapRecentAudits = (rows: Record<string, unknown>[]) =>
  (rows as RecentAudit[]).map((a) => ({
    id: a.id,
    name: a.name,
    status: a.status,
    device_name: a.device_name,
    created_at: new Date(a.created_at).toISOString(),
    completed_at: a.completed_at ? new Date(a.completed_at).toISOString() : null,
    tags_found: n(a.tags_found),
    tags_expected: n(a.tags_expected),
    discrepancies_count: n(a.discrepancies_count),
    accuracy: a.accuracy,
    comments: a.comments,
  }));

/** The Inventory Overview, from the trigger-kept counters and facets: no scan of the catalogue. */
export const inventoryTotalsSql = (companyId: number) => sql`
  SELECT c.total_cost AS cost, c.total AS products, c.total_units AS units, c.low_stock + c.out_of_stock AS low,
    (SELECT count(*)::int FROM inventory_facets f WHERE f.company_id = ${companyId} AND f.kind = 'vendor') AS vendors,
    (SELECT count(*)::int FROM inventory_facets f WHERE f.company_id = ${companyId} AND f.kind = 'category') AS categories
  FROM (SELECT ${companyId}::int AS company_id) k
  LEFT JOIN inventory_counters c ON c.company_id = k.company_id
`;
export function mapInventoryTotals(rows: Record<string, unknown>[]) {
  const row = first(rows);
  return {
    totalInventoryCost: Number(row?.cost ?? 0),
    totalProducts: n(row?.products),
    totalUnits: n(row?.units),
    totalVendors: n(row?.vendors),
    totalCategories: n(row?.categories),
    lowStock: n(row?.low),
  };
}

export async function inventoryTotals(db: Db, companyId: number) {
  return mapInventoryTotals((await db.execute(inventoryTotalsSql(companyId))).rows);
}

/** Products low or out of stock, fewest units first. */
export const lowStockSql = (companyId: number) => sql`
  SELECT id, name, sku, quantity, min_stock_level FROM products
  WHERE company_id = ${companyId} AND status <> 'in-stock'
  ORDER BY quantity, name, id LIMIT ${DASHBOARD_LIST_SIZE}
`;
type LowStockRow = { id: number; name: string; sku: string; quantity: number; min_stock_level: number };
export const mapLowStock = (rows: Record<string, unknown>[]) => rows as LowStockRow[];

export async function lowStock(db: Db, companyId: number) {
  return mapLowStock((await db.execute(lowStockSql(companyId))).rows);
}

/**
 * Products in stock expiring from the company's today to 30 days ahead, soonest first (nothing expires from an empty
 * shelf).
 */
export const expiringSql = (companyId: number) => sql`
  -- Ordered by the column (p.), not the formatted output of the same name, so the index gives the order.
  WITH t AS (SELECT ${companyToday(zoneOf(companyId))} AS today)
  SELECT p.id, p.name, p.sku, p.quantity, to_char(p.expiration_date, 'YYYY-MM-DD') AS expiration_date,
    (p.expiration_date - t.today)::int AS days_left
  FROM products p, t
  WHERE p.company_id = ${companyId} AND p.expiration_date >= t.today
    AND p.expiration_date <= t.today + ${EXPIRING_WINDOW_DAYS}::int AND p.quantity > 0
  ORDER BY p.expiration_date, p.name, p.id LIMIT ${DASHBOARD_LIST_SIZE}
`;
type ExpiringRow = {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  expiration_date: string;
  days_left: number;
};
export const mapExpiring = (rows: Record<string, unknown>[]) => rows as ExpiringRow[];

export async function expiring(db: Db, companyId: number) {
  return mapExpiring((await db.execute(expiringSql(companyId))).rows);
}

/**
 * Count reviews: whether the count policy asks for approval, and the counts awaiting review (as the Audits page's
 * `review=awaiting`: a line over the policy undecided or sent to recount, not applied, counts not applied yet). It
 * reads only the waiting lines (audit_discrepancies_awaiting_idx), whatever the company's history.
 */
export const reviewCountsSql = (companyId: number) => sql`
  SELECT EXISTS (SELECT 1 FROM count_policies p WHERE p.company_id = ${companyId}
      AND (p.approval_units IS NOT NULL OR p.approval_value IS NOT NULL)) AS approval_on,
    (SELECT count(DISTINCT d.audit_id) FROM audit_discrepancies d
      JOIN audits a ON a.company_id = d.company_id AND a.id = d.audit_id
      WHERE d.company_id = ${companyId} AND d.needs_approval AND d.applied_at IS NULL
        AND (d.decision IS NULL OR d.decision = 'recount') AND a.counts_applied_at IS NULL)::int AS awaiting
`;
export const mapReviewCounts = (rows: Record<string, unknown>[]) => {
  const row = first(rows);
  return { approvalOn: row?.approval_on === true, awaiting: n(row?.awaiting) };
};
