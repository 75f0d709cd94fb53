import { z } from 'zod';
import { LABEL_DPIS, LABEL_INCHES_MAX, LABEL_INCHES_MIN } from './label.ts';
import { pageQuery, ZPagination } from './pagination.ts';
import { multiline } from './text.ts';

/**
 * The print API's messages and the print rules' texts (tested here), word for word from the spec; the page's own
 * labels live in the web app.
 */
export const PRINT_MESSAGES = {
  selectProduct: 'Please select a product',
  selectPrinter: 'Please select a printer',
  quantityMin: 'Quantity must be at least 1',
  utilityNotConnected: 'Print utility not connected. Please ensure the Quantics Print Utility is running.',
  sendFailed: 'Failed to send print job',
  // The API's answers (the page maps any containing 'not connected' to utilityNotConnected).
  serverNotConnected: 'Print utility not connected',
  printerUnknown: 'That printer is not available on your print utility',
  productUnknown: 'Product not found',
  utilityTimeout: 'The print utility did not confirm the job in time',
  utilityGone: 'The print utility disconnected before confirming the job',
  printerFailed: 'The printer did not print the labels',
  operatorsOnly: 'Only operators and admins can print labels. Ask an admin of your company.',
  sendUtilityToken: 'Send the utility token as Authorization: Bearer <token>',
  utilityNotFound: 'Print utility not found',
  socketIsForUtility: 'This address is for the Quantics Print Utility (WebSocket, protocols 1 and 2)',
  unreadableMessage: (reason: string) => `Unreadable message${reason ? `: ${reason}` : ''}`,
  protocolTooOld: (protocol: number) =>
    `Protocol ${protocol} is no longer supported; update the Quantics Print Utility`,
  agentTokenInvalid: 'This print utility is signed out. Sign it in again with: print-agent login',
  // Serialized GS1 labels (a product whose GTIN is under one of the company's GS1 company prefixes).
  serialsNeedNewerUtility:
    'Serialized GS1 labels need Quantics Print Utility 1.1 or newer, which reports each label it prints. Update the print utility on this computer, then print again.',
  serialsExhausted: (gtin: string) => `No SGTIN-96 serial numbers are left for GTIN ${gtin}`,
  /** A serialized job that failed part-way: which serials went out, and that the rest are never reused. */
  serialsInterrupted: (error: string, first: number, last: number, printedLast: number | null) => {
    const range = (a: number, b: number) => (a === b ? `serial ${a}` : `serials ${a} to ${b}`);
    if (printedLast === null) return `${error}. Nothing printed; never used again: ${range(first, last)}.`;
    if (printedLast >= last) return `${error}. Printed: ${range(first, last)}.`;
    return `${error}. Printed: ${range(first, printedLast)}; not printed and never used again: ${range(printedLast + 1, last)}.`;
  },
} as const;

export const printLabelsButton = (n: number) => `Print ${n} Label(s)`;
export const printTotalButton = (total: number) => `Print ${total} Total Labels`;
export const printJobSentMessage = (n: number, name: string) => `Print job sent: ${n} label(s) for ${name}`;
export const addedAllMessage = (n: number) => `Added ${n} products for bulk printing`;
export const addedToBulkMessage = (name: string) => `Added ${name} to bulk print`;
export const queuedMessage = (n: number) => `Successfully queued ${n} print job(s)`;
export const queueFailedMessage = (n: number) => `Failed to queue ${n} print job(s)`;
export const quantityTooHighMessage = (max: number) => `Quantity must be at most ${max}`;

/** The toast for a failed print: the spec's words for 'not connected', else the server's text, else a default. */
export function printErrorToast(serverMessage: string | null | undefined): string {
  if (serverMessage?.toLowerCase().includes('not connected')) return PRINT_MESSAGES.utilityNotConnected;
  return serverMessage || PRINT_MESSAGES.sendFailed;
}

