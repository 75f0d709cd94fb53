import { z } from 'zod';
import type { TCodeCatalogue } from './code-identity.ts';
import { ZScannedCode } from './code-lookup.ts';
import { DEVICE_MESSAGES, DEVICE_NAME_MAX, ZDevice } from './devices.ts';
import { EPC_HEX_LENGTH } from './rfid.ts';

/**
 * The Count screen: a person counts in the browser of a handheld whose reader types what it reads (Zebra
 * DataWedge keystroke output, a USB reader in HID keyboard mode). The browser is a device of the company (kind
 * 'browser', owned by the person) and speaks the reader protocol with its own device token, so device and person
 * stay apart as they do for handhelds.
 */

/** A batch is sent every half second, or sooner once this many reads are waiting. */
export const COUNT_BATCH_MS = 500;
export const COUNT_BATCH_READS = 500;
/** The DataWedge prefix a person may set, at most this long. */
export const WEDGE_PREFIX_MAX = 20;

export const COUNT_MESSAGES = {
  browserNameRequired: DEVICE_MESSAGES.nameRequired,
} as const;

/** POST /api/devices/browser: the person names this handheld's browser (e.g. "Alex's MC3300"). */
export const ZCreateBrowserDeviceRequest = z.object({
  name: z
    .string({ error: COUNT_MESSAGES.browserNameRequired })
    .trim()
    .min(1, COUNT_MESSAGES.browserNameRequired)
    .max(DEVICE_NAME_MAX, `Device name must be at most ${DEVICE_NAME_MAX} characters`),
});
export type TCreateBrowserDeviceRequest = z.input<typeof ZCreateBrowserDeviceRequest>;

/** The new browser device and its token, shown once: the page keeps it and sends it as a device token. */
export const ZBrowserDeviceResponse = z.object({ device: ZDevice, device_token: z.string() });
export type TBrowserDeviceResponse = z.infer<typeof ZBrowserDeviceResponse>;

/**
 * What moved in a count's places while it ran, by kind, in units (issue 48): sold and returned by a till, received,
 * transferred (net: in positive, out negative) and adjusted (net: up positive). The reconciliation's note says the
 * same in words ("3 sold during the count").
 */
export const ZMovedDuring = z.object({
  sold: z.number().int(),
  returned: z.number().int(),
  received: z.number().int(),
  transferred: z.number().int(),
  adjusted: z.number().int(),
});
export type TMovedDuring = z.infer<typeof ZMovedDuring>;

/**
 * GET /api/rfid/audits/{audit_id}/sheet (device token): what the open audit counts against, so the screen can
 * name each tag as it is read and keep the live figures. Every product (or Dutchie package) of the company that a
 * tag could match: `in_scope` ones are expected here (`expected` units); the others, read here, are misplaced; an
 * EPC matching none (by itself, or as a GS1 SGTIN by its GTIN) is unknown. Reconciliation uses the same rules.
 */
export const ZCountSheetItem = z.object({
  epc: z.string(),
  name: z.string(),
  sku: z.string(),
  expected: z.number().int(),
  in_scope: z.boolean(),
  /** The product's GTIN-14: SGTIN tags (any serial) of it count for it. */
  gtin: z.string().nullable().optional(),
  /**
   * A Dutchie package with a Metrc label (`sku` is the label, `epc` the same): counted as a package, so read once it
   * is there with its `expected` units (`units`, its whole quantity, when it belongs elsewhere) unless a quantity is
   * entered for it. `belongs` names the rooms that hold it; for a catalogue product out of scope in a lookup at a
   * location, the places its stock is kept.
   */
  is_package: z.boolean().optional(),
  units: z.number().int().optional(),
  belongs: z.string().nullable().optional(),
  /** A recount's product: the location it belongs in (the short list of what to find names it). */
  location: z.string().nullable().optional(),
  /**
   * A catalogue product in scope whose stock moved in the counted places since the count started (issue 48): what
   * moved. `expected` then follows the reconciliation's rule: what the places held at the start plus what moved
   * until the product's first read in this count (not read yet: until now). Absent when nothing moved.
   */
  moved: ZMovedDuring.optional(),
});
export type TCountSheetItem = z.infer<typeof ZCountSheetItem>;
export const ZCountSheet = z.object({
  audit_id: z.number().int(),
  /** Units expected in scope (the sum of the in-scope items' expected). */
  tags_expected: z.number().int(),
  /** Packages with a Metrc label expected in scope (a Dutchie audit's); absent: count them in `items`. */
  packages_expected: z.number().int().optional(),
  /** A Dutchie audit (its items are packages): a Metrc label matching none is said to be missing from Dutchie. */
  is_point_of_sale: z.boolean().optional(),
  items: z.array(ZCountSheetItem),
});
export type TCountSheet = z.infer<typeof ZCountSheet>;

