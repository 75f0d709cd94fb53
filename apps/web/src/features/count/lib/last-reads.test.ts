import { epcFromSku, type TCountSheetItem } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import { CountTally } from './count-tally';
import { codeRead, tagRead } from './last-reads';

// A product read at a place where it is not kept is misplaced, and the row says where it is kept (issue #47).

const item = (sku: string, extra: Partial<TCountSheetItem>): TCountSheetItem => ({
  epc: epcFromSku(sku),
  name: `Product ${sku}`,
  sku,
  expected: 0,
  in_scope: false,
  gtin: null,
  ...extra,
});
const tally = () =>
  new CountTally({
    audit_id: 1,
    tags_expected: 3,
    items: [
      item('TENT', { expected: 3, in_scope: true }),
      item('LAMP', { belongs: 'Back room, Depot' }),
      item('MUG', {}),
    ],
  });

describe('last reads of products kept elsewhere', () => {
  it('names the places a misplaced product is kept, by tag and by its SKU scanned', () => {
    const t = tally();
    expect(tagRead(t, epcFromSku('LAMP'))).toMatchObject({
      kind: 'misplaced',
      title: 'Product LAMP',
      detail: 'SKU LAMP · kept at Back room, Depot',
    });
    expect(codeRead(t, t.resolve('lamp'), null)).toMatchObject({
      kind: 'misplaced',
      detail: 'SKU LAMP · kept at Back room, Depot',
    });
  });

  it('says nothing more for a product expected here, or when its places are not known', () => {
    const t = tally();
    expect(tagRead(t, epcFromSku('TENT'))).toMatchObject({ kind: 'found', detail: 'SKU TENT' });
    expect(tagRead(t, epcFromSku('MUG'))).toMatchObject({ kind: 'misplaced', detail: 'SKU MUG' });
  });
});
