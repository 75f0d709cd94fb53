import { z } from 'zod';
import { CODE_MESSAGES, codeProblem } from './code-identity.ts';
import { ZStockRow } from './inventory.ts';
import { scannedCode } from './text.ts';

/**
 * What a scanner read, as sent: 1 to 200 printable characters, GS1's GS separator allowed (the reader protocol's
 * `code`, the lookup's `code`).
 */
export const ZScannedCode = scannedCode(
  z
    .string({ error: CODE_MESSAGES.codeRequired })
    .refine((v) => codeProblem(v) === undefined, CODE_MESSAGES.codeRequired),
);

/** GET /api/inventory/lookup?code=…: what a scanned code is, for the Count screen and for integrations. */
export const ZCodeLookupQuery = z.object({ code: ZScannedCode });
export type TCodeLookupQuery = z.input<typeof ZCodeLookupQuery>;

export const LOOKUP_MESSAGES = {
  noProduct: 'No product has this code',
  noPackage: 'No package of the Dutchie store has this code',
} as const;

export const ZCodeLookupResponse = z.object({
  kind: z.enum(['product', 'package', 'carton', 'unknown']),
  /** Each distinct serial (or tag, or package) is one unit however often read; else each scan is its quantity. */
  serialized: z.boolean(),
  /** The code as read (trimmed) and what it looks like: 'UPC-A', 'GS1 DataMatrix', 'Metrc label', 'Text'… */
  code: z.string(),
  format: z.string(),
  product: z
    .object({
      id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      /** Where its units are, by place name (no location last): only for a product kept in several places. */
      stock: z.array(ZStockRow).optional(),
    })
    .optional(),
  package: z
    .object({
      package_id: z.string(),
      name: z.string(),
      /** The rooms holding it, comma-separated; null when none does. */
      room: z.string().nullable(),
      quantity: z.number(),
    })
    .optional(),
  /** A carton label (an SSCC, GS1 AI 00): the carton, and the shipment it is expected with when there is one. */
  carton: z
    .object({
      sscc: z.string(),
      shipment: z.object({ id: z.number().int(), reference: z.string(), status: z.string() }).nullable(),
    })
    .optional(),
  gtin: z.string().optional(),
  serial: z.string().optional(),
  /** Why it is unknown: 'GTIN check digit is wrong', 'Metrc label … is not in Dutchie', 'No product has this code'. */
  reason: z.string().optional(),
});
export type TCodeLookupResponse = z.infer<typeof ZCodeLookupResponse>;
