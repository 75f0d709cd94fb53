import { z } from 'zod';
import { ZScannedCode } from './code-lookup.ts';
import { zQueryInt } from './pagination.ts';

/**
 * Zones (issue 52): a fixed reader's antennas mapped to places, where each tag was last seen, "where is it" and the
 * refill list (stock out of a store's stockrooms onto its sales floors).
 */

export const ANTENNA_PORT_MAX = 1000;
export const ANTENNAS_MAX = 64;
export const ANTENNA_NAME_MAX = 100;

export const ZONE_MESSAGES = {
  antennaPort: `port must be a whole number from 0 to ${ANTENNA_PORT_MAX}`,
  antennaLocation: 'location_id must be a location id',
  antennaLocationNotFound: 'An antenna names a location that does not exist',
  antennasList: 'antennas must be a list of { port, location_id, name? }',
  antennasMax: `At most ${ANTENNAS_MAX} antennas a reader`,
  portTwice: (port: number) => `Antenna ${port} is named twice`,
  notFixed: 'Only a fixed reader has antennas',
  codeUnknown: 'No product has this code',
  storeRequired: 'location_id must be a store',
  notAStore: 'This location is not a store',
  minQuantity: 'min_quantity must be a whole number from 0 to 1000000, or null',
  nothingToMove: 'The stockroom holds none of this product',
  refillCursor: 'cursor must be a cursor from the previous page',
} as const;

