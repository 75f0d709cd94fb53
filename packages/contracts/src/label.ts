/**
 * The RFID label: one model, drawn as ZPL for Zebra printers and as a preview in the browser. Pure functions;
 * coordinates are printer dots, so the preview and the printout place everything in the same spot.
 *
 * Zebra facts used here (ZPL II programming guide): ^PW/^LL set the label's width and length in dots; ^RS8 picks
 * EPC Class 1 Gen 2 tags; ^RFW,H writes the field data, in hex, to the tag's EPC; ^BQN,2,m is a QR code (model 2,
 * magnification m) whose data starts with the error-correction level and input mode ('QA,'); ^FH makes '_xx' in
 * the next field data the byte 0xXX, which is how we write any character that ZPL would read as a command.
 */
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

export type TLabelProduct = { name: string; sku: string; epc: string };

/** A line of text; x, y is its top-left corner and height its font height, in dots. */
export type TLabelText = { x: number; y: number; height: number; width: number; text: string };

export type TLabel = {
  widthDots: number;
  heightDots: number;
  dpi: TLabelDpi;
  /** 24 upper-case hex digits written to the tag. */
  epc: string;
  sku: string;
  nameLines: TLabelText[];
  skuLine: TLabelText;
  /** The QR code carries the SKU; `size` is its side in dots for a code of `modules` modules. */
  qr: { x: number; y: number; magnification: number; data: string; modules: number; size: number };
  /** Copies of this label (^PQ). */
  quantity: number;
};

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

/** Lays out the label: three name lines across the top, 'SKU: …' bottom left, the QR code bottom right. */
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
    widthDots,
    heightDots,
    dpi,
    epc,
    sku,
    nameLines,
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
    quantity,
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
    `^FO${label.qr.x},${label.qr.y}^BQN,2,${label.qr.magnification}^FH^FDQA,${zplFieldData(label.qr.data)}^FS`,
    textField(label.skuLine),
    `^PQ${label.quantity}`,
    '^XZ',
  ].join('\n');
}

/** The ZPL for a product in one step. */
export const labelZpl = (product: TLabelProduct, quantity = 1, size: TLabelSize = DEFAULT_LABEL_SIZE) =>
  labelToZpl(buildLabel(product, quantity, size));
