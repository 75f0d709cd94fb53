import type { TProduct } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './inventory.repo.ts';
import { productView } from './inventory.service.ts';

/**
 * Short answers about the catalogue for a question (Tallie's tools) rather than for a page: a few products and
 * how many there are, read along an index so they stay quick at a million products.
 */

/** How many matches are counted exactly; past it the answer is "more than". */
export const LOOKUP_COUNT_CAP = 1000;

/** Products matching a name fragment, SKU (prefix) or RFID tag, as the inventory search finds them. */
export async function lookupProducts(
  reads: repo.InventoryReads,
  companyId: number,
  term: string,
  limit: number,
): Promise<{ products: TProduct[]; total: number; isMore: boolean }> {
  const { rows, total } = await repo.searchSample(reads, companyId, term, limit, LOOKUP_COUNT_CAP + 1);
  return {
    products: rows.map(productView),
    total: Math.min(total, LOOKUP_COUNT_CAP),
    isMore: total > LOOKUP_COUNT_CAP,
  };
}

/** Products in stock expiring from today to `days` days ahead, soonest first, with the days left. */
export async function expiringProducts(
  db: Db,
  companyId: number,
  days: number,
  limit: number,
): Promise<(TProduct & { days_left: number })[]> {
  const rows = await repo.expiringProducts(db, companyId, days, limit);
  return rows.map(({ daysLeft, ...row }) => ({ ...productView(row), days_left: Number(daysLeft) }));
}

/** Low-stock and out-of-stock products (the first `limit` of each by name) and how many of each there are. */
export async function stockAlerts(db: Db, companyId: number, limit: number) {
  const [rows, counts] = await Promise.all([
    repo.stockAlertRows(db, companyId, limit),
    repo.summary(db, companyId),
  ]);
  const of = (status: string) => rows.filter((r) => r.status === status).map(productView);
  return {
    lowStock: of('low-stock'),
    outOfStock: of('out-of-stock'),
    lowStockCount: counts.lowStock,
    outOfStockCount: counts.outOfStock,
  };
}