/**
 * GET /api/rfid/audits/{audit_id}/sheet?items=none: the sheet's totals only (`items` empty), for a reader that names
 * what it reads with the sheet's lookup below rather than download every product of the catalogue; `items=expected`:
 * the totals and the items in scope only (a recount's short list of what to find), the rest named by the lookup.
 */
export const ZCountSheetQuery = z.object({
  items: z.enum(['all', 'none', 'expected'], { error: 'items must be all, none or expected' }).default('all'),
});
export type TCountSheetQuery = z.input<typeof ZCountSheetQuery>;

/** The Count screen asks its sheet's lookup every few hundred milliseconds, for at most this many new codes. */
export const COUNT_LOOKUP_MS = 300;
export const COUNT_LOOKUP_CODES = 200;

const LOOKUP_TOO_MANY = `At most ${COUNT_LOOKUP_CODES} tags and codes a lookup`;
/**
 * POST /api/rfid/audits/{audit_id}/sheet/lookup (device token): the sheet's items that the tags (EPCs) and scanned
 * codes read could match (by EPC, GTIN, SKU or package id, as the full sheet would), with their place against the
 * audit's scope. What matches none is unknown. Batched: up to COUNT_LOOKUP_CODES tags and codes together.
 */
export const ZCountSheetLookupRequest = z
  .object({
    epcs: z
      .array(
        z
          .string({ error: 'epc must be 24 hex digits' })
          .regex(new RegExp(`^[0-9a-fA-F]{${EPC_HEX_LENGTH}}$`), 'epc must be 24 hex digits')
          .transform((v) => v.toUpperCase()),
        { error: 'epcs must be a list of EPCs' },
      )
      .max(COUNT_LOOKUP_CODES, LOOKUP_TOO_MANY)
      .default([]),
    codes: z
      .array(ZScannedCode, { error: 'codes must be a list of scanned codes' })
      .max(COUNT_LOOKUP_CODES, LOOKUP_TOO_MANY)
      .default([]),
  })
  .refine((b) => b.epcs.length + b.codes.length <= COUNT_LOOKUP_CODES, { message: LOOKUP_TOO_MANY });
export type TCountSheetLookupRequest = z.input<typeof ZCountSheetLookupRequest>;
export const ZCountSheetLookupResponse = z.object({
  audit_id: z.number().int(),
  items: z.array(ZCountSheetItem),
});
export type TCountSheetLookupResponse = z.infer<typeof ZCountSheetLookupResponse>;

/**
 * Where matchTag and matchCode look on a count sheet: its items by EPC, by GTIN-14 and by upper-case SKU (a Dutchie
 * package by its label and its package id), as reconciliation looks them up in the catalogue or the audit's snapshot.
 */
export function sheetCatalogue(sheet: Pick<TCountSheet, 'items'>): TCodeCatalogue<TCountSheetItem> {
  const byEpc = new Map(sheet.items.map((i) => [i.epc, i]));
  const byGtin = new Map(sheet.items.flatMap((i) => (i.gtin ? [[i.gtin, i] as const] : [])));
  const bySku = new Map(sheet.items.map((i) => [i.sku.toUpperCase(), i]));
  return {
    byEpc: (epc) => byEpc.get(epc),
    byGtin: (gtin) => byGtin.get(gtin),
    bySku: (sku) => bySku.get(sku),
  };
}

