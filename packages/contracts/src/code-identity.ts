/// <reference path="./bark-js.d.ts" />
import bark from 'bark-js';
import { decodeTag } from './gs1.ts';
import { GTIN_MESSAGES, gtinCheckDigit } from './gtin.ts';
import { isEpcHex } from './rfid.ts';
import { textProblem } from './text.ts';

/**
 * "What did we just read?": one answer for every way a read arrives (the reader protocol, the Count screen, reader
 * files) and for reconciliation's inputs. `identifyCode` says what a text is, with no catalogue; `matchCode` finds
 * the product (or Dutchie package) it names, with the same precedence reconciliation's SQL uses:
 * the EPC, then the GTIN (then a UPC-E's expansion), then the SKU. The precedence between the kinds of text is in
 * docs/inventory.md ("What a scanner can read").
 */

/** GS1's group separator (FNC1 in a scanner's output): the one control character a code may hold. */
export const GS = '\u001d';
export const CODE_MAX = 200;

export const CODE_MESSAGES = {
  codeRequired: 'code must be 1 to 200 printable characters',
  quantity: 'quantity must be a whole number from 1 to 100000',
  checkDigit: GTIN_MESSAGES.checkDigit,
  gs1Unreadable: 'GS1 data could not be read',
  gs1NoGtin: 'GS1 data has no GTIN (01)',
  digitalLinkNoGtin: 'This link is not a GS1 Digital Link with a GTIN',
  metrcNotInDutchie: (label: string) => `Metrc label ${label} is not in Dutchie`,
} as const;

/** A Metrc package label: 1A4 and 21 hex digits (96 bits: what a Metrc RFID tag carries as its EPC). */
export const METRC_LABEL = /^1A4[0-9A-F]{21}$/i;
export const isMetrcLabel = (value: string) => METRC_LABEL.test(value);

export type TCodeKind = 'epc' | 'gtin' | 'gs1' | 'sscc' | 'digital_link' | 'text';

export type TCodeIdentity = {
  /** The text as read (trimmed). */
  text: string;
  kind: TCodeKind;
  /** What it looks like, for a person: 'EPC', 'Metrc label', 'UPC-A', 'UPC-E', 'EAN-8', 'EAN-13', 'GTIN-14', … */
  format: string;
  /** 24 upper-case hex digits when the text is an EPC (a Metrc label is one). */
  epc: string | null;
  /** The GTIN-14 it carries. */
  gtin: string | null;
  /** The SSCC (18 digits, check digit valid) of a logistic unit (a carton, a pallet): GS1 AI (00). */
  sscc: string | null;
  /** An 8-digit code valid both as EAN-8 and as UPC-E: the UPC-E's GTIN, tried after `gtin`. */
  altGtin: string | null;
  serial: string | null;
  lot: string | null;
  /** GS1 (17), YYYY-MM-DD. */
  expiry: string | null;
  /** The text as a product's SKU (or a Dutchie package id) would match it: upper case. */
  skuKey: string | null;
  /** Why its number matches nothing (a wrong check digit), or null. */
  reason: string | null;
  /** Each distinct serial (or tag) is one unit however often it is read; otherwise each scan is its quantity. */
  serialized: boolean;
};

const base = (text: string): TCodeIdentity => ({
  text,
  kind: 'text',
  format: 'Text',
  epc: null,
  gtin: null,
  sscc: null,
  altGtin: null,
  serial: null,
  lot: null,
  expiry: null,
  skuKey: text.toUpperCase(),
  reason: null,
  serialized: false,
});

const hasCheckDigit = (digits: string) => gtinCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));

