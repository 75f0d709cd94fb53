import { z } from 'zod';
import { GTIN_MESSAGES, normalizeGtin } from './gtin.ts';
import { ZPageNumber, ZPagination } from './pagination.ts';
import { multiline } from './text.ts';

/** The API's inventory messages (validation and errors), word for word; the screens' own texts live in the web app. */
export const INVENTORY_MESSAGES = {
  nameAndSkuRequired: 'Name and SKU are required',
  skuInvalid: 'SKU must be 1 to 12 letters and digits',
  quantityInvalid: 'Quantity must be a whole number of 0 or more',
  minStockInvalid: 'Minimum stock level must be a whole number of 0 or more',
  unitCostInvalid: 'Unit cost must be 0 or more, in dollars and cents',
  retailPriceInvalid: 'Retail price must be 0 or more, in dollars and cents',
  expirationInvalid: 'Expiration date must be a date (YYYY-MM-DD)',
  expirationInPast: 'Expiration date cannot be earlier than today',
  locationInvalid: 'Location not found. Choose one of your locations.',
  stockInvalid:
    'Stock must be a list of places, each with a location_id (or null for no location) and a quantity',
  stockEmpty: 'Stock needs at least one place',
  stockPlaceTwice: 'Stock lists a place twice: give each place once, with its whole quantity',
  stockWithQuantity: 'Send either quantity (with location_id) or stock, not both',
  quantityNeedsPlace:
    'This product is stocked in several places: send stock with the quantity of each place (or location_id and quantity only once it has one place)',
  productNotFound: 'Product not found',
  selectCsv: 'Please select a CSV file',
  epcInvalid: 'EPC must be 24 hex digits',
} as const;

export const skuTakenMessage = (sku: string) => `A product with SKU ${sku} already exists`;
export const tagTakenMessage = (tag: string, sku: string) =>
  `RFID tag ${tag} is already used by SKU ${sku}; choose a SKU that gives a different tag`;

export const SKU_MAX = 12;
export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_TEXT_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** Whole units; far above any shelf, well inside PostgreSQL's integer. */
export const QUANTITY_MAX = 1_000_000_000;
/** numeric(12,2) holds up to 9,999,999,999.99. */
export const MONEY_MAX = 9_999_999_999.99;

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const INVENTORY_PAGE_SIZE_DEFAULT = 10;
/** Reports and label printing fetch up to this many products at once. */
export const INVENTORY_PAGE_SIZE_MAX = 1000;
export const SEARCH_MAX = 100;
export const SEARCH_DEBOUNCE_MS = 500;

export const STOCK_STATUSES = ['in-stock', 'low-stock', 'out-of-stock'] as const;
export const ZStockStatus = z.enum(STOCK_STATUSES);
export type TStockStatus = z.infer<typeof ZStockStatus>;

export const STOCK_STATUS_LABELS: Record<TStockStatus, string> = {
  'in-stock': 'In Stock',
  'low-stock': 'Low Stock',
  'out-of-stock': 'Out of Stock',
};

/** Quantity 0 is out of stock; at or below the minimum stock level, low; otherwise in stock. */
export function stockStatus(quantity: number, minStockLevel: number): TStockStatus {
  if (quantity <= 0) return 'out-of-stock';
  if (quantity <= minStockLevel) return 'low-stock';
  return 'in-stock';
}

/** SKUs keep only letters and digits, in upper case (what the form's input does as one types). */
export const normalizeSku = (value: string): string => value.replace(/[^a-z0-9]/gi, '').toUpperCase();

export const isValidSku = (value: string): boolean => /^[A-Z0-9]{1,12}$/.test(value);

/** True when the number has at most two decimals (cents). */
export const hasCents = (value: number): boolean => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * The earliest date anyone may call "today": the date on the calendar at UTC-12, so a person west of
 * Greenwich picking their own today is never told it is in the past.
 */
export function earliestToday(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const required = INVENTORY_MESSAGES.nameAndSkuRequired;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const money = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MONEY_MAX, message)
    .refine(hasCents, message)
    .optional()
    .default(0);

const units = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(QUANTITY_MAX, message);
const wholeCount = (message: string) => units(message).optional().default(0);

/** A location id, or '' / null for "no location". */
const ZPlaceId = z
  .union([z.literal(''), z.null(), z.number().int().positive().max(2_147_483_647)], {
    error: INVENTORY_MESSAGES.locationInvalid,
  })
  .transform((v) => (typeof v === 'number' ? v : null));