/** The refill list's rows a page: 100 unless `limit` names another number, at most 500. */
export const REFILL_PAGE_SIZE = 100;
export const REFILL_PAGE_MAX = 500;

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const ZAntenna = z.object({
  port: z
    .number({ error: ZONE_MESSAGES.antennaPort })
    .int(ZONE_MESSAGES.antennaPort)
    .min(0, ZONE_MESSAGES.antennaPort)
    .max(ANTENNA_PORT_MAX, ZONE_MESSAGES.antennaPort),
  location_id: id(ZONE_MESSAGES.antennaLocation),
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .max(ANTENNA_NAME_MAX, `name must be at most ${ANTENNA_NAME_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** PUT /api/devices/{id}/antennas: the reader's whole map (an empty list unmaps every antenna). */
export const ZAntennasRequest = z.object({
  antennas: z
    .array(ZAntenna, { error: ZONE_MESSAGES.antennasList })
    .max(ANTENNAS_MAX, ZONE_MESSAGES.antennasMax)
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((a, i) => {
        if (seen.has(a.port)) {
          ctx.addIssue({ code: 'custom', message: ZONE_MESSAGES.portTwice(a.port), path: [i, 'port'] });
        }
        seen.add(a.port);
      });
    }),
});
export type TAntennasRequest = z.input<typeof ZAntennasRequest>;

export const ZDeviceAntenna = z.object({
  port: z.number().int(),
  location_id: z.number().int(),
  /** The place's path ('Portland Store > Sales Floor'). */
  location: z.string(),
  name: z.string().nullable(),
});
export type TDeviceAntenna = z.infer<typeof ZDeviceAntenna>;
export const ZAntennasResponse = z.object({ antennas: z.array(ZDeviceAntenna) });
export type TAntennasResponse = z.infer<typeof ZAntennasResponse>;

/** GET /api/inventory/where?code=: any code the resolver knows (SKU, GTIN, EPC, a label's text). */
export const ZWhereQuery = z.object({ code: ZScannedCode });

export const ZWherePlace = z.object({
  location_id: z.number().int().nullable(),
  /** The place's path; 'No location' for stock kept nowhere in particular. */
  location: z.string(),
  /** What the stock records say the place holds. */
  units: z.number().int(),
  /** When one of its tags was last seen there, by which reader and antenna; null: none seen there. */
  last_seen_at: z.string().nullable(),
  device: z.string().nullable(),
  antenna: z.number().int().nullable(),
  /** Its tags last seen there. */
  tags_seen: z.number().int(),
});
export type TWherePlace = z.infer<typeof ZWherePlace>;

export const ZWhereResponse = z.object({
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string(), gtin: z.string().nullable() }),
  places: z.array(ZWherePlace),
});
export type TWhereResponse = z.infer<typeof ZWhereResponse>;

/**
 * GET /api/replenishment?location_id=<store>&days=&limit=&cursor=: the store's refill list, a page at a time (`cursor`
 * the previous page's next_cursor). The CSV (/api/replenishment.csv) takes location_id and days and lists it all.
 */
export const ZReplenishmentQuery = z.object({
  location_id: z.coerce
    .number({ error: ZONE_MESSAGES.storeRequired })
    .int(ZONE_MESSAGES.storeRequired)
    .positive(ZONE_MESSAGES.storeRequired)
    .max(2_147_483_647, ZONE_MESSAGES.storeRequired),
  /** Recent sales: movements with reason sale over this many days (7 unless named). */
  days: z.coerce
    .number({ error: 'days must be 1 to 365' })
    .int('days must be 1 to 365')
    .min(1, 'days must be 1 to 365')
    .max(365, 'days must be 1 to 365')
    .default(7),
  limit: zQueryInt('limit', 1, REFILL_PAGE_MAX).optional().default(REFILL_PAGE_SIZE),
  cursor: z
    .string({ error: ZONE_MESSAGES.refillCursor })
    .min(1, ZONE_MESSAGES.refillCursor)
    .max(2000, ZONE_MESSAGES.refillCursor)
    .optional(),
});
export type TReplenishmentQuery = z.input<typeof ZReplenishmentQuery>;
/** GET /api/replenishment.csv?location_id=<store>&days=: the whole list, streamed. */
export const ZReplenishmentCsvQuery = ZReplenishmentQuery.pick({ location_id: true, days: true });

export const ZReplenishmentRow = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  /** Units on the store's sales floors, and their minimum (the rows' own, else the product's floor_min). */
  sales_floor: z.number().int(),
  floor_min: z.number().int(),
  /** Units in the store's stockrooms. */
  stockroom: z.number().int(),
  /** What fills the floor up to its minimum, at most what the stockroom has. */
  to_move: z.number().int(),
  /** Units sold (movements with reason sale) in the store over the last `days` days. */
  recent_sales: z.number().int(),
  /** Where to take it from and put it: the fullest stockroom and the emptiest sales-floor place. */
  from_location_id: z.number().int(),
  from_location: z.string(),
  to_location_id: z.number().int(),
  to_location: z.string(),
});
export type TReplenishmentRow = z.infer<typeof ZReplenishmentRow>;

export const ZReplenishmentResponse = z.object({
  store: z.object({ id: z.number().int(), name: z.string() }),
  days: z.number().int(),
  /** This page's rows, in the list's order: recent sales, then what is missing (most first), then name. */
  rows: z.array(ZReplenishmentRow),
  /** The products listed from this page on, its own rows included: the whole list's length on the first page. */
  remaining: z.number().int(),
  /** The next page's cursor; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TReplenishmentResponse = z.infer<typeof ZReplenishmentResponse>;

/** PUT /api/replenishment/minimum: a place's minimum of a product, or (no location) the product's floor_min. */
export const ZMinimumRequest = z.object({
  product_id: id('product_id must be a product id'),
  location_id: id(ZONE_MESSAGES.antennaLocation)
    .nullish()
    .transform((v) => v ?? null),
  min_quantity: z
    .number({ error: ZONE_MESSAGES.minQuantity })
    .int(ZONE_MESSAGES.minQuantity)
    .min(0, ZONE_MESSAGES.minQuantity)
    .max(1_000_000, ZONE_MESSAGES.minQuantity)
    .nullable(),
});
export type TMinimumRequest = z.input<typeof ZMinimumRequest>;

/** POST /api/replenishment/moved: the person moved this product from the stockroom to the floor. */
export const ZMovedRequest = z.object({
  location_id: id(ZONE_MESSAGES.storeRequired),
  product_id: id('product_id must be a product id'),
  from_location_id: id(ZONE_MESSAGES.antennaLocation),
  to_location_id: id(ZONE_MESSAGES.antennaLocation),
  quantity: z
    .number({ error: 'quantity must be a whole number from 1 to 1000000' })
    .int('quantity must be a whole number from 1 to 1000000')
    .min(1, 'quantity must be a whole number from 1 to 1000000')
    .max(1_000_000, 'quantity must be a whole number from 1 to 1000000'),
});
export type TMovedRequest = z.input<typeof ZMovedRequest>;

// ---- Store KPIs (issue 52): inventory record accuracy and on-shelf availability over time ----

/** At most this many days in one store KPIs answer. */
export const STORE_KPI_MAX_DAYS = 366;
/** Days shown when from is not named: the last 30 of the company's days, today included. */
export const STORE_KPI_DEFAULT_DAYS = 30;

export const STORE_KPI_MESSAGES = {
  fromAfterTo: 'from must be on or before to',
  tooLong: `The period can be at most ${STORE_KPI_MAX_DAYS} days`,
} as const;

export const ZStoreKpiQuery = z
  .object({
    location_id: ZReplenishmentQuery.shape.location_id,
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: STORE_KPI_MESSAGES.fromAfterTo,
    path: ['from'],
  })
  .refine(
    (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STORE_KPI_MAX_DAYS,
    { message: STORE_KPI_MESSAGES.tooLong, path: ['from'] },
  );
export type TStoreKpiQuery = z.input<typeof ZStoreKpiQuery>;

export const ZStoreKpiDay = z.object({
  /** The company's day (YYYY-MM-DD). */
  date: z.string(),
  /** Completed counts of the store's places that day (recounts left out) and their mean record accuracy. */
  counts: z.number().int(),
  /** Mean inventory record accuracy of those counts, in percent to one decimal; null: no count that day. */
  record_accuracy: z.number().nullable(),
  /** Products the store held at the end of the day (units in its places added up above 0). */
  products_held: z.number().int(),
  /** Of those, the products with units on its sales floors. */
  products_on_floor: z.number().int(),
  /** On-shelf availability: products_on_floor x 100 / products_held, to one decimal; null when it held none. */
  on_shelf_availability: z.number().nullable(),
});
export type TStoreKpiDay = z.infer<typeof ZStoreKpiDay>;

export const ZStoreKpiResponse = z.object({
  store: z.object({ id: z.number().int(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  /** Over the range: the counts, their mean record accuracy (null: none), and the latest one's. */
  counts: z.number().int(),
  record_accuracy: z.number().nullable(),
  latest_record_accuracy: z.number().int().nullable(),
  /** On-shelf availability at the end of the range's last day (now, when it ends today). */
  on_shelf_availability: z.number().nullable(),
  /** One entry per day of the range, oldest first. */
  days: z.array(ZStoreKpiDay),
});
export type TStoreKpiResponse = z.infer<typeof ZStoreKpiResponse>;
