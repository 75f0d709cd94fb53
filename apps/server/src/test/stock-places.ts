import type { TProduct } from '@quantics/contracts';
import { bearer } from './factories.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

/**
 * A product kept in several places, made through the inventory API (so its stock rows and its total are what the
 * portal writes), for the readers' tests: reports, Tallie, lookups, locations, the dashboard.
 */
export async function addStockedProduct(
  t: TestApp,
  tenant: Tenant,
  product: { name: string; sku: string; min_stock_level?: number; location_id?: number | null },
  stock: { location_id: number | null; quantity: number }[],
): Promise<TProduct> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: bearer(tenant.admin.token),
    payload: { ...product, stock },
  });
  if (res.statusCode !== 201) throw new Error(`product ${product.sku}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A location made through the API, under `parent` when given. */
export async function addPlace(t: TestApp, tenant: Tenant, name: string, parent: number | null = null) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: bearer(tenant.admin.token),
    payload: { name, parent_location_id: parent },
  });
  if (res.statusCode !== 201) throw new Error(`location ${name}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}
