import { z } from 'zod';
import { codeProblem, isSscc } from './code-identity.ts';
import { normalizeGtin } from './gtin.ts';
import { isIsoDate } from './inventory.ts';
import { ZMetrcShipment } from './metrc.ts';
import { isEpcHex } from './rfid.ts';
import { textProblem } from './text.ts';

/**
 * Shipments (issue 51): goods expected at a place of the company, from a supplier (an advance ship notice) or from
 * another of its places (a transfer), loose or in cartons identified by SSCC, with the serialized items announced.
 * A receipt is a count of one (the reader protocol's POST /api/rfid/audits with shipment_id).
 */

export const SHIPMENT_STATUSES = [
  'expected',
  'in_transit',
  'receiving',
  'received',
  'received_with_discrepancies',
] as const;
export type TShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Lines (loose and in cartons) in one shipment, and lines in one CSV file. */
export const SHIPMENT_LINES_MAX = 10_000;
export const SHIPMENT_EPCS_MAX = 50_000;
export const SHIPMENT_QUANTITY_MAX = 1_000_000;
export const SHIPMENT_TEXT_MAX = 100;

export const SHIPMENT_MESSAGES = {
  notFound: 'Shipment not found',
  referenceTaken: (reference: string) => `A shipment with reference ${reference} already exists`,
  notExpected: 'Only an expected shipment can be deleted',
  notTransfer: 'Only a transfer (a shipment with a source location) is sent',
  alreadySent: 'This transfer has already been sent',
  notReceivable: 'This shipment has already been received',
  beingReceived: (auditId: number) => `This shipment is being received in audit ${auditId}: join that count`,
  transferNotSent: 'Send this transfer before receiving it',
  pointOfSale: "This company's stock is Dutchie's: shipments are received in Dutchie",
  empty: 'A shipment needs at least one line, carton line or EPC',
  tooManyLines: `At most ${SHIPMENT_LINES_MAX} lines a shipment`,
  sameLocation: 'source_location_id must differ from destination_location_id',
  location: 'is not one of your locations',
  reference: `must be text of 1 to ${SHIPMENT_TEXT_MAX} characters`,
  supplier: `must be text of at most ${SHIPMENT_TEXT_MAX} characters`,
  expectedAt: 'must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  lineNamesOne: 'name the item once: sku, gtin or code',
  quantity: `must be a whole number from 1 to ${SHIPMENT_QUANTITY_MAX}`,
  sscc: 'must be an SSCC: 18 digits with a valid check digit',
  ssccTwice: 'is sent twice in this shipment',
  epc: 'must be 24 hex digits',
  epcTwice: 'is sent twice in this shipment',
  productNotFound: 'no product of this company has it',
  badDate: 'Dates must be written YYYY-MM-DD',
  fromAfterTo: 'from must be on or before to',
} as const;

const ZLineInput = z.object({
  sku: z.string().optional(),
  gtin: z.string().optional(),
  code: z.string().optional(),
  quantity: z.number(),
});
export type TShipmentLineInput = z.infer<typeof ZLineInput>;

/** `cartons[1].lines[0].gtin: GTIN check digit is wrong`: the field, then what is wrong with it. */
export const shipmentFieldError = (path: string, message: string) => `${path}: ${message}`;

/** The first thing wrong with a line (`at` its path), or undefined. */
export function shipmentLineProblem(line: TShipmentLineInput, at: string): string | undefined {
  const named = (['sku', 'gtin', 'code'] as const).filter((k) => line[k] !== undefined);
  if (named.length !== 1) return shipmentFieldError(at, SHIPMENT_MESSAGES.lineNamesOne);
  const field = named[0] as 'sku' | 'gtin' | 'code';
  const value = line[field] as string;
  if (field === 'gtin') {
    const gtin = normalizeGtin(value);
    if (!gtin.ok) return shipmentFieldError(`${at}.gtin`, gtin.message);
  } else if (codeProblem(value) || value.trim().length > 200) {
    return shipmentFieldError(`${at}.${field}`, 'must be 1 to 200 printable characters');
  }
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > SHIPMENT_QUANTITY_MAX) {
    return shipmentFieldError(`${at}.quantity`, SHIPMENT_MESSAGES.quantity);
  }
  return undefined;
}

const isText = (v: string, min: number) =>
  v.trim().length >= min && v.trim().length <= SHIPMENT_TEXT_MAX && !textProblem(v);
const isInstant = (v: string) =>
  isIsoDate(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)));
const zId = z.number().int().positive().max(2_147_483_647);

/**
 * POST /api/shipments. Lines loose (`lines`) or in cartons (`cartons[].lines`), each naming its item by one of sku,
 * gtin or code (anything a scanner reads: a GTIN, a GS1 element string, an EPC) and its quantity; `epcs`: the
 * serialized items announced (SGTIN EPCs). A bad field is a 400 naming it (`cartons[1].sscc: must be an SSCC…`).
 */