/** Most places one product may be stocked in (a chain's stores and their rooms). */
export const STOCK_PLACES_MAX = 500;

/** One place of a product's stock: a location (null: no location) and the units there. */
export const ZStockRowRequest = z.object(
  {
    location_id: ZPlaceId,
    quantity: units(INVENTORY_MESSAGES.quantityInvalid),
  },
  { error: INVENTORY_MESSAGES.stockInvalid },
);
export type TStockRowInput = z.output<typeof ZStockRowRequest>;

/** The places of a request's stock, at most one row each. */
const ZStockRequest = z
  .array(ZStockRowRequest, { error: INVENTORY_MESSAGES.stockInvalid })
  .min(1, INVENTORY_MESSAGES.stockEmpty)
  .max(STOCK_PLACES_MAX, `Stock may list at most ${STOCK_PLACES_MAX} places`)
  .refine(
    (rows) => new Set(rows.map((r) => r.location_id ?? 0)).size === rows.length,
    INVENTORY_MESSAGES.stockPlaceTwice,
  );

/** POST /api/inventory and PUT /api/inventory/{id} take the whole product. */
export const ZProductRequest = z
  .object({
    name: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(PRODUCT_NAME_MAX, `Name must be at most ${PRODUCT_NAME_MAX} characters`),
    sku: z
      .string({ error: required })
      .trim()
      .toUpperCase()
      .min(1, required)
      .refine(isValidSku, INVENTORY_MESSAGES.skuInvalid),
    description: multiline(optionalText(PRODUCT_DESCRIPTION_MAX, 'Description')),
    category: optionalText(PRODUCT_TEXT_MAX, 'Category'),
    vendor: optionalText(PRODUCT_TEXT_MAX, 'Vendor'),
    unit_cost: money(INVENTORY_MESSAGES.unitCostInvalid),
    retail_price: money(INVENTORY_MESSAGES.retailPriceInvalid),
    /**
     * The units of a product kept in one place (at `location_id`). Left out: 0 for a new product or one in one place
     * (as before stock by location); a product in several places keeps its stock. Not with `stock`.
     */
    quantity: units(INVENTORY_MESSAGES.quantityInvalid).optional(),
    min_stock_level: wholeCount(INVENTORY_MESSAGES.minStockInvalid),
    /**
     * The product's home place: where its stock is when it has one place, and where new stock goes. Empty or null:
     * no location ('Not set'). Left out: none for a new product or one in one place; else the home is kept.
     */
    location_id: ZPlaceId.optional(),
    /**
     * Every place the product is kept, with its units: replaces the product's stock (a place left out is emptied and
     * removed). Instead of `quantity`; `location_id` may name the home (by default the current one when it is still
     * listed, else the first place).
     */
    stock: ZStockRequest.optional(),
    /** GTIN-8, -12, -13 or -14, its check digit verified; answered as GTIN-14. Empty or left out: none. */
    gtin: z
      .union([z.literal(''), z.null(), z.string().max(20, GTIN_MESSAGES.format)], {
        error: GTIN_MESSAGES.format,
      })
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const gtin = normalizeGtin(v);
        if (gtin.ok) return gtin.gtin;
        ctx.addIssue({ code: 'custom', message: gtin.message });
        return z.NEVER;
      }),
    /**
     * The tag the item already carries (a supplier's EPC), instead of the one derived from the SKU. Left out: the
     * product keeps its tag (an explicit one stays, a derived one follows the SKU); empty or null: derived from the SKU.
     */
    epc: z
      .union(
        [z.literal(''), z.null(), z.string().regex(/^[0-9a-fA-F]{24}$/, INVENTORY_MESSAGES.epcInvalid)],
        {
          error: INVENTORY_MESSAGES.epcInvalid,
        },
      )
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null)),
    /** YYYY-MM-DD, not earlier than today; empty for none. */
    expiration_date: z
      .union([z.literal(''), z.null(), z.string().refine(isIsoDate, INVENTORY_MESSAGES.expirationInvalid)], {
        error: INVENTORY_MESSAGES.expirationInvalid,
      })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => !(v.stock && v.quantity !== undefined), {
    message: INVENTORY_MESSAGES.stockWithQuantity,
    path: ['stock'],
  });
export type TProductRequest = z.input<typeof ZProductRequest>;
export type TProductInput = z.output<typeof ZProductRequest>;

