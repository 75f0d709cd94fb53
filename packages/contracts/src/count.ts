import { z } from 'zod';
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
});
export type TCountSheetItem = z.infer<typeof ZCountSheetItem>;
export const ZCountSheet = z.object({
  audit_id: z.number().int(),
  /** Units expected in scope (the sum of the in-scope items' expected). */
  tags_expected: z.number().int(),
  items: z.array(ZCountSheetItem),
});
export type TCountSheet = z.infer<typeof ZCountSheet>;

/** What the capture field made of the text typed into it. */
export type TWedgeParse = {
  /** EPCs taken, upper case, in the order typed. */
  epcs: string[];
  /** Pieces that are not an EPC (counted and shown as ignored, never dropped silently). */
  ignored: string[];
  /** The text still being typed (no separator after it yet): keep it in the field. */
  rest: string;
};

const SEPARATORS = /[\s,;]+/;
const HEX_CHUNK = new RegExp(`^[0-9a-fA-F]{${EPC_HEX_LENGTH}}`);

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
 * Splits what a keyboard-wedge reader typed into EPCs. Separators: Enter, Tab, spaces, commas or semicolons (the
 * caller turns Enter and Tab into line breaks), the DataWedge prefix when one is set (any case), or none at all:
 * a run of hex digits splits on 24-digit boundaries. Any piece that is not a whole EPC is ignored, and reported.
 * With `isFinal` false, the last piece has no separator after it yet: its whole 24-digit chunks are taken at once
 * (a reader typing tags with no separator never ends a run) and the rest stays in `rest`.
 */
export function parseWedgeInput(text: string, opts: { prefix?: string; isFinal: boolean }): TWedgeParse {
  const prefix = opts.prefix?.trim() ?? '';
  const cleaned = prefix ? text.replace(new RegExp(escapeRegExp(prefix), 'gi'), ' ') : text;
  const pieces = cleaned.split(SEPARATORS);
  // The last piece is still open unless the text ended on a separator (then it is '').
  const open = opts.isFinal ? '' : (pieces.pop() ?? '');
  const out: TWedgeParse = { epcs: [], ignored: [], rest: '' };
  for (const piece of pieces) {
    if (!piece) continue;
    const { epcs, remainder } = takeChunks(piece);
    out.epcs.push(...epcs);
    if (remainder) out.ignored.push(remainder);
  }
  const tail = takeChunks(open);
  out.epcs.push(...tail.epcs);
  out.rest = tail.remainder;
  return out;
}
