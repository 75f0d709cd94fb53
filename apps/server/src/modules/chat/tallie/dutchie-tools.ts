import {
  DUTCHIE_REPORT_LOW_STOCK_MAX,
  EXPIRING_WINDOW_DAYS,
  type TDutchieItem,
  type TDutchieSync,
} from '@quantics/contracts';
import type { DutchieContext } from '../../dutchie/dutchie-context.ts';
import * as dutchie from '../../dutchie/dutchie-inventory.service.ts';

/**
 * Tallie's inventory tools for a company whose inventory lives in Dutchie: the same answers as for a local
 * catalogue (same field names, so the built-in replies and a model read them alike), computed from the company's
 * Dutchie snapshot through the Dutchie services. Audits and readers are the portal's own data either way.
 */
type Ctx = { dutchie: DutchieContext; companyId: number };

const LIST_SIZE = 10;
const cents = (n: number) => Math.round(n * 100) / 100;

/** Where the units are: 'Sales Floor (3), Vault (10)'; rooms with none left out. */
const roomsOf = (i: TDutchieItem) =>
  i.rooms
    .filter((r) => r.quantity > 0)
    .map((r) => `${r.roomName} (${r.quantity})`)
    .join(', ') || null;

const packageBrief = (i: TDutchieItem) => ({
  name: i.productName,
  sku: i.sku,
  package_id: i.packageId,
  quantity: i.quantity,
  vendor: i.vendor,
  category: i.category,
  location: roomsOf(i),
});

/** How fresh the figures are; a stale snapshot (Dutchie not answering) says so. */
const source = (sync: TDutchieSync) => ({
  source: 'dutchie',
  as_of: sync.as_of,
  ...(sync.is_stale && sync.message ? { note: sync.message } : {}),
});

/** Low stock as the Dutchie dashboard and reports count it (0 < units <= 5), and packages with none left. */
export async function lowStock({ dutchie: d, companyId }: Ctx) {
  const { items, sync } = await dutchie.allPackages(d, companyId, { includeZero: true });
  const low = items
    .filter((i) => i.quantity > 0 && i.quantity <= DUTCHIE_REPORT_LOW_STOCK_MAX)
    .sort((a, b) => a.quantity - b.quantity);
  const out = items.filter((i) => i.quantity <= 0);
  return {
    low_stock_count: low.length,
    out_of_stock_count: out.length,
    low_stock_threshold: DUTCHIE_REPORT_LOW_STOCK_MAX,
    low_stock: low.slice(0, LIST_SIZE).map(packageBrief),
    out_of_stock: out.slice(0, LIST_SIZE).map(packageBrief),
    ...source(sync),
  };
}

export async function expiringSoon({ dutchie: d, companyId }: Ctx, days = EXPIRING_WINDOW_DAYS) {
  const { data, sync } = await dutchie.expiring(d, companyId, days);
  return {
    window_days: days,
    expiring_count: data.length,
    expiring: data.slice(0, LIST_SIZE).map((i) => ({
      ...packageBrief(i),
      expiration_date: i.expirationDate,
      days_left: i.daysLeft,
    })),
    ...source(sync),
  };
}

/** By name, SKU, package id, vendor, brand, category or strain, the way the Dutchie Inventory search finds them. */
export async function findProduct({ dutchie: d, companyId }: Ctx, query: string) {
  const found = await dutchie.listInventory(d, companyId, {
    includeZero: true,
    search: query,
    page: 1,
    limit: LIST_SIZE,
    sort: 'name',
    order: 'asc',
    refresh: false,
  });
  return {
    query,
    total: found.pagination.totalItems,
    products: found.data.map(packageBrief),
    ...source(found.sync),
  };
}

/** Units and value of what is in stock: at cost (as the dashboard's figure) and at retail price. */
export async function inventoryValue({ dutchie: d, companyId }: Ctx) {
  const { items, sync } = await dutchie.allPackages(d, companyId, { includeZero: false });
  let cost = 0;
  let retail = 0;
  let units = 0;
  for (const i of items) {
    cost += i.quantity * (i.unitCost ?? 0);
    retail += i.quantity * (i.unitPrice ?? 0);
    units += i.quantity;
  }
  const distinct = (pick: (i: TDutchieItem) => string | null) =>
    new Set(items.map(pick).filter((v) => v !== null && v !== '')).size;
  return {
    totalInventoryCost: cents(cost),
    totalRetailValue: cents(retail),
    totalProducts: items.length,
    totalUnits: cents(units),
    totalVendors: distinct((i) => i.vendor),
    totalCategories: distinct((i) => i.category),
    ...source(sync),
  };
}
