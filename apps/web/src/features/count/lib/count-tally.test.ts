import { epcFromSku, sgtin96, type TCountSheet, type TCountSheetItem } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import { CountTally } from './count-tally';

const GS = '\u001d';
const UPC = '012345678905';
const GTIN = '09506000134352';

const product = (sku: string, expected: number, extra: Partial<TCountSheetItem> = {}): TCountSheetItem => ({
  epc: epcFromSku(sku),
  name: `Product ${sku}`,
  sku,
  expected,
  in_scope: expected > 0,
  gtin: null,
  ...extra,
});
const sheet = (items: TCountSheetItem[]): TCountSheet => ({
  audit_id: 1,
  tags_expected: items.reduce((n, i) => n + (i.in_scope ? i.expected : 0), 0),
  items,
});
const figures = (t: CountTally) => ({ found: t.found, misplaced: t.misplaced, unknown: t.unknown });

describe('CountTally: the live figures by reconciliation rules', () => {
  const catalogue = () =>
    new CountTally(
      sheet([
        product('TAGGED', 3),
        product('OAT1', 12, { gtin: `00${UPC}` }),
        product('CBREW', 4, { gtin: GTIN }),
        product('GUMMY', 5),
        product('ELSEWHERE', 0, { gtin: '00614141123452' }),
      ]),
    );
  const scan = (t: CountTally, code: string, quantity: number | null = null) =>
    t.addScan(t.resolve(code), quantity);

  it('counts a tag once per EPC, and a plain scan by its quantity each time', () => {
    const t = catalogue();
    expect(t.addTag(epcFromSku('TAGGED'))).toBe(true);
    expect(t.addTag(epcFromSku('TAGGED'))).toBe(false);
    scan(t, UPC);
    scan(t, UPC);
    scan(t, UPC, 10);
    expect(figures(t)).toEqual({ found: 1 + 12, misplaced: 0, unknown: 0 });
  });

  it('counts a serial once however often scanned, as a GS1 string or a Digital Link, each serial a unit', () => {
    const t = catalogue();
    const dm = (serial: string) => `]d201${GTIN}21${serial}${GS}10LOT7`;
    scan(t, dm('A'));
    scan(t, dm('A'));
    expect(t.isRepeat(t.resolve(dm('A')))).toBe(true);
    scan(t, dm('B'));
    scan(t, `https://id.gs1.org/01/${GTIN}/21/A`);
    scan(t, `https://id.gs1.org/01/${GTIN}/21/C`);
    expect(figures(t)).toEqual({ found: 3, misplaced: 0, unknown: 0 });
  });

  it('matches a SKU in any case, a misplaced product by its GTIN, and an SGTIN tag by its GTIN', () => {
    const t = catalogue();
    scan(t, 'gummy');
    scan(t, 'GUMMY', 4);
    scan(t, '0614141123452', 2);
    t.addTag(sgtin96(GTIN, 77, 7));
    expect(figures(t)).toEqual({ found: 5 + 1, misplaced: 2, unknown: 0 });
  });

  it('counts unknown scans in Unknown by their units: a wrong check digit, a text, a serial once', () => {
    const t = catalogue();
    scan(t, '012345678906');
    scan(t, 'no-such-thing', 3);
    scan(t, `]d20100614141123459${'21'}X1`);
    scan(t, `]d20100614141123459${'21'}X1`);
    t.addTag('E28011700000000000000001');
    expect(figures(t)).toEqual({ found: 0, misplaced: 0, unknown: 1 + 3 + 1 + 1 });
    expect(t.resolve('012345678906').identity.reason).toBe('GTIN check digit is wrong');
  });

  it('takes a scanned EPC with no quantity as that tag read: the same tag read again adds nothing', () => {
    const t = catalogue();
    scan(t, `]C0${epcFromSku('TAGGED')}`);
    t.addTag(epcFromSku('TAGGED'));
    expect(figures(t)).toEqual({ found: 1, misplaced: 0, unknown: 0 });
  });
});

describe('CountTally: Dutchie packages with a Metrc label', () => {
  const LABEL_A = '1A4F044D0000001000000001';
  const LABEL_B = '1A4F044D0000001000000002';
  const LABEL_C = '1A4F044D0000001000000003';
  const LABEL_D = '1A4F044D0000001000000004';
  const pkg = (label: string, expected: number, inScope: boolean, units: number): TCountSheetItem => ({
    epc: label,
    name: `Package ${label.slice(-1)}`,
    sku: label,
    expected,
    in_scope: inScope,
    gtin: null,
    is_package: true,
    units,
    belongs: inScope ? 'Sales Floor' : 'Vault',
  });
  const dutchie = () =>
    new CountTally(
      sheet([
        pkg(LABEL_A, 12, true, 20),
        pkg(LABEL_B, 0, true, 0),
        pkg(LABEL_C, 0, false, 7),
        pkg(LABEL_D, 5, true, 5),
        { epc: epcFromSku('LOOSE1'), name: 'Loose', sku: 'LOOSE1', expected: 2, in_scope: true, gtin: null },
      ]),
    );

  it('counts a package read once as its expected units (its whole quantity when misplaced, at least 1)', () => {
    const t = dutchie();
    expect(t.packagesExpected).toBe(3);
    t.addTag(LABEL_A);
    t.addTag(LABEL_A);
    t.addTag(LABEL_B);
    t.addTag(LABEL_C);
    expect(figures(t)).toEqual({ found: 12 + 1, misplaced: 7, unknown: 0 });
    expect(t.packagesFound).toBe(2);
  });

  it('uses the last quantity entered for a package instead of its expected units', () => {
    const t = dutchie();
    t.addTag(LABEL_A);
    t.addScan(t.resolve(LABEL_A), 9);
    expect(t.found).toBe(9);
    t.addScan(t.resolve(LABEL_A), 11);
    expect(t.found).toBe(11);
    expect(t.countedOf(t.itemOfTag(LABEL_A) as TCountSheetItem)).toBe(11);
    // A package scanned (as a code) and counted with no tag read at all.
    t.addScan(t.resolve(`]C0${LABEL_D}`), 3);
    expect(t.found).toBe(11 + 3);
    expect(t.packagesFound).toBe(2);
  });

  it('matches a package id as text, and says a Metrc label the store lacks is unknown', () => {
    const t = dutchie();
    t.addScan(t.resolve('loose1'), 2);
    t.addTag('1A4F044D0000001000000099');
    expect(figures(t)).toEqual({ found: 2, misplaced: 0, unknown: 1 });
    expect(t.isPointOfSale).toBe(true);
  });
});
