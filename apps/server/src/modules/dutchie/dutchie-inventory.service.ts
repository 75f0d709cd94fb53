import {
  DUTCHIE_MESSAGES,
  pagination,
  type TDutchieExpiringItem,
  type TDutchieInventoryResponse,
  type TDutchieItem,
  type TDutchieSync,
} from '@quantics/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { DutchieContext } from './dutchie-context.ts';
import { pageOf, selectPositions } from './dutchie-select.ts';
import { inventorySnapshot } from './dutchie-snapshot.ts';

export type InventoryQuery = {
  includeZero: boolean;
  search?: string;
  category?: string;
  vendor?: string;
  room?: string;
  page: number;
  limit: number;
  sort: 'name' | 'quantity' | 'expiration';
  order: 'asc' | 'desc';
  refresh: boolean;
};

/** GET /api/dutchie-inventory: one page of the snapshot, its filter choices and how fresh it is. */
export async function listInventory(
  ctx: DutchieContext,
  companyId: number,
  q: InventoryQuery,
): Promise<TDutchieInventoryResponse> {
  const { value: snapshot, sync } = await inventorySnapshot(ctx, companyId, { refresh: q.refresh });
  const selected = selectPositions(snapshot, q);
  const offset = (q.page - 1) * q.limit;
  return {
    data: pageOf(snapshot, selected, { offset, limit: q.limit, isDescending: q.order === 'desc' }),
    pagination: pagination(q.page, q.limit, selected.length),
    filters: snapshot.facets,
    as_of: sync.as_of,
    sync,
  };
}

/** Every package (with zero quantities when asked), for reports, the dashboard, labels and audits. */
export async function allPackages(
  ctx: DutchieContext,
  companyId: number,
  opts: { includeZero: boolean },
): Promise<{ items: TDutchieItem[]; sync: TDutchieSync }> {
  const { value, sync } = await inventorySnapshot(ctx, companyId);
  return { items: opts.includeZero ? value.items : value.items.filter((i) => i.quantity > 0), sync };
}

export async function findPackage(ctx: DutchieContext, companyId: number, packageId: string) {
  const result = await inventorySnapshot(ctx, companyId);
  const item = result.value.byPackage.get(packageId);
  if (!item) throw notFound(DUTCHIE_MESSAGES.packageNotFound);
  return { item, sync: result.sync };
}

/** GET .../search?q=: packages whose name, SKU, package id, vendor, brand, category or strain match. */
export async function searchPackages(ctx: DutchieContext, companyId: number, q: string, limit: number) {
  const { value, sync } = await inventorySnapshot(ctx, companyId);
  const selected = selectPositions(value, { includeZero: true, search: q, sort: 'name' });
  const data = pageOf(value, selected, { offset: 0, limit, isDescending: false });
  return { data, sync };
}

/**
 * In stock but at or under the threshold, fewest first: the first `limit` of them (all without one) and how many
 * there are. The quantity order is kept per snapshot, so this is a binary search and a slice.
 */
export async function lowInventory(
  ctx: DutchieContext,
  companyId: number,
  threshold: number,
  limit?: number,
) {
  const { value, sync } = await inventorySnapshot(ctx, companyId);
  const byQuantity = selectPositions(value, { includeZero: false, sort: 'quantity' });
  let lo = 0;
  let hi = byQuantity.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((value.items[byQuantity[mid] as number]?.quantity ?? 0) <= threshold) lo = mid + 1;
    else hi = mid;
  }
  const data = pageOf(value, byQuantity, {
    offset: 0,
    limit: Math.min(lo, limit ?? lo),
    isDescending: false,
  });
  return { data, threshold, total: lo, sync };
}

const DAY_MS = 86_400_000;
const todayUtc = () => new Date(new Date().toISOString().slice(0, 10)).getTime();

/** In stock and expiring from today to `days` days ahead, soonest first, with days left. */
export async function expiring(ctx: DutchieContext, companyId: number, days: number) {
  const { value, sync } = await inventorySnapshot(ctx, companyId);
  const today = todayUtc();
  const data: TDutchieExpiringItem[] = [];
  const soonest = selectPositions(value, { includeZero: false, sort: 'expiration' });
  for (const item of pageOf(value, soonest, { offset: 0, limit: soonest.length, isDescending: false })) {
    if (!item.expirationDate || item.quantity <= 0) continue;
    const daysLeft = Math.round((new Date(item.expirationDate).getTime() - today) / DAY_MS);
    if (daysLeft > days) break;
    if (daysLeft >= 0) data.push({ ...item, daysLeft });
  }
  return { data, days, sync };
}

const SALES_FLOOR = 'sales floor';
const cents = (n: number) => Math.round(n * 100) / 100;

/** What is on the sales floor now: packages with units there, and their totals. */
export async function salesFloor(ctx: DutchieContext, companyId: number) {
  const { value, sync } = await inventorySnapshot(ctx, companyId);
  const data = value.items.flatMap((item) => {
    const floor = item.rooms
      .filter((r) => r.roomName.toLowerCase() === SALES_FLOOR)
      .reduce((s, r) => s + r.quantity, 0);
    return floor > 0 ? [{ ...item, salesFloorQuantity: floor }] : [];
  });
  const totals = {
    packages: data.length,
    units: data.reduce((s, i) => s + i.salesFloorQuantity, 0),
    retailValue: cents(data.reduce((s, i) => s + i.salesFloorQuantity * (i.unitPrice ?? 0), 0)),
  };
  return { data, totals, sync };
}
