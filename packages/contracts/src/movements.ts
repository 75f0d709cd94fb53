import { z } from 'zod';
import { zQueryInt } from './pagination.ts';

/** Why a stock row changed: a movement's reason. */
export const MOVEMENT_REASONS = [
  'sale',
  'return',
  'receipt',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'count',
  'edit',
  'import',
] as const;
export type TMovementReason = (typeof MOVEMENT_REASONS)[number];

/** The reasons a program may send; count, edit and import are the portal's own (apply counts, the dialog, the CSV). */
export const SENT_MOVEMENT_REASONS = [
  'sale',
  'return',
  'receipt',
  'transfer_in',
  'transfer_out',
  'adjustment',
] as const satisfies readonly TMovementReason[];

export const MOVEMENT_REASON_LABELS: Record<TMovementReason, string> = {
  sale: 'Sale',
  return: 'Return',
  receipt: 'Receipt',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  adjustment: 'Adjustment',
  count: 'Count',
  edit: 'Edit',
  import: 'Import',
};

/** At most this many movements in one call (or one CSV file). */
export const MOVEMENTS_MAX = 5000;
/** A movement may be dated at most this far ahead of the server's clock (a till's clock a little fast). */
export const MOVEMENT_FUTURE_MS = 5 * 60_000;
export const MOVEMENT_REFERENCE_MAX = 200;
export const MOVEMENT_CLIENT_ID_MAX = 100;
/** A movement's delta: far above any real sale or receipt, well inside PostgreSQL's integer. */
export const MOVEMENT_DELTA_MAX = 1_000_000_000;
export const MOVEMENT_HISTORY_LIMIT_MAX = 500;

export const MOVEMENT_MESSAGES = {
  bodyInvalid: 'Send { "movements": [...] } with 1 to 5000 movements',
  tooMany: 'At most 5000 movements a call: send the rest in another',
  movementInvalid: 'must be an object with delta, reason and one of product_id, sku or code',
  productMissing: 'name the product with product_id, sku or code',
  productTwice: 'name the product once: product_id, sku or code',
  productIdInvalid: 'must be a product id (a whole number of 1 or more)',
  productNotFound: 'no product of this company has it',
  skuInvalid: 'must be a SKU of 1 to 12 letters and digits',
  codeInvalid: 'must be a barcode, GS1 code or EPC of 1 to 200 characters',
  deltaInvalid: 'must be a whole number other than 0',
  reasonInvalid: `must be one of ${SENT_MOVEMENT_REASONS.join(', ')}`,
  atInvalid: 'must be a date and time (ISO 8601, e.g. 2026-11-29T14:03:00Z)',
  atInFuture: 'cannot be more than 5 minutes ahead',
  referenceInvalid: `must be text of at most ${MOVEMENT_REFERENCE_MAX} characters`,
  clientIdInvalid: `must be text of 1 to ${MOVEMENT_CLIENT_ID_MAX} characters`,
  clientIdTwice: 'is sent twice in this call',
  locationInvalid: 'is not one of your locations',
  locationNeeded: 'this product is stocked in several places: name the place with location_id',
  locationNameNeeded: 'this product is stocked in several places: name the place in the location column',
  pointOfSale: "This company's stock is Dutchie's: movements come from Dutchie's own transactions",
  historyRange: 'from must be earlier than to',
  cursorInvalid: 'cursor must be a cursor from the previous page',
} as const;

/** `movements[3].sku: no product of this company has it`: which movement, which field, what is wrong. */
export const movementError = (index: number, field: string, message: string) =>
  `movements[${index}]${field ? `.${field}` : ''}: ${message}`;

/** One movement as a program sends it: the product by id, SKU or any code it carries. */
export const ZMovementInput = z
  .object({
    product_id: z
      .number({ error: MOVEMENT_MESSAGES.productIdInvalid })
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional(),
    sku: z
      .string({ error: MOVEMENT_MESSAGES.skuInvalid })
      .trim()
      .regex(/^[A-Za-z0-9]{1,12}$/, MOVEMENT_MESSAGES.skuInvalid)
      .optional(),
    code: z.string({ error: MOVEMENT_MESSAGES.codeInvalid }).trim().min(1).max(200).optional(),
    location_id: z
      .number({ error: MOVEMENT_MESSAGES.locationInvalid })
      .int(MOVEMENT_MESSAGES.locationInvalid)
      .min(1, MOVEMENT_MESSAGES.locationInvalid)
      .max(2_147_483_647, MOVEMENT_MESSAGES.locationInvalid)
      .nullable()
      .optional(),
    delta: z
      .number({ error: MOVEMENT_MESSAGES.deltaInvalid })
      .int(MOVEMENT_MESSAGES.deltaInvalid)
      .min(-MOVEMENT_DELTA_MAX, MOVEMENT_MESSAGES.deltaInvalid)
      .max(MOVEMENT_DELTA_MAX, MOVEMENT_MESSAGES.deltaInvalid)
      .refine((d) => d !== 0, MOVEMENT_MESSAGES.deltaInvalid),
    reason: z.enum(SENT_MOVEMENT_REASONS, { error: MOVEMENT_MESSAGES.reasonInvalid }),
    at: z.iso.datetime({ offset: true, error: MOVEMENT_MESSAGES.atInvalid }).optional(),
    reference: z
      .string({ error: MOVEMENT_MESSAGES.referenceInvalid })
      .trim()
      .max(MOVEMENT_REFERENCE_MAX, MOVEMENT_MESSAGES.referenceInvalid)
      .optional(),
    client_id: z
      .string({ error: MOVEMENT_MESSAGES.clientIdInvalid })
      .trim()
      .min(1, MOVEMENT_MESSAGES.clientIdInvalid)
      .max(MOVEMENT_CLIENT_ID_MAX, MOVEMENT_MESSAGES.clientIdInvalid)
      .optional(),
  })
  .strict();
