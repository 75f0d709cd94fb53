import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

// What every export and report writes (toCsv once called csv-stringify's defaults; the same text is written now).
describe('toCsv', () => {
  it('writes a line per row ending in \\n, cells as text, none quoted that need not be', () => {
    expect(toCsv([])).toBe('');
    expect(
      toCsv([
        ['Name', 'SKU'],
        ['Tent', 'T-1'],
      ]),
    ).toBe('Name,SKU\nTent,T-1\n');
    expect(toCsv([[null, undefined, '', 0, 12.5, true]])).toBe(',,,0,12.5,true\n');
    expect(toCsv([[' spaced ', 'é€']])).toBe(' spaced ,é€\n');
  });

  it('quotes a cell holding a quote, a comma or a line break, its quotes doubled', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '"']])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\rhere",""""\n',
    );
  });

  it('neutralises what a spreadsheet would run as a formula, not a signed number', () => {
    expect(toCsv([['=1+2', '+SUM(A1)', '@x', '\tt', '-3', '+4.5', '-', '=HYPERLINK("x")']])).toBe(
      `'=1+2,'+SUM(A1),'@x,'\tt,-3,+4.5,'-,"'=HYPERLINK(""x"")"\n`,
    );
  });
});