/** One place of a product's stock. */
export const ZStockRow = z.object({
  location_id: z.number().int().nullable(),
  /** The place's name, or null (no location). */
  location: z.string().nullable(),
  quantity: z.number().int(),
});
export type TStockRow = z.infer<typeof ZStockRow>;

/**
 * Units of a product on a transfer sent and not yet received (issue 51): they left the source and are not at the
 * destination yet, so neither place holds them and neither place's count expects them.
 */
export const ZInTransit = z.object({
  shipment_id: z.number().int(),
  reference: z.string(),
  from_location_id: z.number().int().nullable(),
  /** The source's name. */
  from: z.string().nullable(),
  to_location_id: z.number().int(),
  /** The destination's name. */
  to: z.string().nullable(),
  quantity: z.number().int(),
  sent_at: z.string().nullable(),
});
export type TInTransit = z.infer<typeof ZInTransit>;

export const ZProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** 12 characters derived from the SKU. */
  rfid_tag: z.string(),
  /** The tag's 24 hex digits, as written to the chip. */
  epc: z.string(),
  /** 'sku': the tag derived from the SKU; 'explicit': a tag the item already carried. */
  tag_source: z.enum(['sku', 'explicit']),
  /** GTIN-14, or null: SGTIN tags with this GTIN count for the product. */
  gtin: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  vendor: z.string().nullable(),
  unit_cost: z.number(),
  retail_price: z.number(),
  /** The total over the product's places. */
  quantity: z.number().int(),
  min_stock_level: z.number().int(),
  /** The product's home place: where its stock is when it has one place, and where new stock goes. */
  location_id: z.number().int().nullable(),
  /** The home place's name, or null ('Not set'). */
  location: z.string().nullable(),
  /** Where the product is kept, by place name (no location last). One row for a product in one place. */
  stock: z.array(ZStockRow),
  /**
   * With the list's location filter: the units in that place and its sub-places (what a count there expects);
   * otherwise left out.
   */
  location_quantity: z.number().int().optional(),
  /**
   * The product's units on transfers under way (sent, not received), per shipment; left out when there are none.
   * Not in `quantity` nor in any place's stock: they are on the road.
   */
  in_transit: z.array(ZInTransit).optional(),
  expiration_date: z.string().nullable(),
  status: ZStockStatus,
  last_scanned: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZInventoryFilters = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** 'all' or absent: every status. */
  status: z
    .union([ZStockStatus, z.literal('all'), z.literal('')], {
      error: 'status must be in-stock, low-stock or out-of-stock',
    })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
});
export type TInventoryFilters = z.output<typeof ZInventoryFilters>;

const LOCATION_FILTER_INVALID = 'location_id must be a location id or none';

export const ZInventoryQuery = ZInventoryFilters.extend({
  /**
   * Products with stock in this location or its sub-locations, each with `location_quantity` (the units there);
   * 'none': products with stock in no location.
   */
  location_id: z
    .union(
      [
        z.literal(''),
        z.literal('none'),
        z.coerce
          .number({ error: LOCATION_FILTER_INVALID })
          .int(LOCATION_FILTER_INVALID)
          .positive(LOCATION_FILTER_INVALID)
          .max(2_147_483_647, LOCATION_FILTER_INVALID),
      ],
      { error: LOCATION_FILTER_INVALID },
    )
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  page: ZPageNumber,
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${INVENTORY_PAGE_SIZE_MAX}` })
    .int(`limit must be a whole number from 1 to ${INVENTORY_PAGE_SIZE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${INVENTORY_PAGE_SIZE_MAX}`)
    .max(INVENTORY_PAGE_SIZE_MAX, `limit must be at most ${INVENTORY_PAGE_SIZE_MAX}`)
    .optional()
    .default(INVENTORY_PAGE_SIZE_DEFAULT),
});
export type TInventoryQuery = z.input<typeof ZInventoryQuery>;

/** The four cards: the whole catalogue, whatever the filters. */
export const ZInventorySummary = z.object({
  total: z.number().int(),
  inStock: z.number().int(),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
});
export type TInventorySummary = z.infer<typeof ZInventorySummary>;

export const ZInventoryListResponse = z.object({
  data: z.array(ZProduct),
  pagination: ZPagination,
  summary: ZInventorySummary,
});
export type TInventoryListResponse = z.infer<typeof ZInventoryListResponse>;