/** A UPC-E (number system 0 or 1) expanded to its UPC-A, by GS1's zero-suppression rules; null when not one. */
export function upcEToUpcA(upce: string): string | null {
  if (!/^[01]\d{7}$/.test(upce)) return null;
  const ns = upce[0];
  const d = upce.slice(1, 7);
  const check = upce[7];
  const last = d[5];
  let body: string;
  if (last === '0' || last === '1' || last === '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d[4]}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  return `${ns}${body}${check}`;
}

const GTIN_FORMAT: Record<number, string> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

/** A run of 8, 12, 13 or 14 digits: a retail barcode. An 8-digit one may be EAN-8 or UPC-E: both are kept. */
function identifyDigits(text: string): TCodeIdentity {
  const id = base(text);
  id.kind = 'gtin';
  id.format = GTIN_FORMAT[text.length] ?? 'GTIN';
  const candidates: { gtin: string; format: string }[] = [];
  if (hasCheckDigit(text)) candidates.push({ gtin: text.padStart(14, '0'), format: id.format });
  const upca = text.length === 8 ? upcEToUpcA(text) : null;
  if (upca && hasCheckDigit(upca)) candidates.push({ gtin: upca.padStart(14, '0'), format: 'UPC-E' });
  if (candidates.length === 0) {
    id.reason = CODE_MESSAGES.checkDigit;
    return id;
  }
  id.gtin = candidates[0]?.gtin ?? null;
  id.format = candidates[0]?.format ?? id.format;
  id.altGtin = candidates[1]?.gtin ?? null;
  return id;
}

/** AIM symbology identifiers a scanner may put first: the GS1 ones mean "GS1 element string follows". */
const GS1_SYMBOLOGIES: Record<string, string> = {
  ']C1': 'GS1-128',
  ']d2': 'GS1 DataMatrix',
  ']Q3': 'GS1 QR Code',
  ']e0': 'GS1 DataBar',
  ']J1': 'GS1 DotCode',
};
const SYMBOLOGY = /^\][A-Za-z][0-9A-Za-z]/;

/** An element string: AIs with GS after each variable-length field, or written with (AI) in brackets. */
function identifyElementString(text: string, body: string, format: string): TCodeIdentity {
  const id = base(text);
  id.kind = 'gs1';
  id.format = format;
  id.skuKey = null;
  // "(01)0001…(21)ABC": the brackets are how people write AIs; each becomes a separator before its AI.
  const plain = body.startsWith('(') ? body.replace(/\((\d{2,4})\)/g, `${GS}$1`) : body;
  let elements: { ai: string; value: string }[];
  try {
    // FNC1 in first position arrives as a leading GS, and some scanners end with one: neither separates fields.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: GS is what separates GS1 fields.
    elements = bark(plain.replace(/^\u001d+|\u001d+$/g, '')).elements;
  } catch {
    id.reason = CODE_MESSAGES.gs1Unreadable;
    return id;
  }
  const ai = (n: string) => elements.find((e) => e.ai === n)?.value ?? null;
  const gtin = ai('01') ?? ai('02');
  id.serial = ai('21');
  id.lot = ai('10');
  id.expiry = ai('17');
  id.serialized = id.serial !== null;
  const sscc = ai('00');
  if (sscc !== null && isSscc(sscc)) id.sscc = sscc;
  // A carton label's SSCC alone: the logistic unit. With a GTIN too it stays a GTIN read, as before SSCCs were known.
  if (!gtin && id.sscc) {
    id.kind = 'sscc';
    id.format = format === 'GS1 element string' ? 'SSCC' : `${format} SSCC`;
    id.serialized = true;
    return id;
  }
  if (!gtin || !/^\d{14}$/.test(gtin)) id.reason = CODE_MESSAGES.gs1NoGtin;
  else if (!hasCheckDigit(gtin)) id.reason = CODE_MESSAGES.checkDigit;
  else id.gtin = gtin;
  return id;
}

/** An SSCC: 18 digits whose last is GS1's check digit over the other 17. */
export const isSscc = (value: string) => /^\d{18}$/.test(value) && hasCheckDigit(value);

/**
 * The AIs whose data carries a GS1 check digit, with how many of its leading digits it covers (the check digit being
 * the last of them), from the GS1 General Specifications' AI table (section 3.2, "GS1 Application Identifiers in
 * numerical order"; the check digit of section 7.9.1): SSCC, GTIN, content GTIN, GDTI, GCN, GSIN, the GLNs of
 * 410 to 417, GRAI (after its leading 0), ITIP and GSRN.
 */
const CHECKED_AIS: Record<string, { from: number; length: number }> = {
  '00': { from: 0, length: 18 },
  '01': { from: 0, length: 14 },
  '02': { from: 0, length: 14 },
  '253': { from: 0, length: 13 },
  '255': { from: 0, length: 13 },
  '402': { from: 0, length: 17 },
  '410': { from: 0, length: 13 },
  '411': { from: 0, length: 13 },
  '412': { from: 0, length: 13 },
  '413': { from: 0, length: 13 },
  '414': { from: 0, length: 13 },
  '415': { from: 0, length: 13 },
  '416': { from: 0, length: 13 },
  '417': { from: 0, length: 13 },
  '8003': { from: 1, length: 13 },
  '8006': { from: 0, length: 14 },
  '8017': { from: 0, length: 18 },
  '8018': { from: 0, length: 18 },
};