/** One read the capture field took: an RFID tag's EPC, or what a barcode scanner typed (resolved as a code). */
export type TWedgeRead = { kind: 'epc'; value: string } | { kind: 'code'; value: string };

/** What the capture field made of the text typed into it. */
export type TWedgeParse = {
  /** EPCs and codes taken, in the order typed (EPCs upper case). */
  reads: TWedgeRead[];
  /** The EPCs among them. */
  epcs: string[];
  /** The codes among them: a line that is not EPCs (a barcode, a GS1 string, a SKU…), as typed. */
  codes: string[];
  /** Pieces that are neither (a broken EPC's tail, a code too long): counted and shown, never dropped silently. */
  ignored: string[];
  /** The text still being typed (no separator after it yet): keep it in the field. */
  rest: string;
};

const LINES = /[\r\n\t]+/;
const SEPARATORS = /[\s,;]+/;
const HEX_CHUNK = new RegExp(`^[0-9a-fA-F]{${EPC_HEX_LENGTH}}`);
const CODE_MAX_TYPED = 200;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 24-hex-digit chunks from the start of a token; whatever follows is the remainder. */
function takeChunks(token: string): { epcs: string[]; remainder: string } {
  const epcs: string[] = [];
  let rest = token;
  for (let m = HEX_CHUNK.exec(rest); m; m = HEX_CHUNK.exec(rest)) {
    epcs.push(m[0].toUpperCase());
    rest = rest.slice(EPC_HEX_LENGTH);
  }
  return { epcs, remainder: rest };
}

/**
 * Splits what a keyboard-wedge reader typed into reads. Enter and Tab end a read (the caller turns them into line
 * breaks), as does the DataWedge prefix when one is set (any case).
 * - A line of RFID reads (it starts with 24 hex digits) is split into EPCs: spaces, commas and semicolons separate
 *   them, and a run of hex digits with no separator splits on 24-digit boundaries; a piece with no whole EPC in it
 *   is a code, and the tail of a piece after its EPCs is ignored (a broken read).
 * - Any other line is one code, whole (a barcode: UPC, GS1 element string with its GS characters, Digital Link,
 *   SKU), resolved by identifyCode where it is counted.
 * With `isFinal` false, the last line has no Enter after it yet: its whole EPCs are taken at once when it is a line
 * of RFID reads (a reader typing tags with no separator never ends a run), and the rest stays in `rest`.
 */
export function parseWedgeInput(text: string, opts: { prefix?: string; isFinal: boolean }): TWedgeParse {
  const prefix = opts.prefix?.trim() ?? '';
  const cleaned = prefix ? text.replace(new RegExp(escapeRegExp(prefix), 'gi'), '\n') : text;
  const lines = cleaned.split(LINES);
  // The last line is still open unless the text ended on a separator (then it is '').
  const open = opts.isFinal ? '' : (lines.pop() ?? '');
  const out: TWedgeParse = { reads: [], epcs: [], codes: [], ignored: [], rest: '' };
  const epc = (value: string) => {
    out.reads.push({ kind: 'epc', value });
    out.epcs.push(value);
  };
  const code = (value: string) => {
    if (value.length > CODE_MAX_TYPED) {
      out.ignored.push(value);
      return;
    }
    out.reads.push({ kind: 'code', value });
    out.codes.push(value);
  };
  const piecesOf = (line: string, isOpen: boolean) => {
    const pieces = line.split(SEPARATORS);
    const last = isOpen ? (pieces.pop() ?? '') : '';
    for (const piece of pieces) {
      if (!piece) continue;
      const { epcs, remainder } = takeChunks(piece);
      for (const e of epcs) epc(e);
      if (epcs.length === 0) code(piece);
      else if (remainder) out.ignored.push(remainder);
    }
    return last;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (HEX_CHUNK.test(line)) piecesOf(line, false);
    else code(line);
  }
  if (HEX_CHUNK.test(open.trimStart())) {
    const last = piecesOf(open.trimStart(), true);
    const tail = takeChunks(last);
    for (const e of tail.epcs) epc(e);
    out.rest = tail.remainder;
  } else out.rest = open;
  return out;
}
