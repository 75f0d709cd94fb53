/**
 * RFID tag rules shared by the catalogue, label printing and audit reconciliation. Pure functions, no zod.
 *
 * A tag carries 12 ASCII characters derived from the product's source id (its SKU, or a point-of-sale package
 * id); the EPC written to the chip is those 12 bytes as 24 hex digits.
 */

/** Characters of RFID data on a tag. */
export const RFID_TAG_LENGTH = 12;
/** Hex digits of the EPC written to the tag (96 bits). */
export const EPC_HEX_LENGTH = RFID_TAG_LENGTH * 2;
/** The screens truncate a tag after this many characters. */
export const RFID_TAG_DISPLAY_MAX = 16;

/**
 * The tag's 12 characters: a source id shorter than 12 is right-padded with '0'; one of 12 or more characters
 * gives its first 6 plus its last 6. Upper case, like SKUs are stored.
 */
export function rfidTagFromSku(sourceId: string): string {
  const id = sourceId.trim().toUpperCase();
  if (id.length >= RFID_TAG_LENGTH) return id.slice(0, 6) + id.slice(-6);
  return id.padEnd(RFID_TAG_LENGTH, '0');
}

/** The 24 upper-case hex digits of a 12-character tag's ASCII bytes. */
export function epcFromRfidTag(tag: string): string {
  let hex = '';
  for (const ch of tag) {
    const code = ch.charCodeAt(0);
    // Tags are built from letters and digits; anything outside 7-bit ASCII cannot be written as one byte.
    if (code > 0x7f) throw new Error(`RFID tag characters must be ASCII: ${JSON.stringify(tag)}`);
    hex += code.toString(16).padStart(2, '0');
  }
  return hex.toUpperCase();
}

/** The EPC for a SKU or package id, in one step. */
export const epcFromSku = (sourceId: string): string => epcFromRfidTag(rfidTagFromSku(sourceId));

export const isEpcHex = (value: string): boolean => /^[0-9a-fA-F]{24}$/.test(value);

/**
 * The text an EPC carries when it is one of ours (12 printable ASCII characters), else null: audit notes show
 * an unknown tag's text when it is readable.
 */
export function decodeEpc(epc: string): string | null {
  if (!isEpcHex(epc)) return null;
  let text = '';
  for (let i = 0; i < epc.length; i += 2) {
    const code = Number.parseInt(epc.slice(i, i + 2), 16);
    if (code < 0x20 || code > 0x7e) return null;
    text += String.fromCharCode(code);
  }
  return text;
}

/** A tag as the screens show it: 'Not assigned' when empty, else cut after 16 characters. */
export function displayRfidTag(tag: string | null | undefined): string {
  if (!tag) return 'Not assigned';
  return tag.length > RFID_TAG_DISPLAY_MAX ? `${tag.slice(0, RFID_TAG_DISPLAY_MAX)}...` : tag;
}