/** Quantity inputs fall back to 1 on anything that is not a whole number of 1 or more. */
export function parseQuantityInput(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The spec's limits: product search fetches 20, 'Add All Products' up to 1000. */
export const PRINT_SEARCH_LIMIT = 20;
export const PRINT_ADD_ALL_LIMIT = 1000;
/** The page and the utility refresh the utility's status this often. */
export const PRINT_STATUS_INTERVAL_MS = 5000;
export const PRINTER_NAME_MAX = 200;

export const ZPrinter = z.object({
  name: z.string().min(1).max(PRINTER_NAME_MAX),
  /** 'ready' marks a usable printer; anything else says why not (offline, paper out, paused...). */
  status: z.string().min(1).max(100),
});
export type TPrinter = z.infer<typeof ZPrinter>;

/** GET /api/print/status: the caller's own utilities (one per computer they signed in on), their printers merged. */
export const ZPrintStatus = z.object({
  connected: z.boolean(),
  printers: z.array(ZPrinter),
  agents: z.array(
    z.object({
      name: z.string(),
      version: z.string().nullable(),
      /** The protocol it speaks: 2 and up print serialized GS1 labels. */
      protocol: z.number().int().nullable(),
      hostname: z.string().nullable(),
      last_seen: z.string().nullable(),
    }),
  ),
});
export type TPrintStatus = z.infer<typeof ZPrintStatus>;

/**
 * POST /api/print/print, the spec's payload. The server never sends this `zpl` to a printer: it prints the label
 * it builds itself for the company's product whose SKU (or package id) is productInfo.sku.
 */
export const ZPrintRequest = z.object({
  zpl: multiline(z.string().max(65_536, 'zpl is too long').optional().default('')),
  quantity: z
    .number({ error: PRINT_MESSAGES.quantityMin })
    .int(PRINT_MESSAGES.quantityMin)
    .min(1, PRINT_MESSAGES.quantityMin),
  printerName: z
    .string({ error: PRINT_MESSAGES.selectPrinter })
    .trim()
    .min(1, PRINT_MESSAGES.selectPrinter)
    .max(PRINTER_NAME_MAX, `printerName must be at most ${PRINTER_NAME_MAX} characters`),
  productInfo: z.object(
    {
      name: z.string().max(500).optional().default(''),
      sku: z
        .string({ error: PRINT_MESSAGES.selectProduct })
        .trim()
        .min(1, PRINT_MESSAGES.selectProduct)
        .max(100, PRINT_MESSAGES.productUnknown),
      epc: z.string().max(100).optional().default(''),
    },
    { error: PRINT_MESSAGES.selectProduct },
  ),
});
export type TPrintRequest = z.input<typeof ZPrintRequest>;

export const PRINT_JOB_STATUSES = ['sent', 'succeeded', 'failed'] as const;
export const ZPrintJobStatus = z.enum(PRINT_JOB_STATUSES);

/** A serialized job's serials: allocated `first` to `last`; the printer took those up to `printed_last`. */
export const ZPrintJobSerials = z.object({
  gtin: z.string(),
  first: z.number().int(),
  last: z.number().int(),
  /** The last serial the utility reported printed (null: none yet, or none at all). */
  printed_last: z.number().int().nullable(),
});
export type TPrintJobSerials = z.infer<typeof ZPrintJobSerials>;

export const ZPrintJob = z.object({
  id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  epc: z.string(),
  printer_name: z.string(),
  quantity: z.number().int(),
  status: ZPrintJobStatus,
  /** The printer's or utility's error when it failed. */
  error: z.string().nullable(),
  printed_by: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Serialized GS1 labels only (else null): the serial range the job used. */
  serials: ZPrintJobSerials.nullable(),
});
export type TPrintJob = z.infer<typeof ZPrintJob>;

/**
 * GET /api/print/products/{id}/serials: whether the product prints serialized GS1 labels (its GTIN under one of
 * the company's prefixes), the next serial, how many serialized labels went out, and its latest serialized jobs.
 */
export const ZProductSerials = z.object({
  gtin: z.string().nullable(),
  /** The company prefix the GTIN falls under; null: the product prints the SKU label. */
  prefix: z.string().nullable(),
  next_serial: z.number().int().nullable(),
  labels_printed: z.number().int(),
  jobs: z.array(ZPrintJob),
});
export type TProductSerials = z.infer<typeof ZProductSerials>;
export const PRODUCT_SERIAL_JOBS_SHOWN = 10;

export const ZPrintResponse = z.object({ success: z.literal(true), message: z.string(), job: ZPrintJob });
export type TPrintResponse = z.infer<typeof ZPrintResponse>;

export const PRINT_JOBS_PAGE_MAX = 100;
export const ZPrintJobsQuery = z.object(pageQuery(PRINT_JOBS_PAGE_MAX, 10));
export type TPrintJobsQuery = z.input<typeof ZPrintJobsQuery>;
export const ZPrintJobsResponse = z.object({ data: z.array(ZPrintJob), pagination: ZPagination });
export type TPrintJobsResponse = z.infer<typeof ZPrintJobsResponse>;

/** A company's label size (admins change it; every label the company prints uses it). */
export const ZLabelSettings = z.object({
  widthInches: z
    .number({ error: `Label width must be ${LABEL_INCHES_MIN} to ${LABEL_INCHES_MAX} inches` })
    .min(LABEL_INCHES_MIN, `Label width must be ${LABEL_INCHES_MIN} to ${LABEL_INCHES_MAX} inches`)
    .max(LABEL_INCHES_MAX, `Label width must be ${LABEL_INCHES_MIN} to ${LABEL_INCHES_MAX} inches`),
  heightInches: z
    .number({ error: `Label height must be 0.5 to ${LABEL_INCHES_MAX} inches` })
    .min(0.5, `Label height must be 0.5 to ${LABEL_INCHES_MAX} inches`)
    .max(LABEL_INCHES_MAX, `Label height must be 0.5 to ${LABEL_INCHES_MAX} inches`),
  dpi: z.union(
    LABEL_DPIS.map((d) => z.literal(d)),
    { error: `Resolution must be one of ${LABEL_DPIS.join(', ')} dpi` },
  ),
});
export type TLabelSettings = z.infer<typeof ZLabelSettings>;