export type TMovementInput = z.infer<typeof ZMovementInput>;

/** The call's envelope; each movement is checked on its own so the message can name it (movementError). */
export const ZMovementsRequest = z.object({
  movements: z.array(z.unknown(), { error: MOVEMENT_MESSAGES.bodyInvalid }),
});

/** A movement as recorded. */
export const ZMovement = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  location_id: z.number().int().nullable(),
  location: z.string().nullable(),
  delta: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.enum(MOVEMENT_REASONS),
  at: z.string(),
  recorded_at: z.string(),
  /** Who: a person's name, an API key's name, a reader's name, or "System". */
  by: z.string(),
  by_type: z.enum(['user', 'api_key', 'device', 'system']),
  reference: z.string().nullable(),
  audit_id: z.number().int().nullable(),
  shipment_id: z.number().int().nullable(),
  client_id: z.string().nullable(),
});
export type TMovement = z.infer<typeof ZMovement>;

/** What a call applied: each movement sent, in order (a duplicate answers the movement first recorded). */
export const ZMovementsResponse = z.object({
  applied: z.number().int(),
  duplicates: z.number().int(),
  movements: z.array(
    z.object({
      index: z.number().int(),
      duplicate: z.boolean(),
      id: z.number().int(),
      client_id: z.string().nullable(),
      product_id: z.number().int(),
      sku: z.string().nullable(),
      location_id: z.number().int().nullable(),
      delta: z.number().int(),
      reason: z.enum(MOVEMENT_REASONS),
      at: z.string(),
      quantity_after: z.number().int(),
    }),
  ),
  /** Each place moved, as it is now, and its product's total. */
  quantities: z.array(
    z.object({
      product_id: z.number().int(),
      sku: z.string().nullable(),
      location_id: z.number().int().nullable(),
      quantity: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
export type TMovementsResponse = z.infer<typeof ZMovementsResponse>;

export const ZMovementHistoryQuery = z.object({
  location_id: z
    .union([z.literal('none'), z.coerce.number().int().min(1).max(2_147_483_647)], {
      error: 'location_id must be a location id or none',
    })
    .optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time (ISO 8601)' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time (ISO 8601)' }).optional(),
  limit: zQueryInt('limit', 1, MOVEMENT_HISTORY_LIMIT_MAX).optional().default(50),
  cursor: z.string().max(100, MOVEMENT_MESSAGES.cursorInvalid).optional(),
});
export type TMovementHistoryQuery = z.infer<typeof ZMovementHistoryQuery>;

export const ZMovementHistory = z.object({
  data: z.array(ZMovement),
  /** The next (older) page's cursor; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TMovementHistory = z.infer<typeof ZMovementHistory>;

/** A report's bound: a day (YYYY-MM-DD, UTC; `to` takes the whole day) or a date and time. */
const reportBound = (field: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${field} must be a date (YYYY-MM-DD) or a date and time (ISO 8601)`,
    })
    .optional();

export const ZMovementsReportQuery = z.object({ from: reportBound('from'), to: reportBound('to') });

/** A till's daily export: the columns of a CSV of movements (sku, delta and reason required). */
export const MOVEMENT_CSV_COLUMNS = ['sku', 'location', 'delta', 'reason', 'at', 'reference'] as const;

export const MOVEMENT_CSV_MESSAGES = {
  unreadable: 'The file could not be read as CSV',
  empty:
    'The file has no movements: a header line (sku, location, delta, reason, at, reference), then one per line',
  missingColumns: (columns: string[]) =>
    `The file has no ${columns.join(', ')} column${columns.length === 1 ? '' : 's'}`,
  tooMany: 'At most 5000 movements a file: split it in two',
} as const;

/** The movements report's columns. */
export const MOVEMENT_REPORT_COLUMNS = [
  'At',
  'Recorded at',
  'SKU',
  'Product',
  'Location',
  'Delta',
  'Quantity after',
  'Reason',
  'By',
  'Reference',
  'Audit',
  'Client id',
] as const;
