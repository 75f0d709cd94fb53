import { describe, expect, it } from 'vitest';
import { identifyCode, matchCode, matchTag } from './code-identity.ts';
import { sheetCatalogue, type TCountSheetItem } from './count.ts';
import {
  GTIN_PRODUCTS,
  GTIN_WALK,
  RECONCILE_PRODUCTS,
  RECONCILE_WALK,
  reconcileEpc,
} from './testing/reconcile-cases.ts';

// "Which product is this EPC": the cases reconciliation is tested with (testing/reconcile-cases.ts), answered by the
// rule the Count screen applies to its count sheet.

const item = (sku: string, epc: string, gtin: string | null): TCountSheetItem => ({
  epc,
  sku,
  gtin,
  name: `Product ${sku}`,
  expected: 1,
  in_scope: true,
});
const catalogue = sheetCatalogue({
  items: [
    ...RECONCILE_PRODUCTS.map((p) => item(p.sku, reconcileEpc(p.sku), null)),
    ...GTIN_PRODUCTS.map((p) => item(p.sku, p.epc ?? reconcileEpc(p.sku), p.gtin)),
  ],
});

describe.each([
  ['the walk through the store', RECONCILE_WALK],
  ['tags of products with a GTIN', GTIN_WALK],
])('matchTag: %s', (_, walk) => {
  it.each(walk.map((c) => [c.what, c] as const))('%s', (_, c) => {
    const answers = c.reads.map((read) => matchTag(read.epc, catalogue)?.sku ?? null);
    expect(answers).toEqual(c.reads.map(() => c.product));
  });
});

describe('sheetCatalogue', () => {
  it('finds an item by its EPC, its GTIN and its SKU in any case, as matchCode looks them up', () => {
    const match = (text: string) => matchCode(identifyCode(text), catalogue)?.sku ?? null;
    expect(match(reconcileEpc('P3'))).toBe('P3');
    expect(match('80614141123458')).toBe('SHIRT1');
    expect(match('socks1')).toBe('SOCKS1');
    expect(match('P8')).toBeNull();
  });

  it('has nothing by GTIN on a sheet without GTINs: an SGTIN of it is unknown there', () => {
    const bare = sheetCatalogue({ items: [item('SHIRT1', reconcileEpc('SHIRT1'), null)] });
    const [serial] = GTIN_WALK[0]?.reads ?? [];
    expect(matchTag(serial?.epc ?? '', bare)).toBeUndefined();
    expect(matchTag(reconcileEpc('SHIRT1'), bare)?.sku).toBe('SHIRT1');
  });
});