/** The two AIs a plain element string (no symbology identifier, no GS, no brackets) may begin with. */
const PLAIN_FIRST_AIS: Record<string, number> = { '00': 18, '01': 14 };

/**
 * A GS1 element string a scanner sent with no symbology identifier (most scanners' default), told apart from a SKU
 * only when nothing else is possible: it begins with (00) or (01), bark-js reads all of it into AIs, its first AI
 * has its full fixed length, and every check digit it carries holds. Anything short of that is not one.
 */
function isPlainElementString(text: string): boolean {
  const first = PLAIN_FIRST_AIS[text.slice(0, 2)];
  if (first === undefined || !/^\d+$/.test(text.slice(2, 2 + first))) return false;
  let elements: { ai: string; raw: string }[];
  try {
    elements = bark(text).elements;
  } catch {
    return false;
  }
  if (elements[0]?.raw.length !== first) return false;
  return elements.every(({ ai, raw }) => {
    const checked = CHECKED_AIS[ai];
    if (!checked) return true;
    const digits = raw.slice(checked.from, checked.from + checked.length);
    return digits.length === checked.length && /^\d+$/.test(digits) && hasCheckDigit(digits);
  });
}

/**
 * A GS1 Digital Link: any host, an optional path before the primary key, `/01/{gtin}` then key qualifiers
 * (`/22/…`, `/10/{lot}`, `/21/{serial}`) in any order, and data attributes as query parameters (`?17=261231`).
 */
function identifyDigitalLink(text: string): TCodeIdentity | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean).map(safeDecode);
  const at = segments.findIndex(
    (s, i) => (s === '01' || s === 'gtin') && /^\d{8,14}$/.test(segments[i + 1] ?? ''),
  );
  const id = base(text);
  id.skuKey = null;
  id.format = 'GS1 Digital Link';
  if (at === -1) {
    id.reason = CODE_MESSAGES.digitalLinkNoGtin;
    return id;
  }
  id.kind = 'digital_link';
  const gtin = (segments[at + 1] ?? '').padStart(14, '0');
  const qualifiers = new Map<string, string>();
  for (let i = at + 2; i + 1 < segments.length; i += 2)
    qualifiers.set(segments[i] ?? '', segments[i + 1] ?? '');
  id.serial = qualifiers.get('21') ?? qualifiers.get('ser') ?? null;
  id.lot = qualifiers.get('10') ?? qualifiers.get('lot') ?? null;
  const expiry = url.searchParams.get('17');
  id.expiry =
    expiry && /^\d{6}$/.test(expiry)
      ? `20${expiry.slice(0, 2)}-${expiry.slice(2, 4)}-${expiry.slice(4)}`
      : null;
  id.serialized = id.serial !== null;
  if (hasCheckDigit(gtin)) id.gtin = gtin;
  else id.reason = CODE_MESSAGES.checkDigit;
  return id;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What a text read by a scanner or a reader is, by this precedence (the first that applies):
 * 1. 24 hex digits: an EPC (a Metrc label is one; an SGTIN EPC carries its GTIN and serial).
 * 2. A GS1 symbology identifier (`]C1`, `]d2`, `]Q3`, `]e0`, `]J1`), a GS character or an `(AI)`: a GS1 element
 *    string (GS1-128, GS1 DataMatrix, GS1 QR Code, GS1 DataBar). Other symbology identifiers are dropped first.
 * 3. http:// or https://: a GS1 Digital Link.
 * 4. 8, 12, 13 or 14 digits: a GTIN barcode (EAN-8 or UPC-E, UPC-A, EAN-13, GTIN-14), its check digit checked;
 *    still tried as a SKU.
 * 5. 16 or more digits starting 01: a GS1 element string sent with no symbology identifier.
 * 6. Starting (00) or (01), read whole into AIs with every check digit holding: a GS1 element string sent with no
 *    symbology identifier (`010001234567890521SN3`; `00` and an SSCC: a carton label).
 * 7. Anything else: a SKU (or a Dutchie package id), any case.
 */
