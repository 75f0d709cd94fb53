import { describe, expect, it } from 'vitest';
import { createTagDecoder, decodeTag, sgtin96 } from './gs1.ts';

describe('createTagDecoder', () => {
  it('answers what decodeTag answers, in any case, remembering at most its bound of GS1 tags', () => {
    const decoder = createTagDecoder(3);
    const epcs = [1, 2, 3, 4, 5].map((serial) => sgtin96('0614141123452', serial, 7).toLowerCase());
    for (const epc of [...epcs, ...epcs]) {
      expect(decoder.decode(epc)).toEqual(decodeTag(epc.toUpperCase()));
      expect(decoder.size).toBeLessThanOrEqual(3);
    }
    expect(decoder.decode(epcs[0] as string).gtin).toBe('06141411234524');
    const before = decoder.size;
    expect(decoder.decode('51554E544943530000000000')).toEqual({ gtin: null, serial: null, text: null });
    expect(decoder.size).toBe(before);
  });
});
