import { z } from 'zod';
import { dutchieDayParam, dutchieWholeNumber, ZDutchieItem, ZDutchieSync } from './dutchie.ts';
/** The spec's Top product (stats.ts), here computed from Dutchie's transactions. */
import { ZTopProduct } from './stats.ts';

/** Most days of sales the portal reads from Dutchie at once (top sellers, transactions). */
export const DUTCHIE_SALES_DAYS_MAX = 90;

export const ZTopSellingQuery = z.object({
  days: dutchieWholeNumber('days', 1, DUTCHIE_SALES_DAYS_MAX, 7),
  limit: dutchieWholeNumber('limit', 1, 100, 10),
});
export const ZTopSellingResponse = z.object({
  data: z.array(ZTopProduct),
  days: z.number().int(),
  sync: ZDutchieSync,
});

/** Most packages one low-inventory answer lists when a `limit` is given. */
export const DUTCHIE_LOW_INVENTORY_LIMIT_MAX = 1000;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${DUTCHIE_LOW_INVENTORY_LIMIT_MAX}`;
export const ZLowInventoryQuery = z.object({
  threshold: dutchieWholeNumber('threshold', 0, 1_000_000, 10),
  /** The first `limit` packages (fewest units first); without it, every package at or under the threshold. */
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(DUTCHIE_LOW_INVENTORY_LIMIT_MAX, LIMIT_MESSAGE)
    .optional(),
});
export const ZLowInventoryResponse = z.object({
  data: z.array(ZDutchieItem),
  threshold: z.number().int(),
  /** How many packages are in stock at or under the threshold (more than `data` holds when limited). */
  total: z.number().int(),
  sync: ZDutchieSync,
});

export const ZExpiringQuery = z.object({ days: dutchieWholeNumber('days', 1, 3650, 30) });
export const ZDutchieExpiringItem = ZDutchieItem.extend({ daysLeft: z.number().int() });
export type TDutchieExpiringItem = z.infer<typeof ZDutchieExpiringItem>;
export const ZExpiringResponse = z.object({
  data: z.array(ZDutchieExpiringItem),
  days: z.number().int(),
  sync: ZDutchieSync,
});

export const ZSalesFloorResponse = z.object({
  data: z.array(ZDutchieItem.extend({ salesFloorQuantity: z.number() })),
  totals: z.object({ packages: z.number().int(), units: z.number(), retailValue: z.number() }),
  sync: ZDutchieSync,
});

export const ZTransactionsQuery = z.object({
  /** First day (UTC), default 6 days before `to`. */
  from: dutchieDayParam('from'),
  /** Last day (UTC), inclusive; default today. */
  to: dutchieDayParam('to'),
});
export const ZDutchieTransaction = z.object({
  transactionId: z.number(),
  transactionDate: z.string(),
  totalItems: z.number(),
  subtotal: z.number(),
  totalDiscount: z.number(),
  tax: z.number(),
  total: z.number(),
  isVoid: z.boolean(),
  items: z.array(
    z.object({
      packageId: z.string(),
      productId: z.number().nullable(),
      productName: z.string(),
      vendor: z.string().nullable(),
      quantity: z.number(),
      unitPrice: z.number(),
      unitCost: z.number().nullable(),
      totalPrice: z.number(),
    }),
  ),
});
export type TDutchieTransaction = z.infer<typeof ZDutchieTransaction>;
export const ZTransactionsResponse = z.object({
  data: z.array(ZDutchieTransaction),
  from: z.string(),
  to: z.string(),
  sync: ZDutchieSync,
});

export const ZClosingReportQuery = z.object({ date: dutchieDayParam('date') });
export const ZClosingReportResponse = z.object({
  /** The UTC day reported. */
  date: z.string(),
  grossSales: z.number(),
  discount: z.number(),
  netSales: z.number(),
  totalTax: z.number(),
  totalPrice: z.number(),
  cost: z.number().nullable(),
  transactionCount: z.number(),
  itemCount: z.number(),
  categories: z.array(z.object({ category: z.string(), netSales: z.number(), itemCount: z.number() })),
  payments: z.array(z.object({ paymentType: z.string(), totalPaid: z.number() })),
  sync: ZDutchieSync,
});
export type TClosingReport = z.infer<typeof ZClosingReportResponse>;

/** The Settings card: which store the key reaches and how the last sync went (never the key itself). */
export const ZDutchieConnection = z.object({
  has_key: z.boolean(),
  location_id: z.string().nullable(),
  location_name: z.string().nullable(),
  last_sync: z.string().nullable(),
  sync: ZDutchieSync,
});
export type TDutchieConnection = z.infer<typeof ZDutchieConnection>;

export const ZReplaceDutchieKeyRequest = z.object({
  apiKey: z
    .string({ error: 'Dutchie API key is required' })
    .trim()
    .min(1, 'Dutchie API key is required')
    .max(500, 'Dutchie API key is too long'),
});
export const ZReplaceDutchieKeyResponse = z.object({
  message: z.string(),
  /** Whether Dutchie confirmed the key (false when it could not be reached). */
  verified: z.boolean(),
  connection: ZDutchieConnection,
});