export const ZCreateShipmentRequest = z
  .object({
    reference: z.string(),
    supplier: z.string().nullish(),
    source_location_id: zId.nullish(),
    destination_location_id: zId,
    expected_at: z.string().nullish(),
    lines: z.array(ZLineInput).optional(),
    cartons: z.array(z.object({ sscc: z.string(), lines: z.array(ZLineInput) })).optional(),
    epcs: z.array(z.string()).optional(),
  })
  .superRefine((body, ctx) => {
    const problem = createShipmentProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type TCreateShipmentRequest = z.input<typeof ZCreateShipmentRequest>;

/** The first thing wrong with a new shipment, naming its field, or undefined (the CSV import checks the same). */
export function createShipmentProblem(body: z.infer<typeof ZCreateShipmentRequest>): string | undefined {
  if (!isText(body.reference, 1)) return shipmentFieldError('reference', SHIPMENT_MESSAGES.reference);
  if (body.supplier != null && !isText(body.supplier, 0)) {
    return shipmentFieldError('supplier', SHIPMENT_MESSAGES.supplier);
  }
  if (body.expected_at != null && !isInstant(body.expected_at)) {
    return shipmentFieldError('expected_at', SHIPMENT_MESSAGES.expectedAt);
  }
  if (body.source_location_id != null && body.source_location_id === body.destination_location_id) {
    return SHIPMENT_MESSAGES.sameLocation;
  }
  const lines = body.lines ?? [];
  const cartons = body.cartons ?? [];
  const epcs = body.epcs ?? [];
  for (const [i, line] of lines.entries()) {
    const p = shipmentLineProblem(line, `lines[${i}]`);
    if (p) return p;
  }
  const ssccs = new Set<string>();
  for (const [c, carton] of cartons.entries()) {
    if (!isSscc(carton.sscc)) return shipmentFieldError(`cartons[${c}].sscc`, SHIPMENT_MESSAGES.sscc);
    if (ssccs.has(carton.sscc)) return shipmentFieldError(`cartons[${c}].sscc`, SHIPMENT_MESSAGES.ssccTwice);
    ssccs.add(carton.sscc);
    for (const [i, line] of carton.lines.entries()) {
      const p = shipmentLineProblem(line, `cartons[${c}].lines[${i}]`);
      if (p) return p;
    }
  }
  const lineCount = lines.length + cartons.reduce((n, c) => n + c.lines.length, 0);
  if (lineCount === 0 && epcs.length === 0) return SHIPMENT_MESSAGES.empty;
  if (lineCount > SHIPMENT_LINES_MAX) return SHIPMENT_MESSAGES.tooManyLines;
  if (epcs.length > SHIPMENT_EPCS_MAX) return shipmentFieldError('epcs', `at most ${SHIPMENT_EPCS_MAX}`);
  const seen = new Set<string>();
  for (const [i, epc] of epcs.entries()) {
    if (!isEpcHex(epc)) return shipmentFieldError(`epcs[${i}]`, SHIPMENT_MESSAGES.epc);
    if (seen.has(epc.toUpperCase())) return shipmentFieldError(`epcs[${i}]`, SHIPMENT_MESSAGES.epcTwice);
    seen.add(epc.toUpperCase());
  }
  return undefined;
}

export const ZShipmentLine = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** The carton it comes in; null: loose. */
  sscc: z.string().nullable(),
});

export const ZShipmentSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  supplier: z.string().nullable(),
  source_location_id: z.number().int().nullable(),
  source_location: z.string().nullable(),
  destination_location_id: z.number().int(),
  destination_location: z.string().nullable(),
  expected_at: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  created_at: z.string(),
  created_by: z.string().nullable(),
  sent_at: z.string().nullable(),
  received_at: z.string().nullable(),
  /** The count receiving it (POST /api/rfid/audits with shipment_id), once one was opened. */
  receipt_audit_id: z.number().int().nullable(),
  cartons_count: z.number().int(),
  units_expected: z.number().int(),
  /** Units received: known once the receipt completes. */
  units_received: z.number().int().nullable(),
});
export type TShipmentSummary = z.infer<typeof ZShipmentSummary>;

export const RECEIPT_LINE_STATUSES = ['ok', 'short', 'over', 'not_on_shipment'] as const;

/** The receipt: the shipment's lines (per product) against what its count read. */
export const RECEIPT_REVIEW_STATES = ['awaiting', 'approved', 'rejected'] as const;

/**
 * A receipt line's approval: awaiting an admin; approved (what was received is added); rejected (what was shipped is
 * added, the difference not accepted).
 */
export const ZReceiptLineReview = z.object({
  discrepancy_id: z.number().int(),
  state: z.enum(RECEIPT_REVIEW_STATES),
  reason_code: z.string().nullable(),
  note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The units this line added to stock once decided (null while it waits). */
  units_added: z.number().int().nullable(),
});
export type TReceiptLineReview = z.infer<typeof ZReceiptLineReview>;

