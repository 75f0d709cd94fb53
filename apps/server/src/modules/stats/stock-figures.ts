import type {
  TExpiringItem,
  TInventoryStats,
  TLowStockItem,
  TPointOfSaleSource,
  TTopProduct,
} from '@quantics/contracts';

/**
 * Where the dashboard's inventory figures come from: the local catalogue (stats.service.ts, SQL over the
 * trigger-kept counters) or a point-of-sale company's Dutchie snapshot (dutchie-stock.ts). The routes pick one by
 * the caller's inventory type.
 */
export type StockFigures = {
  inventory: (companyId: number) => Promise<TInventoryStats['inventory']>;
  lowStock: (companyId: number) => Promise<TLowStockItem[]>;
  expiring: (companyId: number) => Promise<TExpiringItem[]>;
  topProducts: (companyId: number, days: number) => Promise<TTopProduct[]>;
  /** Where a point-of-sale company's figures come from (null for the local catalogue). */
  source: (companyId: number) => Promise<TPointOfSaleSource | null>;
  /** The local catalogue's figures are SQL the dashboard reads in its one statement (dashboard.repo.ts). */
  kind: 'local' | 'point-of-sale';
};
