import type { TInTransit } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { inTransitOf } from './in-transit.repo.ts';

/**
 * Products with their units in transit (transfers sent, not received yet), for the inventory's answers: a product
 * with some gets `in_transit`, the others are answered as before. One statement for a page of products.
 */
export async function withInTransit<P extends { id: number }>(
  db: Db,
  companyId: number,
  products: P[],
): Promise<(P & { in_transit?: TInTransit[] })[]> {
  const found = await inTransitOf(
    db,
    companyId,
    products.map((p) => p.id),
  );
  if (found.size === 0) return products;
  return products.map((p) => {
    const list = found.get(p.id);
    return list ? { ...p, in_transit: list } : p;
  });
}
