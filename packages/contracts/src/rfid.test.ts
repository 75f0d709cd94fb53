import { describe, expect, it } from 'vitest';
import { decodeEpc, displayRfidTag, epcFromRfidTag, epcFromSku, isEpcHex, rfidTagFromSku } from './rfid.ts';

describe('rfidTagFromSku', () => {
  it('right-pads a short SKU with zeros to 12 characters, in upper case', () => {
    expect(rfidTagFromSku('BD35')).toBe('BD3500000000');
    expect(rfidTagFromSku('a')).toBe('A00000000000');
  });
  it('keeps a 12-character id as it is', () => {
    expect(rfidTagFromSku('ABCDEF123456')).toBe('ABCDEF123456');
  });
  it('takes the first 6 and the last 6 of a longer source id (a point-of-sale package id)', () => {
    expect(rfidTagFromSku('1A4060300002EE1000012345')).toBe('1A4060012345');
    expect(rfidTagFromSku('pkg-0001-2024-xyz')).toBe('PKG-0024-XYZ');
  });
});

describe('EPC', () => {
  it('is the 12 ASCII characters as 24 upper-case hex digits', () => {
    expect(epcFromRfidTag('BD3500000000')).toBe('424433353030303030303030');
    expect(epcFromSku('BD35')).toBe('424433353030303030303030');
    expect(epcFromSku('BD35')).toHaveLength(24);
  });
  it('refuses characters that are not one byte', () => {
    expect(() => epcFromRfidTag('É00000000000')).toThrow(/ASCII/);
  });
  it('decodes back to the tag text when readable, else null', () => {
    expect(decodeEpc(epcFromSku('ZX9'))).toBe('ZX9000000000');
    expect(decodeEpc('E2801160600002054B3C1D4F')).toBeNull();
    expect(decodeEpc('not hex')).toBeNull();
    expect(isEpcHex('424433353030303030303030')).toBe(true);
    expect(isEpcHex('42443335303030303030303')).toBe(false);
  });
});

describe('displayRfidTag', () => {
  it("says 'Not assigned' for no tag and cuts after 16 characters", () => {
    expect(displayRfidTag(null)).toBe('Not assigned');
    expect(displayRfidTag('')).toBe('Not assigned');
    expect(displayRfidTag('BD3500000000')).toBe('BD3500000000');
    expect(displayRfidTag('424433353030303030303030')).toBe('4244333530303030...');
  });
});