export const ZReceipt = z.object({
  audit_id: z.number().int(),
  /** open: the count is still reading (the figures so far); completed: what was received, kept. */
  state: z.enum(['open', 'completed']),
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      expected: z.number().int(),
      received: z.number().int(),
      /** received - expected. */
      difference: z.number().int(),
      status: z.enum(RECEIPT_LINE_STATUSES),
      /**
       * Over the company's count policy when the receipt completed: its stock waits for an admin's decision
       * (POST /api/audits/{audit_id}/review with this discrepancy_id). Null: under the policy, added at completion.
       */
      review: ZReceiptLineReview.nullable(),
    }),
  ),
  /** Codes and tags read that name no product (an SSCC of no carton of this shipment too). */
  unknown_codes: z.array(z.object({ code: z.string(), units: z.number().int() })),
  cartons: z.array(z.object({ sscc: z.string(), status: z.enum(['received', 'missing']) })),
  /** Serialized items announced and not read. */
  serials_not_read: z.array(
    z.object({ epc: z.string(), gtin: z.string().nullable(), serial: z.string().nullable() }),
  ),
  units_expected: z.number().int(),
  units_received: z.number().int(),
  units_short: z.number().int(),
  units_over: z.number().int(),
  /** Lines over the count policy still waiting for an admin's decision (their stock not added yet). */
  lines_awaiting_approval: z.number().int(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZShipment = ZShipmentSummary.extend({
  lines: z.array(ZShipmentLine),
  cartons: z.array(z.object({ sscc: z.string(), received_at: z.string().nullable() })),
  epcs: z.array(z.object({ epc: z.string(), gtin: z.string().nullable(), serial: z.string().nullable() })),
  /** Null until a count receives it. */
  receipt: ZReceipt.nullable(),
  /** A Metrc manifest's shipment (a Dutchie company's): its packages, and what to accept or reject in Metrc. */
  metrc: ZMetrcShipment.nullable().optional(),
});
export type TShipment = z.infer<typeof ZShipment>;

const ZDay = z.string().refine(isIsoDate, SHIPMENT_MESSAGES.badDate).optional();

/** GET /api/shipments: by status, supplier (exact, any case) and the company's days they were made. */
export const ZShipmentsQuery = z
  .object({
    status: z
      .enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(', ')}` })
      .optional(),
    supplier: z.string().max(SHIPMENT_TEXT_MAX, SHIPMENT_MESSAGES.supplier).optional(),
    from: ZDay,
    to: ZDay,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: SHIPMENT_MESSAGES.fromAfterTo });
export type TShipmentsQuery = z.infer<typeof ZShipmentsQuery>;

export const ZShipmentsResponse = z.object({ data: z.array(ZShipmentSummary) });

/** POST /api/shipments/import: the ASN CSV's columns (sscc and supplier may be empty; sku or gtin). */
export const SHIPMENT_CSV_COLUMNS = [
  'reference',
  'supplier',
  'destination',
  'sscc',
  'sku',
  'gtin',
  'quantity',
] as const;

export const SHIPMENT_CSV_MESSAGES = {
  unreadable: 'The file could not be read as CSV',
  empty:
    'The file has no lines: a header line (reference, supplier, destination, sscc, sku or gtin, quantity), then one per carton line',
  missingColumns: (columns: string[]) =>
    `The file has no ${columns.join(', ')} column${columns.length === 1 ? '' : 's'}`,
  tooMany: `At most ${SHIPMENT_LINES_MAX} lines a file: split it in two`,
  destination: 'is not one of your locations (write its path: Store > Back room)',
  supplierDiffers: 'the supplier differs from the earlier lines of this reference',
  destinationDiffers: 'the destination differs from the earlier lines of this reference',
} as const;

/** `Row 5, sscc: must be an SSCC…` (row 1 is the header). */
export const shipmentCsvError = (row: number, field: string, message: string) =>
  `Row ${row}${field ? `, ${field}` : ''}: ${message}`;

export const ZShipmentsImportResponse = z.object({
  created: z.number().int(),
  lines: z.number().int(),
  shipments: z.array(z.object({ id: z.number().int(), reference: z.string() })),
});

/** GET /api/reports/suppliers: received shipments by the company's days they were received (default: 30 days). */
export const ZSuppliersReportQuery = z
  .object({ from: ZDay, to: ZDay })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: SHIPMENT_MESSAGES.fromAfterTo });

const ZSupplierFigures = z.object({
  shipments: z.number().int(),
  units_expected: z.number().int(),
  units_received: z.number().int(),
  units_short: z.number().int(),
  units_over: z.number().int(),
  /** Shipments received exactly: every line ok, no unknown code, no carton missing, no serial unread. */
  exact: z.number().int(),
  /** exact / shipments x 100, rounded. */
  exact_share: z.number().int(),
});

export const ZSuppliersReport = z.object({
  from: z.string(),
  to: z.string(),
  suppliers: z.array(
    ZSupplierFigures.extend({
      /** Null: shipments announced with no supplier. */
      supplier: z.string().nullable(),
      /** By week (its Monday, YYYY-MM-DD, the company's days), oldest first. */
      weeks: z.array(ZSupplierFigures.extend({ week: z.string() })),
    }),
  ),
});
export type TSuppliersReport = z.infer<typeof ZSuppliersReport>;

export const SUPPLIERS_REPORT_COLUMNS = [
  'supplier',
  'week',
  'shipments',
  'units_expected',
  'units_received',
  'units_short',
  'units_over',
  'exact',
  'exact_share',
] as const;
