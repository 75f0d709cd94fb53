import type { TMovement, TProduct } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import { quantityNow, seriesBounds, stockSeries } from './stock-series';

// The chart's line (issue #48): the quantity over time, walked back from the quantity now through the movements.

const movement = (over: Partial<TMovement> & Pick<TMovement, 'id' | 'delta' | 'at'>): TMovement => ({
  product_id: 41,
  location_id: 1,
  location: 'Backroom',
  quantity_after: 0,
  reason: 'sale',
  recorded_at: over.at,
  by: 'Jo Park',
  by_type: 'user',
  reference: null,
  audit_id: null,
  shipment_id: null,
  client_id: null,
  ...over,
});
const ms = (iso: string) => Date.parse(iso);
const NOW = ms('2026-11-29T12:00:00Z');

// Newest first, as the API answers: created with 10, 4 received, 3 sold, 2 sold.
const HISTORY = [
  movement({ id: 4, delta: -2, at: '2026-11-20T12:00:00Z' }),
  movement({ id: 3, delta: -3, at: '2026-11-12T12:00:00Z' }),
  movement({ id: 2, delta: 4, at: '2026-11-05T12:00:00Z', reason: 'receipt' }),
  movement({ id: 1, delta: 10, at: '2026-11-01T12:00:00Z', reason: 'edit' }),
];

describe('stockSeries', () => {
  it('walks back from the quantity now, oldest first, and ends now at the quantity now', () => {
    expect(stockSeries(HISTORY, 9, NOW)).toEqual([
      { at: ms('2026-11-01T12:00:00Z'), quantity: 10 },
      { at: ms('2026-11-05T12:00:00Z'), quantity: 14 },
      { at: ms('2026-11-12T12:00:00Z'), quantity: 11 },
      { at: ms('2026-11-20T12:00:00Z'), quantity: 9 },
      { at: NOW, quantity: 9 },
    ]);
  });

  it('uses the deltas, not each quantity_after, so a back-dated sale lands where it happened', () => {
    // 4 on the shelf; 5 received on the 12th (recorded first: 9 after); then a till sends a sale of 2 dated the 10th
    // (recorded last: 7 after). In time order the shelf went 4, 2, 7: quantity_after alone would draw 7 then 9.
    const history = [
      movement({ id: 2, delta: 5, at: '2026-11-12T12:00:00Z', quantity_after: 9, reason: 'receipt' }),
      movement({ id: 3, delta: -2, at: '2026-11-10T12:00:00Z', quantity_after: 7 }),
    ];
    expect(stockSeries(history, 7, NOW).map((p) => p.quantity)).toEqual([2, 7, 7]);
  });

  it('draws nothing without movements, and never ends before the newest one (a till a little fast)', () => {
    expect(stockSeries([], 5, NOW)).toEqual([]);
    const ahead = new Date(NOW + 60_000).toISOString();
    const series = stockSeries([movement({ id: 1, delta: 5, at: ahead })], 5, NOW);
    expect(series).toEqual([
      { at: NOW + 60_000, quantity: 5 },
      { at: NOW + 60_000, quantity: 5 },
    ]);
  });

  it('frames the line by its first and last instant and its lowest and highest quantity', () => {
    expect(seriesBounds(stockSeries(HISTORY, 9, NOW))).toEqual({
      first: ms('2026-11-01T12:00:00Z'),
      last: NOW,
      min: 9,
      max: 14,
    });
  });
});

describe('quantityNow', () => {
  const product = {
    quantity: 9,
    stock: [
      { location_id: 1, location: 'Backroom', quantity: 4 },
      { location_id: null, location: null, quantity: 5 },
    ],
  } as TProduct;

  it('starts from the total for all places, and from the place’s own units when filtered', () => {
    expect(quantityNow(product, 'all', HISTORY)).toBe(9);
    expect(quantityNow(product, 1, HISTORY)).toBe(4);
    expect(quantityNow(product, 'none', HISTORY)).toBe(5);
  });

  it('starts from the last quantity after in a place the product no longer keeps stock in', () => {
    const emptied = [
      movement({ id: 9, delta: -3, at: '2026-11-21T12:00:00Z', location_id: 2, quantity_after: 0 }),
    ];
    expect(quantityNow(product, 2, emptied)).toBe(0);
  });
});
