import {
  DASHBOARD_LIST_SIZE,
  DUTCHIE_REPORT_LOW_STOCK_MAX,
  DUTCHIE_SALES_DAYS_MAX,
  EXPIRING_WINDOW_DAYS,
  type TDutchieItem,
  type TExpiringItem,
  type TInventoryStats,
  type TLowStockItem,
  type TTopProduct,
} from '@quantics/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { allPackages, expiring, lowInventory } from '../dutchie/dutchie-inventory.service.ts';
import { topSelling } from '../dutchie/dutchie-sales.service.ts';
import type { StockFigures } from './stock-figures.ts';

/**
 * The dashboard's inventory figures for a point-of-sale company, from its Dutchie snapshot (the Dutchie module's
 * services: no call to Dutchie per view). A package is the unit: Total Products counts the packages in stock, as
 * the Dutchie Inventory screen lists them; low stock is the reports' 0 < quantity <= 5.
 */

const cents = (n: number) => Math.round(n * 100) / 100;
const sku = (i: TDutchieItem) => i.sku ?? i.packageId;

export function dutchieTotals(items: TDutchieItem[]): TInventoryStats['inventory'] {
  const inStock = items.filter((i) => i.quantity > 0);
  const distinct = (pick: (i: TDutchieItem) => string | null) =>
    new Set(inStock.map(pick).filter((v): v is string => !!v)).size;
  return {
    totalInventoryCost: cents(inStock.reduce((s, i) => s + i.quantity * (i.unitCost ?? 0), 0)),
    totalProducts: inStock.length,
    totalUnits: cents(inStock.reduce((s, i) => s + i.quantity, 0)),
    totalVendors: distinct((i) => i.vendor),
    totalCategories: distinct((i) => i.category),
    lowStock: inStock.filter((i) => i.quantity <= DUTCHIE_REPORT_LOW_STOCK_MAX).length,
  };
}

export function dutchieStock(ctx: DutchieContext): StockFigures {
  return {
    inventory: async (companyId) =>
      dutchieTotals((await allPackages(ctx, companyId, { includeZero: false })).items),
    lowStock: async (companyId): Promise<TLowStockItem[]> => {
      const low = await lowInventory(ctx, companyId, DUTCHIE_REPORT_LOW_STOCK_MAX, DASHBOARD_LIST_SIZE);
      return low.data.map((i) => ({
        id: i.packageId,
        name: i.productName,
        sku: sku(i),
        quantity: i.quantity,
        min_stock_level: DUTCHIE_REPORT_LOW_STOCK_MAX,
      }));
    },
    expiring: async (companyId): Promise<TExpiringItem[]> => {
      const soon = await expiring(ctx, companyId, EXPIRING_WINDOW_DAYS);
      return soon.data.slice(0, DASHBOARD_LIST_SIZE).map((i) => ({
        id: i.packageId,
        name: i.productName,
        sku: sku(i),
        quantity: i.quantity,
        expiration_date: i.expirationDate ?? '',
        days_left: i.daysLeft,
      }));
    },
    // Dutchie's sales are read at most 90 days at a time; a longer window is the last 90 days.
    topProducts: async (companyId, days): Promise<TTopProduct[]> =>
      (await topSelling(ctx, companyId, Math.min(days, DUTCHIE_SALES_DAYS_MAX), DASHBOARD_LIST_SIZE)).data,
    source: async (companyId) => {
      const { sync } = await allPackages(ctx, companyId, { includeZero: false });
      return { as_of: sync.as_of, message: sync.message };
    },
    kind: 'point-of-sale',
  };
}

/** A Dutchie failure the dashboard can show (key refused, Dutchie away): anything else is a real error. */
export const isDutchieFailure = (e: unknown): e is AppError =>
  e instanceof AppError && [409, 502, 503].includes(e.statusCode);
