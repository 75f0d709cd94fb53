/**
 * Hex text as stored bytes. An odd number of digits (a TID may have 9) gets a leading 0: a TID is whole bytes. Used by
 * the reads' storage (ingest) and the sightings (zones) alike, so neither imports the other for it.
 */
export function storedHex(hex: string): string;
export function storedHex(hex: string | null): string | null;
export function storedHex(hex: string | null): string | null {
  return hex !== null && hex.length % 2 === 1 ? `0${hex}` : hex;
}
