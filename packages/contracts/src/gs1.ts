import tds from 'epc-tds';
import { textProblem } from './text.ts';

/**
 * GS1 standard tags (the EPC Tag Data Standard), decoded with epc-tds: brands source-tag items with SGTIN EPCs
 * (a GTIN and a serial per item); cases carry SSCCs and assets GIAIs. Decoded once, when a read is stored.
 */

export type TDecodedTag = {
  /** The item's GTIN-14 when the EPC is an SGTIN (96 or 198 bits): what a catalogue product is matched by. */
  gtin: string | null;
  /** What the tag says, for a person: "GTIN 80614141123458, serial 6789", "SSCC 106141412345678908". */
  text: string | null;
};

const NOT_GS1: TDecodedTag = { gtin: null, text: null };

/** Reads an EPC (hex); anything that is not a GS1 scheme epc-tds knows (our SKU tags, say) decodes to nothing. */
export function decodeTag(epcHex: string): TDecodedTag {
  // GS1 headers start 0x2x-0x3x; other EPCs (ours are ASCII text) are not tried.
  if (!/^[23][0-9A-F]/i.test(epcHex)) return NOT_GS1;
  let epc: ReturnType<typeof tds.valueOf>;
  try {
    epc = tds.valueOf(epcHex.toUpperCase());
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
    return readable({ gtin, text: `GTIN ${gtin}, serial ${sgtin.getSerial()}` });
  }
  const scheme = type.split('-')[0] ?? type;
  const barcode = (epc as unknown as { toBarcode?: () => string }).toBarcode?.();
  return readable({ gtin: null, text: barcode ? `${scheme} ${barcode}` : epc.toIdURI() });
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
