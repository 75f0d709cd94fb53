import { DASHBOARD_LIST_SIZE, DEVICE_ONLINE_WINDOW_MS } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyToday, zoneOf } from '../../db/company-day.ts';
import { type ActivityRow, recentActivitySql } from '../activity/activity.repo.ts';
import { activityItems } from '../activity/activity.service.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import * as repo from './stats.repo.ts';

type Rows = Record<string, unknown>[];

/** Each figure the statistics read from the database: its SQL (stats.repo.ts) and how its rows become the figure. */
function figureReads(companyId: number, clock: AuditClock) {
  return {
    devices: { sql: repo.deviceCountsSql(companyId, DEVICE_ONLINE_WINDOW_MS), map: repo.mapDeviceCounts },
    latest: { sql: repo.latestCompletedAuditSql(companyId), map: repo.mapLatestCompletedAudit },
    window: { sql: repo.auditWindowSql(companyId), map: repo.mapAuditWindow },
    wholeDays: { sql: repo.auditWholeDaysSql(companyId), map: (rows: Rows) => rows },
    firstDay: { sql: repo.auditFirstDaySql(companyId), map: (rows: Rows) => rows },
    settled: { sql: settledKeySql(companyId), map: mapSettledKey },
    recentAudits: { sql: repo.recentAuditsSql(companyId, clock), map: repo.mapRecentAudits },
    recentActivity: {
      sql: recentActivitySql(companyId, DASHBOARD_LIST_SIZE),
      map: (rows: Rows) => activityItems(rows as unknown as ActivityRow[]),
    },
    inventory: { sql: repo.inventoryTotalsSql(companyId), map: repo.mapInventoryTotals },
    lowStock: { sql: repo.lowStockSql(companyId), map: repo.mapLowStock },
    expiring: { sql: repo.expiringSql(companyId), map: repo.mapExpiring },
    reviews: { sql: repo.reviewCountsSql(companyId), map: repo.mapReviewCounts },
  };
}
type Figures = ReturnType<typeof figureReads>;
export type FigureName = keyof Figures;
/** The named figures, as readFigures gives them. */
export type FigureValues<K extends FigureName> = { [N in K]: ReturnType<Figures[N]['map']> };

/**
 * What the dashboard's settled figures are kept under (dashboard-cache.ts): the company's dashboard version, which
 * triggers move with every statement that changes them (migration 0030), and the two dates they depend on: the
 * window's first day and today, the company's (its time zone's days) (the expiring list's days left), both from the database's clock.
 */
const settledKeySql = (companyId: number) => sql`
  SELECT coalesce((SELECT v.version FROM dashboard_versions v WHERE v.company_id = ${companyId}), 0) AS version,
    to_char(${repo.windowFirstDay(companyId)}, 'YYYY-MM-DD') AS first_day,
    to_char(${companyToday(zoneOf(companyId))}, 'YYYY-MM-DD') AS today, (extract(epoch FROM now()) * 1000)::bigint AS now_ms
`;
const mapSettledKey = (rows: Rows) => {
  const row = rows[0] ?? {};
  return {
    key: `${String(row.version ?? 0)} ${String(row.first_day ?? '')} ${String(row.today ?? '')}`,
    /** The database's clock, for figures that hold until a moment (the window's first day). */
    nowMs: Number(row.now_ms ?? 0),
  };
};

/**
 * The named figures read in one statement: each read becomes a `json_agg` subquery of one row, so the dashboard
 * costs one round trip and one plan instead of eight (README, Benchmarks, has the figures). One statement is also
 * one snapshot: the cards, the trends and the lists are never a moment apart.
 */
export async function readFigures<const K extends FigureName>(
  db: Db,
  companyId: number,
  clock: AuditClock,
  names: readonly K[],
): Promise<FigureValues<K>> {
  const reads = figureReads(companyId, clock);
  // json_agg keeps the order of a subquery that sorts and limits (an Aggregate straight over its Limit).
  const columns = sql.join(
    names.map(
      (name) =>
        sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${reads[name].sql}) x) AS ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const r = await db.execute<Record<string, Rows>>(sql`SELECT ${columns}`);
  const row = r.rows[0] ?? {};
  return Object.fromEntries(names.map((name) => [name, reads[name].map(row[name] ?? [])])) as FigureValues<K>;
}
