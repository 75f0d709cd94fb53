import type {
  TActivityStats,
  TDashboardStats,
  TExpiringItem,
  TInventoryStats,
  TLowStockItem,
  TQuickStats,
  TTopProduct,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { readFigures } from './dashboard.repo.ts';
import { type DashboardCache, LIVE_FIGURES, type SettledName } from './dashboard-cache.ts';
import { isDutchieFailure } from './dutchie-stock.ts';
import * as repo from './stats.repo.ts';
import type { StockFigures } from './stock-figures.ts';

/** `cache`: the app's memory of settled figures (dashboard-cache.ts); without it every figure is read each time. */
export type StatsDeps = { db: Db; clock: AuditClock; cache?: DashboardCache };

const latestAuditView = (latest: ReturnType<typeof repo.mapLatestCompletedAudit>) => ({
  id: latest?.id ?? null,
  tagsFound: Number(latest?.tags_found ?? 0),
  discrepancies: Number(latest?.discrepancies_count ?? 0),
  accuracy: latest?.accuracy ?? null,
});

const windowSplit = (window: repo.AuditWindow) => ({
  total: window.total,
  successfulNoDiscrepancies: window.clean,
  failedWithDiscrepancies: window.off,
});

/** Devices online, the latest audit and the 30-day split (one statement). */
export async function quickStats(deps: StatsDeps, companyId: number): Promise<TQuickStats> {
  const { devices, latest, window } = await readFigures(deps.db, companyId, deps.clock, [
    'devices',
    'latest',
    'window',
  ]);
  return { devices, latestAudit: latestAuditView(latest), audits: windowSplit(window) };
}

/** Recent activity and audits, the trends and average accuracy (one statement). */
export async function activityStats(deps: StatsDeps, companyId: number): Promise<TActivityStats> {
  const { window, recentAudits, recentActivity } = await readFigures(deps.db, companyId, deps.clock, [
    'window',
    'recentAudits',
    'recentActivity',
  ]);
  return {
    recentActivity,
    recentAudits,
    audits: { trends: window.trends, averageAccuracy: window.averageAccuracy },
  };
}

export async function inventoryStats({ db }: StatsDeps, companyId: number): Promise<TInventoryStats> {
  return { inventory: await repo.inventoryTotals(db, companyId) };
}

export async function lowStockItems({ db }: StatsDeps, companyId: number): Promise<TLowStockItem[]> {
  return repo.lowStock(db, companyId);
}

export async function expiringItems({ db }: StatsDeps, companyId: number): Promise<TExpiringItem[]> {
  return repo.expiring(db, companyId);
}

/**
 * Best sellers need sales, which only a point-of-sale records: a local catalogue has none, so the list is empty
 * ('No sales data available'). Point-of-sale companies get theirs from the Dutchie module.
 */
export async function topProducts(
  _deps: StatsDeps,
  _companyId: number,
  _days: number,
): Promise<TTopProduct[]> {
  return [];
}

/** The local catalogue's figures, as the dashboard reads them. */
export function localStock(deps: StatsDeps): StockFigures {
  return {
    inventory: async (companyId) => (await inventoryStats(deps, companyId)).inventory,
    lowStock: (companyId) => lowStockItems(deps, companyId),
    expiring: (companyId) => expiringItems(deps, companyId),
    topProducts: (companyId, days) => topProducts(deps, companyId, days),
    source: async () => null,
    kind: 'local',
  };
}

/** The live figures and the settled ones named, through the app's cache when it has one. */
function dashboardFigures<const S extends SettledName>(
  deps: StatsDeps,
  companyId: number,
  settled: readonly S[],
) {
  return deps.cache
    ? deps.cache.read(deps.db, companyId, deps.clock, settled)
    : readFigures(deps.db, companyId, deps.clock, [...LIVE_FIGURES, ...settled]);
}

const EMPTY_INVENTORY: TInventoryStats['inventory'] = {
  totalInventoryCost: 0,
  totalProducts: 0,
  totalUnits: 0,
  totalVendors: 0,
  totalCategories: 0,
  lowStock: 0,
};

/**
 * Every figure at once (one round trip for the dashboard). `stock` is where the inventory figures come from (the
 * local catalogue unless given): the local ones are read in the same statement as the audit and device figures
 * (dashboard.repo.ts). When a point-of-sale company's Dutchie cannot be read, the audit and device figures still
 * come, the inventory ones are empty and `pointOfSale.message` says why.
 */
export async function dashboard(
  deps: StatsDeps,
  companyId: number,
  topDays: number,
  stock: StockFigures = localStock(deps),
): Promise<TDashboardStats> {
  const failures: string[] = [];
  const part = async <T>(run: () => Promise<T>, empty: T): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      if (!isDutchieFailure(e)) throw e;
      failures.push(e.message);
      return empty;
    }
  };
  // The local catalogue's figures are read in the same statement as the audit and device figures; a point-of-sale
  // company's come from its Dutchie snapshot beside it (the Dutchie module keeps that snapshot; it is not cached here).
  const figures =
    stock.kind === 'local'
      ? dashboardFigures(deps, companyId, [
          'latest',
          'firstDay',
          'wholeDays',
          'inventory',
          'lowStock',
          'expiring',
        ])
      : Promise.all([
          dashboardFigures(deps, companyId, ['latest', 'firstDay', 'wholeDays']),
          part(() => stock.inventory(companyId), EMPTY_INVENTORY),
          part(() => stock.lowStock(companyId), []),
          part(() => stock.expiring(companyId), []),
        ]).then(([f, inventory, lowStock, expiring]) => ({ ...f, inventory, lowStock, expiring }));
  const [f, top, source] = await Promise.all([
    figures,
    part(() => stock.topProducts(companyId, topDays), []),
    part(() => stock.source(companyId), null),
  ]);
  // The window's partial first day before its whole days: the days in order, oldest first.
  const window = repo.mapAuditWindow([...f.firstDay, ...f.wholeDays]);
  return {
    devices: f.devices,
    latestAudit: latestAuditView(f.latest),
    audits: {
      ...windowSplit(window),
      totalDiscrepancies: window.unitsOff,
      trends: window.trends,
      averageAccuracy: window.averageAccuracy,
    },
    inventory: f.inventory,
    lowStock: f.lowStock,
    expiring: f.expiring,
    topProducts: top,
    recentActivity: f.recentActivity,
    recentAudits: f.recentAudits,
    pointOfSale:
      failures.length > 0 ? { as_of: source?.as_of ?? null, message: failures[0] ?? null } : (source ?? null),
    reviews: f.reviews,
  };
}
