import { sgtin96, type TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readsOf } from '../../test/readers.ts';
import { addPlace } from '../../test/stock-places.ts';
import { setUpTradingStore } from '../../test/trading-store.ts';

// Counts in a trading store (issue 48): a product's expected quantity is what its places held at the count's start
// plus what moved there before it was first read (until completion when never read), a read's time bounded by the
// count's start and its batch's arrival. Reads and sales here come in every order; the stories and apply
// as a delta are in trading-apply.test.ts.

const HOUR = 3_600_000;
const shop = setUpTradingStore('Trading Store Co');

const tags = (p: TProduct, units: number) => readsOf(p.epc, units);

describe('the as-of-read rule, through reads and sales in every order', () => {
  it('takes off a sale made before the product was first read', async () => {
    const { place, product } = await shop.shelf(shop.a, 'BEFORE', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.move(shop.a, product, place, -3);
    await shop.send(c, tags(product, 6));
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({
      expected_quantity: 7,
      found_quantity: 6,
      expected_at_start: 10,
      moved_during: -3,
      notes: '1 fewer than expected; 3 sold during the count',
    });
  });

  it('keeps a sale made after the product was first read out of expected: not short', async () => {
    const { place, product } = await shop.shelf(shop.a, 'AFTER', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.send(c, tags(product, 10));
    await shop.move(shop.a, product, place, -3);
    const { audit, line } = await shop.complete(c);
    expect(line(product)).toBeUndefined();
    expect(audit).toMatchObject({ tags_expected: 10, tags_found: 10, discrepancies_count: 0, accuracy: 100 });
  });

  it('takes off a sale that arrives late, dated before the first read or before the count started', async () => {
    for (const [sku, when] of [
      ['LATEREAD', 'before the read'],
      ['LATESTART', 'before the start'],
    ] as const) {
      const { place, product } = await shop.shelf(shop.a, sku, 10);
      const c = await shop.start(shop.a, shop.reader, place);
      await shop.send(c, tags(product, 6));
      // Recorded after the read arrived, dated before it (or before the count began).
      const at =
        when === 'before the read'
          ? new Date((await shop.arrivalOf(c, 0)).getTime() - 1)
          : new Date((await shop.startOf(c)).getTime() - HOUR);
      await shop.move(shop.a, product, place, -3, 'sale', at);
      const { line } = await shop.complete(c);
      expect(line(product), when).toMatchObject({
        expected_quantity: 7,
        expected_at_start: 10,
        moved_during: -3,
      });
    }
  });

  it('bounds a read’s seen_at by the count’s start', async () => {
    const { place, product } = await shop.shelf(shop.a, 'EARLY', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    const begun = await shop.startOf(c);
    // The reader's clock says an hour before the count began: the read counts as at the start.
    await shop.send(c, tags(product, 6), new Date(begun.getTime() - HOUR));
    await shop.move(shop.a, product, place, -3, 'sale', new Date(begun.getTime() - HOUR / 2));
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({ expected_quantity: 7, found_quantity: 6, moved_during: -3 });
  });

  it('bounds a read’s seen_at by its batch’s arrival', async () => {
    const { place, product } = await shop.shelf(shop.a, 'LATE', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    // The reader's clock says an hour ahead: the read counts as when its batch arrived, before the sale.
    await shop.send(c, tags(product, 9), new Date(Date.now() + HOUR));
    await shop.move(shop.a, product, place, -3);
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({ expected_quantity: 10, found_quantity: 9, expected_at_start: 10 });
  });

  it('takes a product never read at its movements up to completion', async () => {
    const { place, product } = await shop.shelf(shop.a, 'UNREAD', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.move(shop.a, product, place, -3);
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({
      expected_quantity: 7,
      found_quantity: 0,
      expected_at_start: 10,
      moved_during: -3,
      notes: '7 fewer than expected; 3 sold during the count',
    });
  });

  it('adds a receipt before the first read, and names every kind of movement', async () => {
    const { place, product } = await shop.shelf(shop.a, 'RECEIPT', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.move(shop.a, product, place, 5, 'receipt');
    await shop.move(shop.a, product, place, 1, 'return');
    await shop.move(shop.a, product, place, -2, 'adjustment');
    await shop.send(c, tags(product, 13));
    await shop.move(shop.a, product, place, -4);
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({
      expected_quantity: 14,
      found_quantity: 13,
      expected_at_start: 10,
      moved_during: 0,
      notes: '1 fewer than expected; 4 sold, 1 returned, 5 received, 2 adjusted down during the count',
    });
  });

  it('writes the start and what moved on rows where nothing moved', async () => {
    const { place, product } = await shop.shelf(shop.a, 'STILL', 5);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.send(c, tags(product, 4));
    const { line } = await shop.complete(c);
    expect(line(product)).toMatchObject({
      expected_quantity: 5,
      expected_at_start: 5,
      moved_during: 0,
      notes: '1 fewer than expected',
    });
  });

  it('keeps a product read and then moved out of the place in scope: neither short nor misplaced', async () => {
    const { place, product } = await shop.shelf(shop.a, 'MOVED', 3);
    const elsewhere = await addPlace(shop.t, shop.a, 'Depot for MOVED');
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.send(c, tags(product, 3));
    await shop.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('quantics.movement', '{"reason":"transfer"}', true)`);
      await tx.execute(sql`update stock set location_id = ${elsewhere}::int
        where company_id = ${shop.a.companyId} and product_id = ${product.id}`);
    });
    const { audit, line } = await shop.complete(c);
    expect(line(product)).toBeUndefined();
    expect(audit).toMatchObject({ tags_expected: 3, tags_found: 3, misplaced_count: 0 });
  });

  it('times a barcode scan and a GS1 tag matched by its GTIN the same way', async () => {
    const scanned = await shop.shelf(shop.a, 'SCAN', 4);
    const gtin = '80614141123458';
    const sgtin = await shop.shelf(shop.a, 'SGTIN', 2, { gtin });
    const c = await shop.start(shop.a, shop.reader, null);
    await shop.send(c, [{ code: 'SCAN', quantity: 4 }]);
    await shop.send(
      c,
      [sgtin96(gtin, 1, 7), sgtin96(gtin, 2, 7)].map((epc) => ({ epc })),
    );
    await shop.move(shop.a, scanned.product, scanned.place, -1);
    await shop.move(shop.a, sgtin.product, sgtin.place, -1);
    const { line } = await shop.complete(c);
    expect(line(scanned.product)).toBeUndefined();
    expect(line(sgtin.product)).toBeUndefined();
  });
});
