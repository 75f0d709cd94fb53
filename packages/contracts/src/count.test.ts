import { describe, expect, it } from 'vitest';
import { parseWedgeInput, ZCreateBrowserDeviceRequest } from './count.ts';

const A = 'E28011700000020F5C8A1B2C';
const B = '3034257BF7194E4000000001';
const C = '534B55303030303030303031';

describe('parseWedgeInput', () => {
  it('takes one EPC per line (Enter), upper-casing it', () => {
    expect(parseWedgeInput(`${A.toLowerCase()}\n${B}\n`, { isFinal: false })).toEqual({
      epcs: [A, B],
      ignored: [],
      rest: '',
    });
  });

  it('splits on Tab, spaces, commas and semicolons alike', () => {
    expect(parseWedgeInput(`${A}\t${B}, ${C};${A}`, { isFinal: true }).epcs).toEqual([A, B, C, A]);
  });

  it('splits a run of hex digits typed with no separator on 24-digit boundaries', () => {
    expect(parseWedgeInput(`${A}${B}${C}\n`, { isFinal: false }).epcs).toEqual([A, B, C]);
  });

  it('takes whole EPCs of a run still being typed and keeps the unfinished rest', () => {
    expect(parseWedgeInput(`${A}${B}E2801`, { isFinal: false })).toEqual({
      epcs: [A, B],
      ignored: [],
      rest: 'E2801',
    });
    expect(parseWedgeInput('E2801', { isFinal: false })).toEqual({ epcs: [], ignored: [], rest: 'E2801' });
  });

  it('strips a DataWedge prefix in any case, which also separates tags', () => {
    expect(parseWedgeInput(`RFID:${A}rfid:${B}`, { prefix: 'RFID:', isFinal: true }).epcs).toEqual([A, B]);
  });

  it('reports what is not an EPC instead of dropping it', () => {
    const parsed = parseWedgeInput(`hello\n${A}XYZ\n12345\n`, { isFinal: false });
    expect(parsed.epcs).toEqual([A]);
    expect(parsed.ignored).toEqual(['hello', 'XYZ', '12345']);
  });

  it('finishes the open piece when told the input is final', () => {
    expect(parseWedgeInput('E2801', { isFinal: true })).toEqual({ epcs: [], ignored: ['E2801'], rest: '' });
  });
});

describe('ZCreateBrowserDeviceRequest', () => {
  it('needs a name', () => {
    expect(ZCreateBrowserDeviceRequest.safeParse({ name: '  ' }).success).toBe(false);
    expect(ZCreateBrowserDeviceRequest.parse({ name: " Alex's MC3300 " })).toEqual({ name: "Alex's MC3300" });
  });
});
