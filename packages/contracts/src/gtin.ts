// GTINs on products: the number a GS1 barcode and an SGTIN tag carry for a trade item.

/** GTIN-8, -12, -13 or -14 digits. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** GS1's check digit (mod 10, weights 3 and 1 from the right) over all digits but the last. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const GTIN_MESSAGES = {
  format: 'GTIN must be 8, 12, 13 or 14 digits',
  checkDigit: 'GTIN check digit is wrong',
  taken: (gtin: string, sku: string) => `GTIN ${gtin} is already used by product ${sku}`,
} as const;

/** A GTIN as stored (14 digits, zero-padded), or the reason it is not one. */
export function normalizeGtin(input: string): { ok: true; gtin: string } | { ok: false; message: string } {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !(GTIN_LENGTHS as readonly number[]).includes(digits.length)) {
    return { ok: false, message: GTIN_MESSAGES.format };
  }
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.slice(-1))) {
    return { ok: false, message: GTIN_MESSAGES.checkDigit };
  }
  return { ok: true, gtin: digits.padStart(14, '0') };
}
