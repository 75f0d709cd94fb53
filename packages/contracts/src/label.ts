/**
 * The RFID label: one model, drawn as ZPL for Zebra printers and as a preview in the browser. Pure functions;
 * coordinates are printer dots, so the preview and the printout place everything in the same spot.
 *
 * Zebra facts used here (ZPL II programming guide): ^PW/^LL set the label's width and length in dots; ^RS8 picks
 * EPC Class 1 Gen 2 tags; ^RFW,H writes the field data, in hex, to the tag's EPC; ^BQN,2,m is a QR code (model 2,
 * magnification m) whose data starts with the error-correction level and input mode ('QA,'); ^FH makes '_xx' in
 * the next field data the byte 0xXX, which is how we write any character that ZPL would read as a command.
 * ^BXN,h,200,c,r,,_ is a Data Matrix (ECC 200, module h dots, c x r modules) whose escape character is '_': '_1'
 * is FNC1, which in first position makes it a GS1 DataMatrix (Zebra: "Creating GS1 barcodes with Zebra printers").
 */
import { sgtin96 } from './gs1.ts';
import { gs1Hri } from './gs1-prefixes.ts';
import { EPC_HEX_LENGTH, isEpcHex } from './rfid.ts';

/** The spec: the product name wraps at 30 characters a line, 3 lines at most. */
export const LABEL_NAME_LINE_WIDTH = 30;
export const LABEL_NAME_MAX_LINES = 3;
/** Printer resolutions Zebra ships (dots per inch). */
export const LABEL_DPIS = [152, 203, 300, 600] as const;
export type TLabelDpi = (typeof LABEL_DPIS)[number];
/** One ZPL format may ask for at most this many copies (^PQ takes up to 8 digits). */
export const LABEL_COPIES_MAX = 99_999_999;

export type TLabelSize = { widthInches: number; heightInches: number; dpi: TLabelDpi };
/** 2 x 1 inch at 203 dpi: the common RFID label on a desktop Zebra. */
export const DEFAULT_LABEL_SIZE: TLabelSize = { widthInches: 2, heightInches: 1, dpi: 203 };
export const LABEL_INCHES_MIN = 0.75;
export const LABEL_INCHES_MAX = 8;

/** One serialized GS1 label: the product's GTIN-14, this label's serial, and its company prefix's length. */
export type TLabelSerial = { gtin: string; serial: number; prefixLength: number };

/**
 * What a label is printed from. With `serial`, the label is a serialized SGTIN-96 one: its tag gets the SGTIN of
 * that GTIN and serial (not `epc`), and a GS1 DataMatrix and the GS1 human-readable text carry the same.
 */
export type TLabelProduct = { name: string; sku: string; epc: string; serial?: TLabelSerial };

/** A GS1 DataMatrix is always drawn 18 x 18 modules: the smallest square that holds any GTIN and SGTIN-96 serial. */
export const LABEL_DATAMATRIX_MODULES = 18;

/** A line of text; x, y is its top-left corner and height its font height, in dots. */
export type TLabelText = { x: number; y: number; height: number; width: number; text: string };

type TLabelBase = {
  widthDots: number;
  heightDots: number;
  dpi: TLabelDpi;
  /** 24 upper-case hex digits written to the tag. */
  epc: string;
  sku: string;
  nameLines: TLabelText[];
  skuLine: TLabelText;
  /** Copies of this label (^PQ). */
  quantity: number;
};

/** The spec's label: the QR code carries the SKU; `size` is its side in dots for a code of `modules` modules. */
export type TSkuLabel = TLabelBase & {
  qr: { x: number; y: number; magnification: number; data: string; modules: number; size: number };
  gs1: null;
};

/**
 * A serialized GS1 label: the DataMatrix (module `module` dots, `modules` square) of the GS1 element string `data`
 * ('01' GTIN '21' serial; FNC1 is added when printed), the same in GS1's human-readable lines, and in the tag.
 */
export type TGs1Label = TLabelBase & {
  qr: null;
  gs1: {
    gtin: string;
    serial: number;
    hri: string;
    hriLines: TLabelText[];
    dataMatrix: { x: number; y: number; module: number; modules: number; size: number; data: string };
  };
};

export type TLabel = TSkuLabel | TGs1Label;

