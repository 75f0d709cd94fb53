import type { TMovement, TProduct } from '@quantics/contracts';
import { formatCount, formatDate } from '@/lib/format';
import type { HistoryPlace } from '../api/product-movements';

/** The quantity from `at` (ms since the epoch) until the next point. */
export type StockPoint = { at: number; quantity: number };

/**
 * A product's quantity over time, oldest first, from its movements (newest first, as the API answers) and its
 * quantity now. Walking back from now, the quantity before a movement is the one after it less its delta: one sum,
 * so a sale dated before one recorded earlier still lands where it happened (a movement's own quantity_after is the
 * place's figure when it was recorded, in recording order). The last point is `now` at today's quantity, so the
 * line reaches today; no movements, no points (there is nothing to draw).
 */
export function stockSeries(newestFirst: readonly TMovement[], current: number, now: number): StockPoint[] {
  if (newestFirst.length === 0) return [];
  const points: StockPoint[] = [];
  let after = current;
  for (const m of newestFirst) {
    points.push({ at: Date.parse(m.at), quantity: after });
    after -= m.delta;
  }
  points.reverse();
  const newest = points[points.length - 1]?.at ?? now;
  points.push({ at: Math.max(now, newest), quantity: current });
  return points;
}

/**
 * What the chart walks back from: the product's total for all places; one place's units when filtered to it, or, when
 * the product no longer keeps stock there, the last movement's quantity after (all of it moved out: usually 0).
 */
export function quantityNow(product: TProduct, place: HistoryPlace, newestFirst: readonly TMovement[]) {
  if (place === 'all') return product.quantity;
  const locationId = place === 'none' ? null : place;
  const row = product.stock.find((s) => s.location_id === locationId);
  return row?.quantity ?? newestFirst[0]?.quantity_after ?? 0;
}

/** The chart's frame: first and last instants, lowest and highest quantity. */
export function seriesBounds(points: readonly StockPoint[]) {
  const quantities = points.map((p) => p.quantity);
  return {
    first: points[0]?.at ?? 0,
    last: points[points.length - 1]?.at ?? 0,
    min: Math.min(...quantities),
    max: Math.max(...quantities),
  };
}

/** The chart in words, for a screen reader (the canvas's name): where it starts, where it is now, its extremes. */
export function seriesSummary(points: readonly StockPoint[], label: string): string {
  const { first, min, max } = seriesBounds(points);
  const start = points[0]?.quantity ?? 0;
  const now = points[points.length - 1]?.quantity ?? 0;
  return (
    `${label} over time: ${formatCount(start)} on ${formatDate(new Date(first).toISOString())}, ` +
    `${formatCount(now)} now; lowest ${formatCount(min)}, highest ${formatCount(max)}`
  );
}