export function identifyCode(input: string): TCodeIdentity {
  let text = input.trim();
  const symbology = SYMBOLOGY.exec(text)?.[0];
  const gs1Format = symbology ? GS1_SYMBOLOGIES[symbology] : undefined;
  if (gs1Format) return identifyElementString(input.trim(), text.slice(3), gs1Format);
  if (symbology) text = text.slice(3);
  if (isEpcHex(text)) {
    const id = base(text);
    const epc = text.toUpperCase();
    const tag = decodeTag(epc);
    return {
      ...id,
      kind: 'epc',
      format: isMetrcLabel(epc) ? 'Metrc label' : tag.gtin ? 'SGTIN' : 'EPC',
      epc,
      gtin: tag.gtin,
      serial: tag.serial,
      skuKey: null,
      serialized: true,
    };
  }
  if (text.includes(GS) || /^\(\d{2,4}\)/.test(text))
    return identifyElementString(text, text, 'GS1 element string');
  if (/^https?:\/\//i.test(text)) return identifyDigitalLink(text) ?? base(text);
  if (/^\d+$/.test(text)) {
    if (text.length in GTIN_FORMAT) return identifyDigits(text);
    if (text.length >= 16 && text.startsWith('01'))
      return identifyElementString(text, text, 'GS1 element string');
  }
  if (isPlainElementString(text)) return identifyElementString(text, text, 'GS1 element string');
  return base(text);
}

/** What a person reads in a list: "UPC-A 012345678905", "GS1 DataMatrix: GTIN 00012345678905, serial ABC". */
export function describeCode(id: TCodeIdentity): string {
  if (id.kind === 'gs1' || id.kind === 'digital_link') {
    const parts = [
      id.gtin ? `GTIN ${id.gtin}` : null,
      id.serial !== null ? `serial ${id.serial}` : null,
      id.lot !== null ? `lot ${id.lot}` : null,
    ].filter(Boolean);
    return parts.length ? `${id.format}: ${parts.join(', ')}` : id.format;
  }
  if (id.kind === 'sscc') return `${id.format} ${id.sscc}`;
  if (id.kind === 'epc' && id.format === 'SGTIN') return `GTIN ${id.gtin}, serial ${id.serial}`;
  return `${id.format} ${id.text}`;
}

/** Where matchCode looks: the product (or package) by EPC, by GTIN-14 and by upper-case SKU. */
export type TCodeCatalogue<T> = {
  byEpc: (epc: string) => T | undefined;
  byGtin: (gtin: string) => T | undefined;
  bySku: (skuKey: string) => T | undefined;
};

/** The item a code names: its EPC, else its GTIN (then a UPC-E's), else its SKU; reconciliation's order. */
export function matchCode<T>(id: TCodeIdentity, catalogue: TCodeCatalogue<T>): T | undefined {
  const byEpc = id.epc ? catalogue.byEpc(id.epc) : undefined;
  if (byEpc) return byEpc;
  const byGtin =
    (id.gtin ? catalogue.byGtin(id.gtin) : undefined) ??
    (id.altGtin ? catalogue.byGtin(id.altGtin) : undefined);
  if (byGtin) return byGtin;
  return id.skuKey ? catalogue.bySku(id.skuKey) : undefined;
}

/**
 * The item a tag read names, by reconciliation's rule for tags (reconcile.repo.ts, `matched`): the one carrying its EPC,
 * else (a GS1 SGTIN) the one with its GTIN, whatever the serial. The EPC in any case, as the server stores it.
 */
export function matchTag<T>(
  epc: string,
  catalogue: Pick<TCodeCatalogue<T>, 'byEpc' | 'byGtin'>,
): T | undefined {
  const upper = epc.toUpperCase();
  const byEpc = catalogue.byEpc(upper);
  if (byEpc) return byEpc;
  const { gtin } = decodeTag(upper);
  return gtin ? catalogue.byGtin(gtin) : undefined;
}

/**
 * The key that makes two scans one unit: a serialized code's GTIN and serial (or its EPC), else the code's text as
 * matched (its GTIN, its SKU): plain scans of one key add up their quantities.
 */
export function codeKey(id: TCodeIdentity): string {
  if (id.epc) return `epc:${id.epc}`;
  if (id.kind === 'sscc') return `sscc:${id.sscc}`;
  if (id.serialized && id.gtin) return `serial:${id.gtin}:${id.serial}`;
  if (id.gtin) return `gtin:${id.gtin}`;
  return `text:${id.skuKey ?? id.text}`;
}

/** Why a code cannot be taken at all (length, or the text rule with GS allowed), or undefined. */
export function codeProblem(code: string): string | undefined {
  const trimmed = code.trim();
  if (trimmed.length < 1 || trimmed.length > CODE_MAX || textProblem(trimmed, false, true)) {
    return CODE_MESSAGES.codeRequired;
  }
  return undefined;
}

/** A scan's quantity: a whole number from 1 to this. */
export const CODE_QUANTITY_MAX = 100_000;
export const isCodeQuantity = (n: number) => Number.isInteger(n) && n >= 1 && n <= CODE_QUANTITY_MAX;