/** Whitespace of any kind becomes one space and control characters go, so a name is one plain line of words. */
function plainText(value: string): string {
  return value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The product name in lines of at most `width` characters, at most `maxLines` of them: words stay whole unless
 * one is longer than a line, and a name that does not fit ends its last line with '...'.
 */
export function wrapLabelName(
  name: string,
  width = LABEL_NAME_LINE_WIDTH,
  maxLines = LABEL_NAME_MAX_LINES,
): string[] {
  const words = plainText(name).split(' ').filter(Boolean);
  const lines: string[][] = [];
  let current: string[] = [];
  const push = () => {
    if (current.length) lines.push(current);
    current = [];
  };
  for (const word of words) {
    let chars = Array.from(word);
    while (chars.length) {
      if (current.length && current.length + 1 + chars.length <= width) {
        current.push(' ', ...chars);
        break;
      }
      // A new line; a word longer than a line is cut into line-sized pieces.
      push();
      current = chars.slice(0, width);
      chars = chars.slice(width);
      if (chars.length) push();
    }
  }
  push();
  if (lines.length <= maxLines) return lines.map((l) => l.join(''));
  const kept = lines.slice(0, maxLines).map((l) => l.join(''));
  const last = Array.from(kept[maxLines - 1] ?? '');
  kept[maxLines - 1] = `${last
    .slice(0, width - 3)
    .join('')
    .trimEnd()}...`;
  return kept;
}

/** QR modules for the SKU at error correction Q: version 1 (21) holds 16 alphanumerics, version 2 (25) 29. */
export function qrModulesFor(data: string): number {
  const isAlnum = /^[0-9A-Z $%*+\-./:]*$/.test(data);
  const len = new TextEncoder().encode(data).length;
  const capacities = isAlnum ? [16, 29, 47, 67, 87] : [11, 20, 32, 46, 60];
  const version = capacities.findIndex((c) => len <= c);
  return 21 + 4 * (version === -1 ? capacities.length : version);
}

/**
 * Lays out the label: three name lines across the top, 'SKU: …' bottom left, the QR code bottom right (a serialized
 * label: the GS1 DataMatrix, with the GS1 text under 'SKU: …').
 */
export function buildLabel(
  product: TLabelProduct & { serial?: undefined },
  quantity?: number,
  size?: TLabelSize,
): TSkuLabel;
export function buildLabel(product: TLabelProduct, quantity?: number, size?: TLabelSize): TLabel;
export function buildLabel(
  product: TLabelProduct,
  quantity = 1,
  size: TLabelSize = DEFAULT_LABEL_SIZE,
): TLabel {
  const epc = product.epc.trim().toUpperCase();
  if (!isEpcHex(epc)) throw new Error(`The EPC must be ${EPC_HEX_LENGTH} hex digits`);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > LABEL_COPIES_MAX) {
    throw new Error(`The quantity must be a whole number from 1 to ${LABEL_COPIES_MAX}`);
  }
  const sku = plainText(product.sku);
  if (!sku) throw new Error('The SKU is required');
  const { dpi } = size;
  const widthDots = Math.round(size.widthInches * dpi);
  const heightDots = Math.round(size.heightInches * dpi);
  const dots = (inches: number) => Math.max(1, Math.round(inches * dpi));
  const margin = dots(0.08);
  // Text scales with the label's height; 30 characters must still fit the width (Zebra's font 0 averages about
  // 0.8 of its cell width per character).
  const scale = (share: number) => Math.max(1, Math.round(heightDots * share));
  const nameWidth = Math.min(
    scale(0.09),
    Math.floor((widthDots - 2 * margin) / (LABEL_NAME_LINE_WIDTH * 0.8)),
  );
  const nameHeight = Math.min(scale(0.11), Math.round(nameWidth * 1.35));
  const lineStep = nameHeight + scale(0.02);
  const nameLines = wrapLabelName(product.name).map((text, i) => ({
    x: margin,
    y: margin + i * lineStep,
    height: nameHeight,
    width: nameWidth,
    text,
  }));
  const nameBottom = margin + LABEL_NAME_MAX_LINES * lineStep;
  const common = { widthDots, heightDots, dpi, sku, nameLines, quantity };
  if (product.serial) {
    return {
      ...common,
      ...gs1Layout(product.serial, sku, { widthDots, heightDots, nameBottom, margin, dpi }),
    };
  }
  const modules = qrModulesFor(sku);
  const qrRoom = Math.max(modules, heightDots - nameBottom - margin);
  const magnification = Math.max(1, Math.min(10, Math.floor(qrRoom / modules)));
  const qrSize = modules * magnification;
  const qrX = widthDots - margin - qrSize;
  const skuText = `SKU: ${sku}`;
  // 'SKU: …' ends before the QR code: a long one (a 24-character package id) gets a smaller font.
  const skuRoom = Math.max(1, qrX - margin - dots(0.04));
  const skuFitWidth = Math.max(1, Math.floor(skuRoom / (Array.from(skuText).length * 0.8)));
  const skuFull = Math.min(scale(0.13), Math.max(nameHeight, Math.round(qrRoom * 0.3)));
  const skuWidth = Math.min(Math.round(skuFull * 0.75), skuFitWidth);
  const skuHeight = Math.min(skuFull, Math.round(skuWidth / 0.75));
  return {
    ...common,
    epc,
    skuLine: {
      x: margin,
      y: heightDots - margin - skuHeight,
      height: skuHeight,
      width: skuWidth,
      text: skuText,
    },
    qr: {
      x: qrX,
      y: heightDots - margin - qrSize,
      magnification,
      data: sku,
      modules,
      size: qrSize,
    },
    gs1: null,
  };
}

