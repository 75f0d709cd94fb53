import { describe, expect, it } from 'vitest';
import {
  buildLabel,
  DEFAULT_LABEL_SIZE,
  LABEL_NAME_LINE_WIDTH,
  labelToZpl,
  labelZpl,
  qrModulesFor,
  wrapLabelName,
  zplFieldData,
} from './label.ts';
import { epcFromSku } from './rfid.ts';

const product = (name: string, sku = 'ABC123') => ({ name, sku, epc: epcFromSku(sku) });

/** The field data of every ^FD…^FS in a format. */
const fields = (zpl: string) => [...zpl.matchAll(/\^FD(.*?)\^FS/gs)].map((m) => m[1] ?? '');

/** What a Zebra reads from ^FH field data: '_xx' is the byte 0xXX. */
const zebraDecode = (data: string) => {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (data[i] === '_') {
      bytes.push(Number.parseInt(data.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(data.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
};

describe('wrapLabelName', () => {
  it('keeps a short name on one line', () => {
    expect(wrapLabelName('Blue Dream 3.5g')).toEqual(['Blue Dream 3.5g']);
  });

  it('wraps at 30 characters a line without cutting words', () => {
    const lines = wrapLabelName('Organic Whole Bean Coffee Dark Roast Colombian Supremo 2lb');
    expect(lines).toEqual(['Organic Whole Bean Coffee Dark', 'Roast Colombian Supremo 2lb']);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(LABEL_NAME_LINE_WIDTH);
  });

  it('fills exactly 30 characters when a word ends there', () => {
    const name = `${'a'.repeat(14)} ${'b'.repeat(15)} c`;
    expect(wrapLabelName(name)).toEqual([`${'a'.repeat(14)} ${'b'.repeat(15)}`, 'c']);
  });

  it('cuts a word longer than a line into line-sized pieces', () => {
    expect(wrapLabelName('x'.repeat(65))).toEqual(['x'.repeat(30), 'x'.repeat(30), 'x'.repeat(5)]);
  });

  it('keeps at most 3 lines and ends a name that does not fit with ...', () => {
    const name = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
    const lines = wrapLabelName(name);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.endsWith('...')).toBe(true);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(30);
    expect(lines.join(' ').replace('...', '')).toContain('one two three');
  });

  it('turns newlines, tabs and control characters into single spaces', () => {
    expect(wrapLabelName('  Gummies\n\t10mg\u0000 pack  ')).toEqual(['Gummies 10mg pack']);
  });

  it('counts characters, not bytes, so accented names wrap like others', () => {
    const lines = wrapLabelName('Crème brûlée café au lait édition spéciale');
    expect(lines).toEqual(['Crème brûlée café au lait', 'édition spéciale']);
  });

  it('gives no lines for an empty name', () => {
    expect(wrapLabelName('   ')).toEqual([]);
  });
});

describe('zplFieldData', () => {
  it('leaves plain text as it is', () => {
    expect(zplFieldData('SKU: ABC123 (2x) 50% off!')).toBe('SKU: ABC123 (2x) 50% off!');
  });

  it('writes ^, ~ and _ as hex so they are never read as commands', () => {
    expect(zplFieldData('a^b~c_d')).toBe('a_5Eb_7Ec_5Fd');
  });

  it('writes non-ASCII characters as their UTF-8 bytes', () => {
    expect(zplFieldData('é')).toBe('_C3_A9');
    expect(zebraDecode(zplFieldData('Crème ^ 漢字 🌿'))).toBe('Crème ^ 漢字 🌿');
  });
});

describe('buildLabel', () => {
  it('is 2 x 1 inch at 203 dpi by default', () => {
    const label = buildLabel(product('Blue Dream'));
    expect([label.widthDots, label.heightDots, label.dpi]).toEqual([406, 203, 203]);
    expect(DEFAULT_LABEL_SIZE).toEqual({ widthInches: 2, heightInches: 1, dpi: 203 });
  });

  it('takes another size and resolution', () => {
    const label = buildLabel(product('Blue Dream'), 1, { widthInches: 4, heightInches: 2, dpi: 300 });
    expect([label.widthDots, label.heightDots]).toEqual([1200, 600]);
    // Text and QR code grow with the label, not just the margins.
    const small = buildLabel(product('Blue Dream'));
    expect(label.nameLines[0]?.height).toBeGreaterThan((small.nameLines[0]?.height ?? 0) * 2);
    expect(label.qr.size).toBeGreaterThan(small.qr.size * 2);
  });

  it('keeps everything inside the label and the QR code clear of the text', () => {
    for (const size of [DEFAULT_LABEL_SIZE, { widthInches: 4, heightInches: 2, dpi: 600 as const }]) {
      const label = buildLabel(product('x'.repeat(90), 'LONGSKU12345'), 1, size);
      const { qr } = label;
      expect(qr.x + qr.size).toBeLessThanOrEqual(label.widthDots);
      expect(qr.y + qr.size).toBeLessThanOrEqual(label.heightDots);
      for (const line of label.nameLines) expect(line.y + line.height).toBeLessThanOrEqual(qr.y);
      expect(label.skuLine.y + label.skuLine.height).toBeLessThanOrEqual(label.heightDots);
      // 30 characters at ~0.8 of the cell width fit between the margins.
      const last = label.nameLines.at(-1);
      expect(last && last.x + 30 * last.width * 0.8).toBeLessThanOrEqual(label.widthDots);
    }
  });

  it("ends 'SKU: …' before the QR code, with a smaller font for a 24-character package id", () => {
    const packageId = '1A4000061401001101000073';
    for (const size of [DEFAULT_LABEL_SIZE, { widthInches: 4, heightInches: 2, dpi: 300 as const }]) {
      const short = buildLabel(product('Gelato 1g', 'BD35'), 1, size).skuLine;
      const label = buildLabel(product('Gelato 1g', packageId), 1, size);
      const { skuLine, qr } = label;
      expect(skuLine.text).toBe(`SKU: ${packageId}`);
      expect(skuLine.x + skuLine.text.length * skuLine.width * 0.8).toBeLessThan(qr.x);
      expect(skuLine.width).toBeLessThan(short.width);
      expect(skuLine.height).toBeLessThanOrEqual(short.height);
      expect(skuLine.height).toBeGreaterThanOrEqual(Math.round(0.07 * size.dpi));
    }
  });

  it('carries the SKU in the QR code and the text', () => {
    const label = buildLabel(product('Blue Dream', 'BD35G'));
    expect(label.qr.data).toBe('BD35G');
    expect(label.skuLine.text).toBe('SKU: BD35G');
  });

  it('refuses an EPC that is not 24 hex digits and a quantity below 1', () => {
    expect(() => buildLabel({ name: 'x', sku: 'A', epc: 'XYZ' })).toThrow(/24 hex digits/);
    expect(() => buildLabel(product('x'), 0)).toThrow(/quantity/);
    expect(() => buildLabel(product('x'), 1.5)).toThrow(/quantity/);
  });
});

describe('qrModulesFor', () => {
  it('picks the smallest QR version that holds the SKU at level Q', () => {
    expect(qrModulesFor('ABC123')).toBe(21);
    expect(qrModulesFor('A'.repeat(16))).toBe(21);
    expect(qrModulesFor('A'.repeat(17))).toBe(25);
    expect(qrModulesFor('abc-lower-case-id')).toBe(25);
    expect(qrModulesFor('a'.repeat(21))).toBe(29);
  });
});

describe('labelToZpl', () => {
  const zpl = labelZpl(product('Organic Whole Bean Coffee Dark Roast Colombian', 'COF2LB'), 5);

  it('is one format with the label size, the RFID write, the fields and the quantity in order', () => {
    const lines = zpl.split('\n');
    expect(lines[0]).toBe('^XA');
    expect(lines.at(-1)).toBe('^XZ');
    expect(lines).toContain('^PW406');
    expect(lines).toContain('^LL203');
    expect(lines).toContain('^RS8');
    expect(lines).toContain('^PQ5');
    const order = ['^PW', '^RS8', '^RFW,H', '^BQN', 'SKU: ', '^PQ5', '^XZ'].map((s) => zpl.indexOf(s));
    expect(order.every((pos, i) => pos >= 0 && (i === 0 || pos > (order[i - 1] ?? 0)))).toBe(true);
  });

  it('writes the EPC of the SKU as 24 hex digits', () => {
    const epc = epcFromSku('COF2LB');
    expect(epc).toBe('434F46324C42303030303030');
    expect(zpl).toContain(`^RFW,H^FD${epc}^FS`);
  });

  it('prints the wrapped name, a QR code of the SKU and SKU: {sku}', () => {
    expect(fields(zpl)).toEqual([
      epcFromSku('COF2LB'),
      'Organic Whole Bean Coffee Dark',
      'Roast Colombian',
      'QA,COF2LB',
      'SKU: COF2LB',
    ]);
    expect(zpl).toMatch(/\^BQN,2,\d+\^FH\^FDQA,COF2LB\^FS/);
  });

  it('escapes every text field, so a product name cannot inject ZPL', () => {
    const evil = '^XZ^XA^FO0,0^FDPWNED^FS~JA_1E';
    const out = labelZpl(product(evil));
    // Exactly one format, and no command beyond the ones the label writes.
    expect(out.match(/\^XA/g)).toHaveLength(1);
    expect(out.match(/\^XZ/g)).toHaveLength(1);
    expect(out).not.toContain('~JA');
    expect(out).not.toContain('^FDPWNED');
    const nameFields = fields(out).slice(1, -2);
    expect(nameFields.map(zebraDecode).join(' ')).toBe(evil);
    // Every text field is hex-escaped (^FH right before its ^FD).
    const textFields = [...out.matchAll(/\^A0N,\d+,\d+(.{3})\^FD/g)];
    expect(textFields).toHaveLength(nameFields.length + 1); // the name's lines and the SKU line
    for (const m of textFields) expect(m[1]).toBe('^FH');
  });

  it('renders a label model built separately the same way', () => {
    const label = buildLabel(product('Blue Dream'), 2);
    expect(labelToZpl(label)).toBe(labelZpl(product('Blue Dream'), 2));
  });
});
