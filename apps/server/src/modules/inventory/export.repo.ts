import type { TInventoryFilters } from '@quantics/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { filterCondition } from './inventory.repo.ts';

/**
 * The next `limit` products of the company matching the list's filters after (name, id) `after`, sorted like the
 * list. Keyset pagination, so each page is one index range however deep into the catalogue.
 */
export function exportPage(
  db: Db,
  companyId: number,
  filters: TInventoryFilters,
  after: { name: string; id: number } | undefined,
  limit: number,
) {
  return db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      description: products.description,
      category: products.category,
      vendor: products.vendor,
      unitCost: products.unitCost,
      retailPrice: products.retailPrice,
      quantity: products.quantity,
      minStockLevel: products.minStockLevel,
      locationId: products.locationId,
      expirationDate: products.expirationDate,
      gtin: products.gtin,
      epc: products.epc,
      isEpcExplicit: products.isEpcExplicit,
    })
    .from(products)
    .where(
      and(
        filterCondition(companyId, filters),
        after ? sql`(${products.name}, ${products.id}) > (${after.name}, ${after.id})` : undefined,
        eq(products.companyId, companyId),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
}
