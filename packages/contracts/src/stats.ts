import { z } from 'zod';
import { ZActivityItem } from './activity.ts';
import { zQueryInt } from './pagination.ts';

export const DASHBOARD_REFRESH_MS = 30_000;
export const DASHBOARD_LIST_SIZE = 5;
export const EXPIRING_WINDOW_DAYS = 30;
export const TOP_PRODUCTS_DAYS_DEFAULT = 30;
export const TRENDS_DAYS = 30;

/** Days left colour: red at 3 or fewer, yellow at 7 or fewer. */
export function expiringColor(daysLeft: number): 'red' | 'yellow' | 'normal' {
  if (daysLeft <= 3) return 'red';
  if (daysLeft <= 7) return 'yellow';
  return 'normal';
}

export const ZQuickStats = z.object({
  devices: z.object({ online: z.number().int(), total: z.number().int() }),
  /** The most recent completed audit; zeros when there is none. */
  latestAudit: z.object({
    id: z.number().int().nullable(),
    tagsFound: z.number().int(),
    discrepancies: z.number().int(),
    accuracy: z.number().int().nullable(),
  }),
  /** Completed audits of the last 30 days. */
  audits: z.object({
    total: z.number().int(),
    successfulNoDiscrepancies: z.number().int(),
    failedWithDiscrepancies: z.number().int(),
  }),
});
export type TQuickStats = z.infer<typeof ZQuickStats>;

export const ZInventoryStats = z.object({
  inventory: z.object({
    /** Sum of quantity x unit cost, in dollars. */
    totalInventoryCost: z.number(),
    /** Products in the catalogue; for a point-of-sale company, its packages in stock. */
    totalProducts: z.number().int(),
    /** Whole units in a catalogue; a point-of-sale package may hold part units (grams). */
    totalUnits: z.number(),
    totalVendors: z.number().int(),
    totalCategories: z.number().int(),
    /** Products low or out of stock; point-of-sale packages with 0 < quantity <= 5. */
    lowStock: z.number().int(),
  }),
});
export type TInventoryStats = z.infer<typeof ZInventoryStats>;

/** A product's id, or a point-of-sale package's id (Dutchie's package tag). */
const ZStockItemId = z.union([z.number().int(), z.string()]);

export const ZLowStockItem = z.object({
  id: ZStockItemId,
  name: z.string(),
  /** The product's SKU (a point-of-sale package's SKU, or its package id when it has none). */
  sku: z.string(),
  quantity: z.number(),
  /** At or under this is low; for point-of-sale packages the reports' threshold (5). */
  min_stock_level: z.number().int(),
});
export type TLowStockItem = z.infer<typeof ZLowStockItem>;

export const ZExpiringItem = z.object({
  id: ZStockItemId,
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  expiration_date: z.string(),
  days_left: z.number().int(),
});
export type TExpiringItem = z.infer<typeof ZExpiringItem>;

export const ZTopProduct = z.object({
  packageId: z.string(),
  productName: z.string(),
  vendor: z.string().nullable(),
  totalQuantity: z.number(),
});
export type TTopProduct = z.infer<typeof ZTopProduct>;

export const ZTopProductsQuery = z.object({
  days: zQueryInt('days', 1, 365).optional().default(TOP_PRODUCTS_DAYS_DEFAULT),
});

export const ZRecentAudit = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  /** Null: 'Unknown Device'. */
  device_name: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  tags_found: z.number().int(),
  tags_expected: z.number().int(),
  discrepancies_count: z.number().int(),
  accuracy: z.number().int().nullable(),
  comments: z.string().nullable(),
});
export type TRecentAudit = z.infer<typeof ZRecentAudit>;

export const ZAuditTrend = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  scanned: z.number().int(),
  discrepancies: z.number().int(),
});

export const ZActivityStats = z.object({
  recentActivity: z.array(ZActivityItem),
  recentAudits: z.array(ZRecentAudit),
  audits: z.object({
    /** One entry per day of the last 30 that had completed audits. */
    trends: z.array(ZAuditTrend),
    /** Mean accuracy of completed audits in the last 30 days; null when there were none. */
    averageAccuracy: z.number().int().nullable(),
  }),
});
export type TActivityStats = z.infer<typeof ZActivityStats>;

export const ZPointOfSaleSource = z.object({
  as_of: z.string().nullable(),
  message: z.string().nullable(),
});
export type TPointOfSaleSource = z.infer<typeof ZPointOfSaleSource>;

/** GET /api/stats/dashboard: every figure of the dashboard in one answer. */
export const ZDashboardStats = z.object({
  devices: ZQuickStats.shape.devices,
  latestAudit: ZQuickStats.shape.latestAudit,
  audits: ZQuickStats.shape.audits.extend({
    /** Units off over every completed audit of the last 30 days. */
    totalDiscrepancies: z.number().int(),
    trends: z.array(ZAuditTrend),
    averageAccuracy: z.number().int().nullable(),
  }),
  inventory: ZInventoryStats.shape.inventory,
  lowStock: z.array(ZLowStockItem),
  expiring: z.array(ZExpiringItem),
  topProducts: z.array(ZTopProduct),
  recentActivity: z.array(ZActivityItem),
  recentAudits: z.array(ZRecentAudit),
  /**
   * Null for a local catalogue. For a point-of-sale company, where the inventory figures come from: when its
   * Dutchie snapshot was taken, and what went wrong reading Dutchie (then the figures it could not read are empty).
   */
  pointOfSale: ZPointOfSaleSource.nullable(),
  /**
   * Count reviews: whether the company's count policy asks for approval, and how many completed counts await an
   * admin's review (review_status awaiting: the Audits page's filter).
   */
  reviews: z.object({ approvalOn: z.boolean(), awaiting: z.number().int() }),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;
