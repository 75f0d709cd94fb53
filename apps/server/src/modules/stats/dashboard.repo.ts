import { DASHBOARD_LIST_SIZE, DEVICE_ONLINE_WINDOW_MS } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recentActivitySql } from '../activity/activity.repo.ts';
import { activityItems } from '../activity/activity.service.ts';
import * as repo from './stats.repo.ts';

/**
 * Every dashboard figure the database holds, read in one statement: each of the reads in stats.repo.ts becomes a
 * `json_agg` subquery of one row, so the dashboard costs one round trip and one plan instead of eight (measured on a
 * seeded million-product database, c=10: p50 10 ms against 15-23 ms for the eight separately). The same SQL and
 * the same mappers serve the single-figure calls, so both always agree. One statement also means one snapshot:
 * the cards, the trends and the lists are never a moment apart.
 *
 * `withStock`: the local catalogue's figures too (a point-of-sale company's come from its Dutchie snapshot).
 */
/** The named reads as one statement: the rows of each, by name. */
async function readAsOne(db: Db, parts: [string, SQL][]) {
  // json_agg keeps the order of a subquery that sorts and limits (an Aggregate straight over its Limit).
  const columns = sql.join(
    parts.map(
      ([name, read]) => sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${read}) x) AS ${sql.raw(name)}`,
    ),
    sql`, `,
  );
  const r = await db.execute<Record<string, Record<string, unknown>[]>>(sql`SELECT ${columns}`);
  const row = r.rows[0] ?? {};
  return (name: string) => row[name] ?? [];
}

const activityRows = (rows: Record<string, unknown>[]) =>
  activityItems(rows as unknown as Parameters<typeof activityItems>[0]);

export async function dashboardReads(
  db: Db,
  companyId: number,
  opts: { auditTimeoutMinutes: number; withStock: boolean },
) {
  const parts: [string, SQL][] = [
    ['devices', repo.deviceCountsSql(companyId, DEVICE_ONLINE_WINDOW_MS)],
    ['latest', repo.latestCompletedAuditSql(companyId)],
    ['window', repo.auditWindowSql(companyId)],
    ['recent_audits', repo.recentAuditsSql(companyId, opts.auditTimeoutMinutes)],
    ['activity', recentActivitySql(companyId, DASHBOARD_LIST_SIZE)],
  ];
  if (opts.withStock) {
    parts.push(
      ['inventory', repo.inventoryTotalsSql(companyId)],
      ['low_stock', repo.lowStockSql(companyId)],
      ['expiring', repo.expiringSql(companyId)],
    );
  }
  const rows = await readAsOne(db, parts);
  return {
    devices: repo.mapDeviceCounts(rows('devices')),
    latest: repo.mapLatestCompletedAudit(rows('latest')),
    window: repo.mapAuditWindow(rows('window')),
    recentAudits: repo.mapRecentAudits(rows('recent_audits')),
    recentActivity: activityRows(rows('activity')),
    stock: opts.withStock
      ? {
          inventory: repo.mapInventoryTotals(rows('inventory')),
          lowStock: repo.mapLowStock(rows('low_stock')),
          expiring: repo.mapExpiring(rows('expiring')),
        }
      : null,
  };
}

/** The quick stats' reads (devices, the latest audit, the 30-day window) as one statement. */
export async function quickReads(db: Db, companyId: number) {
  const rows = await readAsOne(db, [
    ['devices', repo.deviceCountsSql(companyId, DEVICE_ONLINE_WINDOW_MS)],
    ['latest', repo.latestCompletedAuditSql(companyId)],
    ['window', repo.auditWindowSql(companyId)],
  ]);
  return {
    devices: repo.mapDeviceCounts(rows('devices')),
    latest: repo.mapLatestCompletedAudit(rows('latest')),
    window: repo.mapAuditWindow(rows('window')),
  };
}

/** The activity stats' reads (recent activity and audits, the 30-day window) as one statement. */
export async function activityReads(db: Db, companyId: number, auditTimeoutMinutes: number) {
  const rows = await readAsOne(db, [
    ['window', repo.auditWindowSql(companyId)],
    ['recent_audits', repo.recentAuditsSql(companyId, auditTimeoutMinutes)],
    ['activity', recentActivitySql(companyId, DASHBOARD_LIST_SIZE)],
  ]);
  return {
    window: repo.mapAuditWindow(rows('window')),
    recentAudits: repo.mapRecentAudits(rows('recent_audits')),
    recentActivity: activityRows(rows('activity')),
  };
}
