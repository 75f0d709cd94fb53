import { describe, expect, it } from 'vitest';
import { decodeTag, SGTIN96_SERIAL_MAX, sgtin96 } from './gs1.ts';
import { gs1Hri, gs1PrefixesProblem, prefixOfGtin, ZGs1PrefixesRequest } from './gs1-prefixes.ts';
import { buildLabel, DEFAULT_LABEL_SIZE, labelZpl, serializedLabelsZpl } from './label.ts';
import { PRINT_MESSAGES } from './print.ts';

const GTIN = '80614141123458';
const shirt = { name: 'Oxford shirt, blue, M', sku: 'SHIRTM', epc: `5348495254${'4D'.padEnd(14, '0')}` };

describe('SGTIN-96 encoding', () => {
  it("gives the Tag Data Standard's own example: GTIN 80614141123458, serial 6789, prefix 0614141", () => {
    // TDS 2.x, SGTIN-96 example: filter 3, company prefix 0614141 (7 digits, partition 5).
    expect(sgtin96(GTIN, 6789, 7, 3)).toBe('3074257BF7194E4000001A85');
    expect(decodeTag('3074257BF7194E4000001A85')).toEqual({
      gtin: GTIN,
      serial: '6789',
      text: `GTIN ${GTIN}, serial 6789`,
    });
    // Our labels use filter 1 (a point-of-sale trade item): only the filter bits differ.
    expect(sgtin96(GTIN, 6789, 7)).toBe('3034257BF7194E4000001A85');
  });

  it('round-trips every prefix length and the last 38-bit serial', () => {
    for (let length = 6; length <= 12; length++) {
      const epc = sgtin96(GTIN, SGTIN96_SERIAL_MAX, length);
      expect(decodeTag(epc)).toEqual({
        gtin: GTIN,
        serial: String(SGTIN96_SERIAL_MAX),
        text: `GTIN ${GTIN}, serial ${SGTIN96_SERIAL_MAX}`,
      });
    }
  });
});

describe('GS1 company prefixes', () => {
  it('finds the prefix a GTIN-14 falls under, after its indicator digit', () => {
    expect(prefixOfGtin(GTIN, ['0037000', '0614141'])).toBe('0614141');
    // A GTIN-13 stored as GTIN-14 (indicator 0).
    expect(prefixOfGtin('00614141000012', ['0614141'])).toBe('0614141');
    expect(prefixOfGtin(GTIN, ['8061414'])).toBeNull();
    expect(prefixOfGtin(GTIN, [])).toBeNull();
  });

  it('refuses prefixes that are not 6 to 12 digits, listed twice, or inside one another', () => {
    expect(gs1PrefixesProblem(['0614141', '0037000', '123456789012'])).toBeNull();
    expect(gs1PrefixesProblem(['12345'])).toBe('GS1 company prefix "12345" must be 6 to 12 digits');
    expect(gs1PrefixesProblem(['1234567890123'])).toMatch(/must be 6 to 12 digits/);
    expect(gs1PrefixesProblem(['06141-41'])).toMatch(/must be 6 to 12 digits/);
    expect(gs1PrefixesProblem(['0614141', '0614141'])).toBe('GS1 company prefix 0614141 is listed twice');
    expect(gs1PrefixesProblem(['06141410', '0614141'])).toBe(
      'GS1 company prefixes 0614141 and 06141410 overlap: a GTIN could fall under both',
    );
    expect(ZGs1PrefixesRequest.parse({ prefixes: [' 0614141 '] })).toEqual({ prefixes: ['0614141'] });
  });

  it("writes GS1's human-readable form", () => {
    expect(gs1Hri(GTIN, 6789)).toBe('(01)80614141123458(21)6789');
  });
});

describe('serialized labels', () => {
  const serial = { gtin: GTIN, serial: 6789, prefixLength: 7 };

  it('write the SGTIN to the tag and carry GTIN and serial in a GS1 DataMatrix and in GS1 text', () => {
    const zpl = labelZpl({ ...shirt, serial });
    expect(zpl).toContain('^RFW,H^FD3034257BF7194E4000001A85^FS');
    // FNC1 first ('_1' with '_' as the escape character) makes it a GS1 DataMatrix; ECC 200, 18 x 18 modules.
    expect(zpl).toMatch(/\^BXN,\d+,200,18,18,,_\^FD_10180614141123458216789\^FS/);
    expect(zpl).toContain('^FD(01)80614141123458^FS');
    expect(zpl).toContain('^FD(21)6789^FS');
    expect(zpl).toContain('^FDSKU: SHIRTM^FS');
    expect(zpl).not.toContain('^BQN');
    expect(zpl).not.toContain('^SN');
  });

  it('keep the code and the text inside the label and clear of each other, at every size', () => {
    for (const size of [
      DEFAULT_LABEL_SIZE,
      { widthInches: 4, heightInches: 2, dpi: 300 as const },
      { widthInches: 0.75, heightInches: 0.5, dpi: 152 as const },
    ]) {
      const label = buildLabel(
        { ...shirt, name: 'x'.repeat(90), serial: { ...serial, serial: SGTIN96_SERIAL_MAX } },
        1,
        size,
      );
      if (!label.gs1) throw new Error('not a GS1 label');
      const m = label.gs1.dataMatrix;
      expect(m.x + m.size).toBeLessThanOrEqual(label.widthDots);
      expect(m.y + m.size).toBeLessThanOrEqual(label.heightDots);
      for (const line of [label.skuLine, ...label.gs1.hriLines]) {
        expect(line.y + line.height).toBeLessThanOrEqual(label.heightDots);
        expect(line.x + Array.from(line.text).length * line.width * 0.8).toBeLessThanOrEqual(m.x);
      }
      expect(label.gs1.hri).toBe(`(01)${GTIN}(21)${SGTIN96_SERIAL_MAX}`);
    }
  });

  it('make one format per label, serials in order', () => {
    const labels = serializedLabelsZpl(shirt, { gtin: GTIN, prefixLength: 7 }, 41, 3);
    expect(labels).toHaveLength(3);
    labels.forEach((zpl, i) => {
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl).toContain(`^RFW,H^FD${sgtin96(GTIN, 41 + i, 7)}^FS`);
      expect(zpl).toContain(`^FD(21)${41 + i}^FS`);
    });
  });

  it('say which serials of an interrupted job went out, and that the rest are never used', () => {
    const m = PRINT_MESSAGES.serialsInterrupted;
    expect(m('Zebra: paper out', 4, 8, 5)).toBe(
      'Zebra: paper out. Printed: serials 4 to 5; not printed and never used again: serials 6 to 8.',
    );
    expect(m('Zebra: paper out', 4, 8, null)).toBe(
      'Zebra: paper out. Nothing printed; never used again: serials 4 to 8.',
    );
    expect(m('Zebra: head open', 9, 10, 9)).toBe(
      'Zebra: head open. Printed: serial 9; not printed and never used again: serial 10.',
    );
  });
});
