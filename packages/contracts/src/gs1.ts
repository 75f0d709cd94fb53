import tds from 'epc-tds';
import { textProblem } from './text.ts';

/**
 * GS1 standard tags (the EPC Tag Data Standard), decoded with epc-tds: brands source-tag items with SGTIN EPCs
 * (a GTIN and a serial per item); cases carry SSCCs and assets GIAIs. Decoded once, when a read is stored.
 */

export type TDecodedTag = {
  /** The item's GTIN-14 when the EPC is an SGTIN (96 or 198 bits): what a catalogue product is matched by. */
  gtin: string | null;
  /** An SGTIN's serial: tells apart the items of one GTIN. */
  serial: string | null;
  /** What the tag says, for a person: "GTIN 80614141123458, serial 6789", "SSCC 106141412345678908". */
  text: string | null;
};

const NOT_GS1: TDecodedTag = { gtin: null, serial: null, text: null };

/** The first bytes of the schemes epc-tds decodes, read off its own scheme classes. */
const HEADERS = new Set(
  Object.values(tds)
    .map((scheme) => (scheme as { EPC_HEADER?: unknown } | undefined)?.EPC_HEADER)
    .filter((header): header is number => typeof header === 'number'),
);

/**
 * Tags decoded lately. A reader reports the tags in front of it again and again, batch after batch, and decoding an
 * SGTIN costs about 8 us (its GTIN's digits and check digit): each EPC is decoded once while it keeps being read.
 * Bounded: emptied when full.
 */
const recent = new Map<string, TDecodedTag>();
const RECENT_MAX = 50_000;

/** Reads an EPC (hex); anything that is not a GS1 scheme epc-tds knows (our SKU tags, say) decodes to nothing. */
export function decodeTag(epcHex: string): TDecodedTag {
  // Only a header epc-tds knows is tried: other EPCs (ours are ASCII text) decode to nothing without a throw.
  if (!HEADERS.has(Number.parseInt(epcHex.slice(0, 2), 16))) return NOT_GS1;
  const upper = epcHex.toUpperCase();
  let tag = recent.get(upper);
  if (!tag) {
    if (recent.size >= RECENT_MAX) recent.clear();
    tag = decodeGs1(upper);
    recent.set(upper, tag);
  }
  return tag;
}

function decodeGs1(epcHex: string): TDecodedTag {
  let epc: ReturnType<typeof tds.valueOf>;
  try {
    epc = tds.valueOf(epcHex);
  } catch {
    return NOT_GS1;
  }
  // A header epc-tds parses can still hold a partition it cannot map (about 1 random EPC in 100): its getters throw.
  try {
    return describe(epc);
  } catch {
    return NOT_GS1;
  }
}

function describe(epc: ReturnType<typeof tds.valueOf>): TDecodedTag {
  const type = String(epc.getType());
  if (type.startsWith('SGTIN')) {
    const sgtin = epc as unknown as { getGtin(): string; getSerial(): string | number };
    const gtin = String(sgtin.getGtin()).padStart(14, '0');
    const serial = String(sgtin.getSerial());
    return readable({ gtin, serial, text: `GTIN ${gtin}, serial ${serial}` });
  }
  const scheme = type.split('-')[0] ?? type;
  const barcode = (epc as unknown as { toBarcode?: () => string }).toBarcode?.();
  return readable({ gtin: null, serial: null, text: barcode ? `${scheme} ${barcode}` : epc.toIdURI() });
}

// A header that promises more bits than the EPC has (an SGTIN-198 header on 96 bits) decodes to garbage: not GS1.
const readable = (tag: TDecodedTag) =>
  tag.text && (textProblem(tag.text) || tag.text.includes('\ufffd')) ? NOT_GS1 : tag;

/** SGTIN-96 serials are 38 bits. */
export const SGTIN96_SERIAL_MAX = 2 ** 38 - 1;

/**
 * The SGTIN-96 EPC (hex) of one item: its GTIN-14, serial and the GS1 company prefix's length (6 to 12 digits),
 * which SGTIN encoding needs and the GTIN alone does not tell. Filter 1 (the default): a point-of-sale trade item.
 */
export function sgtin96(gtin: string, serial: number, prefixLength: number, filter = 1): string {
  return new tds.Sgtin96()
    .setFilter(filter)
    .setPartition(12 - prefixLength)
    .setGtin(gtin)
    .setSerial(serial)
    .toHexString()
    .toUpperCase();
}
