import type { TAuditProgress, TCountSheet, TCountSheetItem, TProduct } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { asReader, readsOf } from '../../test/readers.ts';
import { setUpTradingStore, type TradingCount } from '../../test/trading-store.ts';

// The Count screen's live figures in a trading store (issue 48): while a count is open, what it expects of a product
// is what the reconciliation will say when it completes, its stock at the start plus what moved in the counted
// places until its first read (not read yet: until now). The sheet's lookup (each product read), the sheet's totals
// and the count's progress (the screen's "found / expected") are checked against the completed count's own lines.

const HOUR = 3_600_000;
const shop = setUpTradingStore('Live Figures Co');

const tags = (p: TProduct, units: number) => readsOf(p.epc, units);

/** What the lookup answers for a product while the count is open. */
async function lookup(c: TradingCount, p: TProduct): Promise<TCountSheetItem | undefined> {
  const res = await asReader(shop.t, c.reader.token, `/api/rfid/audits/${c.id}/sheet/lookup`, {
    epcs: [p.epc],
    codes: [],
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TCountSheet).items.find((i) => i.sku === p.sku);
}

async function totals(c: TradingCount): Promise<number> {
  const res = await shop.t.app.inject({
    method: 'GET',
    url: `/api/rfid/audits/${c.id}/sheet?items=none`,
    headers: bearer(c.reader.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TCountSheet).tags_expected;
}

async function progress(c: TradingCount): Promise<TAuditProgress> {
  const res = await shop.t.app.inject({
    method: 'GET',
    url: `/api/audits/${c.id}/progress`,
    headers: bearer(c.tenant.operator.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAuditProgress;
}

/** The live figures of a one-product count: the lookup's expected and moved, the totals and the progress. */
async function live(c: TradingCount, p: TProduct) {
  const item = await lookup(c, p);
  const sheet = await totals(c);
  const now = await progress(c);
  expect(sheet, 'the sheet’s total and the progress agree').toBe(now.units_expected);
  return {
    expected: item?.expected,
    moved: item?.moved,
    total: now.units_expected,
    progressMoved: now.moved,
  };
}

const sold = (n: number) => ({ sold: n, returned: 0, received: 0, transferred: 0, adjusted: 0 });

describe('an open count’s expected figures follow the as-of-read rule', () => {
  it('a product in one place with nothing moving looks as before', async () => {
    const { place, product } = await shop.shelf(shop.a, 'QUIET', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    expect(await live(c, product)).toEqual({
      expected: 10,
      moved: undefined,
      total: 10,
      progressMoved: undefined,
    });
    await shop.send(c, tags(product, 8));
    expect(await live(c, product)).toEqual({
      expected: 10,
      moved: undefined,
      total: 10,
      progressMoved: undefined,
    });
    const { audit } = await shop.complete(c);
    expect(audit.tags_expected).toBe(10);
  });

  it('a sale before the first read is taken off; one after it is not', async () => {
    const { place, product } = await shop.shelf(shop.a, 'BOTH', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.move(shop.a, product, place, -3);
    // Not read yet: expected follows the sale up to now.
    expect(await live(c, product)).toEqual({ expected: 7, moved: sold(3), total: 7, progressMoved: sold(3) });
    await shop.send(c, tags(product, 7));
    await shop.move(shop.a, product, place, -2);
    // Read at 7: the later sale moved (5 sold in all) but the product is still expected at 7.
    expect(await live(c, product)).toEqual({ expected: 7, moved: sold(5), total: 7, progressMoved: sold(5) });
    const { audit, line } = await shop.complete(c);
    expect(line(product)).toBeUndefined();
    expect(audit).toMatchObject({ tags_expected: 7, tags_found: 7, discrepancies_count: 0 });
  });

  it('a sale after the read only: the product is expected at its start', async () => {
    const { place, product } = await shop.shelf(shop.a, 'AFTERONLY', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.send(c, tags(product, 9));
    await shop.move(shop.a, product, place, -4);
    expect(await live(c, product)).toEqual({
      expected: 10,
      moved: sold(4),
      total: 10,
      progressMoved: sold(4),
    });
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({ expected_quantity: 10, found_quantity: 9, moved_during: -4 });
  });

  it('a sale sent late, dated before the read, is taken off as the result will', async () => {
    const { place, product } = await shop.shelf(shop.a, 'LATESALE', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.send(c, tags(product, 6));
    expect((await live(c, product)).expected).toBe(10);
    await shop.move(shop.a, product, place, -3, 'sale', new Date((await shop.arrivalOf(c, 0)).getTime() - 1));
    expect(await live(c, product)).toEqual({ expected: 7, moved: sold(3), total: 7, progressMoved: sold(3) });
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({ expected_quantity: 7, found_quantity: 6, expected_at_start: 10 });
  });

  it('a receipt before the read and a sale after it, with another product not read yet', async () => {
    const read = await shop.shelf(shop.a, 'MIXREAD', 10);
    const count = await shop.start(shop.a, shop.reader, null);
    const before = await progress(count);
    await shop.move(shop.a, read.product, read.place, 24, 'receipt');
    await shop.send(count, tags(read.product, 30));
    await shop.move(shop.a, read.product, read.place, -1);
    const item = await live(count, read.product);
    expect(item.expected).toBe(34);
    expect(item.moved).toEqual({ sold: 1, returned: 0, received: 24, transferred: 0, adjusted: 0 });
    // The whole catalogue's total moved by the receipt only: the later sale came after the product was read.
    expect(item.total).toBe(before.units_expected + 24);
    const { line, audit } = await shop.complete(count);
    expect(line(read.product)).toMatchObject({ expected_quantity: 34, found_quantity: 30 });
    expect(audit.tags_expected).toBe(item.total);
  });

  it('takes a read’s seen_at bounded by its batch’s arrival, as the result does', async () => {
    const { place, product } = await shop.shelf(shop.a, 'AHEAD', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    // The reader's clock is an hour ahead: the read counts as at its arrival, before the sale.
    await shop.send(c, tags(product, 10), new Date(Date.now() + HOUR));
    await shop.move(shop.a, product, place, -3);
    expect((await live(c, product)).expected).toBe(10);
    const { line } = await shop.complete(c);
    expect(line(product)).toBeUndefined();
  });
});
