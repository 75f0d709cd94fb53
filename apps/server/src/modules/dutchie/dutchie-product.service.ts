import type { TDutchieProductResponse } from '@quantics/contracts';
import { AppError } from '../../lib/app-error.ts';
import { companyClient, type DutchieContext } from './dutchie-context.ts';
import { findPackage } from './dutchie-inventory.service.ts';
import { type ProductDetails, productDetails } from './dutchie-mapping.ts';

const HOUR_MS = 3_600_000;

/**
 * GET .../product/{packageId}: the package from the snapshot, with its product's description and potency from
 * Dutchie's /products/{id} (cached for an hour). The details are a bonus: without them the package still shows.
 */
export async function productView(
  ctx: DutchieContext,
  companyId: number,
  packageId: string,
): Promise<TDutchieProductResponse> {
  const { item, sync } = await findPackage(ctx, companyId, packageId);
  let details: ProductDetails | null = null;
  if (item.productId !== null) {
    const productId = item.productId;
    try {
      const result = await ctx.cache.get<ProductDetails, ProductDetails>(
        { companyId, kind: 'product', params: String(productId) },
        {
          maxAgeMs: HOUR_MS,
          fetch: async () => productDetails(await (await companyClient(ctx, companyId)).product(productId)),
          prepare: (stored) => stored,
        },
      );
      details = result.value;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return { data: { ...item, details }, sync };
}
