import { z } from 'zod';
import { isIsoDate, SEARCH_MAX } from './inventory.ts';
import { ZPagination } from './pagination.ts';

/** The API's messages about Dutchie; the point-of-sale screens' own texts live in the web app. */
export const DUTCHIE_MESSAGES = {
  rangeReversed: 'from must be on or before to',
  toInFuture: 'to cannot be in the future',
  dateInFuture: 'date cannot be in the future',
  rangeTooLong: (days: number) => `The range can be at most ${days} days`,
  notDutchie:
    "Your company's inventory is kept in Quantics, not in a Dutchie point-of-sale. Use the Inventory page.",
  keyRefused: 'Dutchie refused the API key. An admin can replace it in Settings.',
  keyLacksPermission:
    'The Dutchie API key lacks a permission this needs. An admin can replace it in Settings.',
  rateLimited: 'Dutchie is limiting requests right now. Please try again in a minute.',
  unavailable: 'Dutchie is not reachable right now. Please try again in a few minutes.',
  noKey: 'No Dutchie API key is stored for this company. An admin can add one in Settings.',
  packageNotFound: 'Package not found',
  keySaved: 'Dutchie API key replaced',
  keySavedUnchecked:
    'Dutchie API key saved. Dutchie could not be reached to check it; it will be used on the next sync.',
  keyRejectedOnSave: 'Dutchie refused this API key. Check it and try again.',
  searchRequired: 'Please enter a search term',
} as const;

/** The rooms a dispensary keeps stock in (the spec's room filter). */
export const DUTCHIE_ROOMS = ['Sales Floor', 'Backstock', 'Quarantine', 'Tagging Needed'] as const;
export const DUTCHIE_PAGE_SIZE_DEFAULT = 20;
export const DUTCHIE_PAGE_SIZE_MAX = 1000;
export const DUTCHIE_SEARCH_LIMIT = 20;
/** Dashboard and reports: low stock from Dutchie is 0 < quantity <= 5 (reorder value: shortage x unit cost). */
export const DUTCHIE_REPORT_LOW_STOCK_MAX = 5;

/** The screen's quantity colour: red at 0, yellow at 10 or less. */
export function dutchieQuantityTone(quantity: number): 'out' | 'low' | 'ok' {
  if (quantity <= 0) return 'out';
  if (quantity <= 10) return 'low';
  return 'ok';
}

export const ZDutchieRoom = z.object({ roomId: z.number(), roomName: z.string(), quantity: z.number() });

/** The spec's Dutchie inventory item (one package), plus the product's id, SKU, brand and strain. */
export const ZDutchieItem = z.object({
  packageId: z.string(),
  productId: z.number().nullable(),
  sku: z.string().nullable(),
  productName: z.string(),
  vendor: z.string().nullable(),
  brandName: z.string().nullable(),
  category: z.string().nullable(),
  strain: z.string().nullable(),
  quantity: z.number(),
  unitCost: z.number().nullable(),
  unitPrice: z.number().nullable(),
  /** YYYY-MM-DD, or null. */
  expirationDate: z.string().nullable(),
  rooms: z.array(ZDutchieRoom),
  lastModified: z.string().nullable(),
});
export type TDutchieItem = z.infer<typeof ZDutchieItem>;

export const DUTCHIE_SYNC_STATES = ['ok', 'rate_limited', 'unavailable', 'key_refused', 'forbidden'] as const;
export type TDutchieSyncState = (typeof DUTCHIE_SYNC_STATES)[number];

/**
 * How fresh the answer is. Dutchie is read through a per-company snapshot: `as_of` is when it was taken;
 * `state` is how the last attempt to refresh it went, and `message` says what that means for the reader.
 */
export const ZDutchieSync = z.object({
  as_of: z.string().nullable(),
  age_seconds: z.number().int().nullable(),
  state: z.enum(DUTCHIE_SYNC_STATES),
  is_stale: z.boolean(),
  message: z.string().nullable(),
  location_name: z.string().nullable(),
});
export type TDutchieSync = z.infer<typeof ZDutchieSync>;

const text = (name: string, max = SEARCH_MAX) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', ''], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`)
    .optional()
    .default(fallback);

export const ZDutchieInventoryQuery = z.object({
  includeZero: flag('includeZero'),
  search: text('search'),
  category: text('category'),
  vendor: text('vendor'),
  room: text('room'),
  page: wholeNumber('page', 1, 1_000_000, 1),
  limit: wholeNumber('limit', 1, DUTCHIE_PAGE_SIZE_MAX, DUTCHIE_PAGE_SIZE_DEFAULT),
  sort: z
    .enum(['name', 'quantity', 'expiration'], { error: 'sort must be name, quantity or expiration' })
    .optional()
    .default('name'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional().default('asc'),
  /** Ask Dutchie now (the Refresh button) instead of serving a snapshot younger than the refresh interval. */
  refresh: flag('refresh'),
});
export type TDutchieInventoryQuery = z.input<typeof ZDutchieInventoryQuery>;

export const ZDutchieInventoryResponse = z.object({
  data: z.array(ZDutchieItem),
  pagination: ZPagination,
  filters: z.object({
    categories: z.array(z.string()),
    vendors: z.array(z.string()),
    rooms: z.array(z.string()),
  }),
  /** When the snapshot was taken (ISO), or null when there is none yet. */
  as_of: z.string().nullable(),
  sync: ZDutchieSync,
});
export type TDutchieInventoryResponse = z.infer<typeof ZDutchieInventoryResponse>;

/** Package ids are Dutchie's (state tracking tags): letters, digits, a few separators. */
export const ZDutchiePackageParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Package id must be 1 to 64 letters, digits, - or _'),
});

export const ZDutchieProductDetails = z.object({
  description: z.string().nullable(),
  strainType: z.string().nullable(),
  thcContent: z.number().nullable(),
  thcContentUnit: z.string().nullable(),
  cbdContent: z.number().nullable(),
  cbdContentUnit: z.string().nullable(),
  unitWeight: z.number().nullable(),
  unitWeightUnit: z.string().nullable(),
});

export const ZDutchieProductResponse = z.object({
  data: ZDutchieItem.extend({ details: ZDutchieProductDetails.nullable() }),
  sync: ZDutchieSync,
});
export type TDutchieProductResponse = z.infer<typeof ZDutchieProductResponse>;

export const ZDutchieSearchQuery = z.object({
  q: z
    .string({ error: DUTCHIE_MESSAGES.searchRequired })
    .trim()
    .min(1, DUTCHIE_MESSAGES.searchRequired)
    .max(SEARCH_MAX, `q must be at most ${SEARCH_MAX} characters`),
  limit: wholeNumber('limit', 1, 100, DUTCHIE_SEARCH_LIMIT),
});

export const ZDutchieListResponse = z.object({ data: z.array(ZDutchieItem), sync: ZDutchieSync });
export type TDutchieListResponse = z.infer<typeof ZDutchieListResponse>;

/** A query date written YYYY-MM-DD, optional. */
export const dutchieDayParam = (name: string) =>
  z
    .string()
    .refine(isIsoDate, `${name} must be a date (YYYY-MM-DD)`)
    .optional()
    .transform((v) => (v ? v : undefined));
export { wholeNumber as dutchieWholeNumber };
