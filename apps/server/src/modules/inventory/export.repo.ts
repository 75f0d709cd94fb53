import type { TInventoryFilters } from '@quantics/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, stock } from '../../db/schema/index.ts';
import { filterCondition } from './inventory.repo.ts';

/**
 * The next `limit` products of the company matching the list's filters after (name, id) `after`, sorted like the
 * list, each with its stock rows: one row per place, the home first (an import makes a new product's home its first
 * row's place), then the other locations as they were made, then no location. Keyset pagination over products, so each page is one index range however deep into
 * the catalogue, and a product's places never straddle two pages. A product without stock rows comes once, with
 * null place and quantity.
 */
export function exportPage(
  db: Db,
  companyId: number,
  filters: TInventoryFilters,
  after: { name: string; id: number } | undefined,
  limit: number,
) {
  const page = db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      description: products.description,
      category: products.category,
      vendor: products.vendor,
      unitCost: products.unitCost,
      retailPrice: products.retailPrice,
      minStockLevel: products.minStockLevel,
      homeId: products.locationId,
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
    .limit(limit)
    .as('page');
  return db
    .select({
      id: page.id,
      name: page.name,
      sku: page.sku,
      description: page.description,
      category: page.category,
      vendor: page.vendor,
      unitCost: page.unitCost,
      retailPrice: page.retailPrice,
      minStockLevel: page.minStockLevel,
      expirationDate: page.expirationDate,
      gtin: page.gtin,
      epc: page.epc,
      isEpcExplicit: page.isEpcExplicit,
      locationId: stock.locationId,
      quantity: stock.quantity,
    })
    .from(page)
    .leftJoin(stock, and(eq(stock.companyId, companyId), eq(stock.productId, page.id)))
    .orderBy(
      asc(page.name),
      asc(page.id),
      desc(sql`${stock.place} = coalesce(${page.homeId}, 0)`),
      asc(sql`${stock.locationId} is null`),
      asc(stock.place),
    );
}
