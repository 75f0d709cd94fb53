import { describe, expect, it } from 'vitest';
import { parseWedgeInput, ZCreateBrowserDeviceRequest } from './count.ts';

const A = 'E28011700000020F5C8A1B2C';
const B = '3034257BF7194E4000000001';
const C = '534B55303030303030303031';

describe('parseWedgeInput', () => {
  it('takes one EPC per line (Enter), upper-casing it', () => {
    expect(parseWedgeInput(`${A.toLowerCase()}\n${B}\n`, { isFinal: false })).toEqual({
      reads: [
        { kind: 'epc', value: A },
        { kind: 'epc', value: B },
      ],
      epcs: [A, B],
      codes: [],
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
    expect(parseWedgeInput(`${A}${B}E2801`, { isFinal: false })).toMatchObject({
      epcs: [A, B],
      ignored: [],
      rest: 'E2801',
    });
    expect(parseWedgeInput('E2801', { isFinal: false })).toMatchObject({ reads: [], rest: 'E2801' });
  });

  it('strips a DataWedge prefix in any case, which also separates tags', () => {
    expect(parseWedgeInput(`RFID:${A}rfid:${B}`, { prefix: 'RFID:', isFinal: true }).epcs).toEqual([A, B]);
  });

  it('takes a line that is not EPCs as one code, whole, and ignores the broken tail of an EPC', () => {
    const parsed = parseWedgeInput(`hello\n${A}XYZ\n012345678905\nCP 100115\n`, { isFinal: false });
    expect(parsed.reads).toEqual([
      { kind: 'code', value: 'hello' },
      { kind: 'epc', value: A },
      { kind: 'code', value: '012345678905' },
      { kind: 'code', value: 'CP 100115' },
    ]);
    expect(parsed.ignored).toEqual(['XYZ']);
  });

  it('keeps a code being typed until Enter or Tab, GS characters and all, in a mixed stream', () => {
    const gs1 = ']d2010001234567890521ABC\u001d10L1';
    const typing = parseWedgeInput(`${A}\n${gs1}`, { isFinal: false });
    expect(typing).toMatchObject({ epcs: [A], codes: [], rest: gs1 });
    const done = parseWedgeInput(`${A}\n${gs1}\thttps://id.gs1.org/01/00012345678905\n${B}\n`, {
      isFinal: false,
    });
    expect(done.reads.map((r) => r.value)).toEqual([A, gs1, 'https://id.gs1.org/01/00012345678905', B]);
    expect(parseWedgeInput('x'.repeat(201), { isFinal: true })).toMatchObject({
      codes: [],
      ignored: ['x'.repeat(201)],
    });
  });

  it('finishes the open piece when told the input is final', () => {
    expect(parseWedgeInput('E2801', { isFinal: true })).toMatchObject({
      codes: ['E2801'],
      ignored: [],
      rest: '',
    });
  });
});

describe('ZCreateBrowserDeviceRequest', () => {
  it('needs a name', () => {
    expect(ZCreateBrowserDeviceRequest.safeParse({ name: '  ' }).success).toBe(false);
    expect(ZCreateBrowserDeviceRequest.parse({ name: " Alex's MC3300 " })).toEqual({ name: "Alex's MC3300" });
  });
});
