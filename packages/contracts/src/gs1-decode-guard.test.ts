import { describe, expect, it } from 'vitest';
import { decodeTag } from './gs1.ts';

describe('decodeTag on EPCs epc-tds parses but cannot describe', () => {
  it('answers "not GS1" instead of throwing (a throw here made every reader batch holding such a tag a 500)', () => {
    // An SSCC-96 header with a partition epc-tds has no table row for: its getters throw.
    expect(decodeTag('38BE17BE593361D0FC769177')).toEqual({ gtin: null, serial: null, text: null });
    for (let i = 0; i < 3000; i++) {
      const epc = Array.from({ length: 24 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join(
        '',
      );
      expect(() => decodeTag(epc), epc).not.toThrow();
    }
  });
});
