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
const HEADERS: ReadonlySet<number> = new Set(
  Object.values(tds)
    .map((scheme) => (scheme as { EPC_HEADER?: unknown } | undefined)?.EPC_HEADER)
    .filter((header): header is number => typeof header === 'number'),
);

/** Reads an EPC (hex); anything that is not a GS1 scheme epc-tds knows (our SKU tags, say) decodes to nothing. */
export function decodeTag(epcHex: string): TDecodedTag {
  return isGs1Header(epcHex) ? decodeGs1(epcHex.toUpperCase()) : NOT_GS1;
}

// Only a header epc-tds knows is tried: other EPCs (ours are ASCII text) decode to nothing without a throw.
const isGs1Header = (epcHex: string) => HEADERS.has(Number.parseInt(epcHex.slice(0, 2), 16));

/**
 * decodeTag with a memory of the tags it decoded lately, for a caller that sees the same tags again and again (a
 * reader reports the tags in front of it batch after batch, and decoding an SGTIN costs about 8 us: its GTIN's digits
 * and check digit). The memory is the decoder's own (build one where the long-lived objects are built, buildApp on
 * the server), bounded: emptied when it holds `max` tags. Tags of other schemes are not remembered (nothing to decode).
 */
export function createTagDecoder(max = 50_000): TagDecoder {
  const recent = new Map<string, TDecodedTag>();
  return {
    get size() {
      return recent.size;
    },
    decode: (epcHex) => {
      if (!isGs1Header(epcHex)) return NOT_GS1;
      const upper = epcHex.toUpperCase();
      let tag = recent.get(upper);
      if (!tag) {
        if (recent.size >= max) recent.clear();
        tag = decodeGs1(upper);
        recent.set(upper, tag);
      }
      return tag;
    },
  };
}

export type TagDecoder = {
  decode: (epcHex: string) => TDecodedTag;
  /** How many tags it remembers. */
  readonly size: number;
};

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