/**
 * A serialized label's lower part: the GS1 DataMatrix bottom right; 'SKU: …', '(01)GTIN' and '(21)serial' stacked
 * bottom left, as large as the room beside the code allows.
 */
function gs1Layout(
  s: TLabelSerial,
  sku: string,
  box: { widthDots: number; heightDots: number; nameBottom: number; margin: number; dpi: number },
) {
  if (!/^\d{14}$/.test(s.gtin)) throw new Error('The GTIN must be 14 digits');
  const epc = sgtin96(s.gtin, s.serial, s.prefixLength);
  const { widthDots, heightDots, nameBottom, margin } = box;
  const modules = LABEL_DATAMATRIX_MODULES;
  const room = Math.max(modules, heightDots - nameBottom - margin);
  const module = Math.max(1, Math.min(10, Math.floor(room / modules)));
  const size = modules * module;
  const codeX = widthDots - margin - size;
  const hri = gs1Hri(s.gtin, s.serial);
  const texts = [`SKU: ${sku}`, `(01)${s.gtin}`, `(21)${s.serial}`];
  const gap = Math.max(1, Math.round(heightDots * 0.02));
  const textRoom = Math.max(1, codeX - margin - Math.round(0.04 * box.dpi));
  const longest = Math.max(...texts.map((t) => Array.from(t).length));
  const fitWidth = Math.max(1, Math.floor(textRoom / (longest * 0.8)));
  const fullHeight = Math.min(Math.round(heightDots * 0.13), Math.floor((room - 2 * gap) / texts.length));
  const width = Math.max(1, Math.min(Math.round(fullHeight * 0.75), fitWidth));
  const height = Math.max(1, Math.min(fullHeight, Math.round(width / 0.75)));
  const lines = texts.map((text, i) => ({
    x: margin,
    y: heightDots - margin - (texts.length - i) * height - (texts.length - 1 - i) * gap,
    height,
    width,
    text,
  }));
  const [skuLine, ...hriLines] = lines as [TLabelText, TLabelText, TLabelText];
  return {
    epc,
    skuLine,
    qr: null,
    gs1: {
      gtin: s.gtin,
      serial: s.serial,
      hri,
      hriLines,
      dataMatrix: {
        x: codeX,
        y: heightDots - margin - size,
        module,
        modules,
        size,
        data: `01${s.gtin}21${s.serial}`,
      },
    },
  };
}

/**
 * Field data that cannot break out of its field: printable ASCII stays as it is, except '^' and '~' (commands)
 * and '_' (the ^FH escape itself); everything else is written byte by byte as '_xx' of its UTF-8 (^CI28).
 */
export function zplFieldData(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const isPlain = byte >= 0x20 && byte <= 0x7e && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f;
    out += isPlain ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const textField = (t: TLabelText) =>
  `^FO${t.x},${t.y}^A0N,${t.height},${t.width}^FH^FD${zplFieldData(t.text)}^FS`;

/** The label's 2D code: the SKU's QR code, or a serialized label's GS1 DataMatrix (digits only, FNC1 first). */
function codeFields(label: TLabel): string[] {
  const { qr, gs1 } = label;
  if (gs1) {
    const m = gs1.dataMatrix;
    return [
      `^FO${m.x},${m.y}^BXN,${m.module},200,${m.modules},${m.modules},,_^FD_1${m.data}^FS`,
      ...gs1.hriLines.map(textField),
    ];
  }
  if (!qr) return [];
  return [`^FO${qr.x},${qr.y}^BQN,2,${qr.magnification}^FH^FDQA,${zplFieldData(qr.data)}^FS`];
}

/** The label as one ZPL format: ^XA … ^XZ, one field per line. */
export function labelToZpl(label: TLabel): string {
  return [
    '^XA',
    '^CI28',
    `^PW${label.widthDots}`,
    `^LL${label.heightDots}`,
    '^LH0,0',
    '^RS8',
    `^RFW,H^FD${label.epc}^FS`,
    ...label.nameLines.map(textField),
    ...codeFields(label),
    textField(label.skuLine),
    `^PQ${label.quantity}`,
    '^XZ',
  ].join('\n');
}

/** The ZPL for a product in one step. */
export const labelZpl = (product: TLabelProduct, quantity = 1, size: TLabelSize = DEFAULT_LABEL_SIZE) =>
  labelToZpl(buildLabel(product, quantity, size));

/**
 * A serialized print job: one ZPL format per label, serials `first` to `first + count - 1` in order, each with its
 * own SGTIN-96 written to the tag (no printer-side counter such as ^SN, so what prints is what was allocated).
 */
export function serializedLabelsZpl(
  product: Omit<TLabelProduct, 'serial'>,
  gs1: { gtin: string; prefixLength: number },
  first: number,
  count: number,
  size: TLabelSize = DEFAULT_LABEL_SIZE,
): string[] {
  return Array.from({ length: count }, (_, i) =>
    labelZpl({ ...product, serial: { ...gs1, serial: first + i } }, 1, size),
  );
}
