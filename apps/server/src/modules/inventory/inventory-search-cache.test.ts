import type { TInventoryListResponse, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { summary } from './inventory.repo.ts';
import { InventorySearchCache } from './inventory-search-cache.ts';

// A search's matches are remembered under the company's search version: every change that alters what a search
// finds, made through this server, another instance or plain SQL, must show in the very next search.

let t: TestApp;
let a: Tenant;
let b: Tenant;

const op = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = a.operator.token,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function search(term: string, extra = '', token = a.operator.token) {
  const res = await op('GET', `/api/inventory?search=${encodeURIComponent(term)}${extra}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TInventoryListResponse;
  return { skus: body.data.map((p) => p.sku), total: body.pagination.totalItems };
}
async function create(name: string, sku: string, quantity = 20): Promise<TProduct> {
  const res = await op('POST', '/api/inventory', { name, sku, quantity, min_stock_level: 5 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** A change made without this server (another instance, a script): only the database knows. */
const elsewhere = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
const version = async () => (await summary(t.database.db, a.companyId)).searchVersion;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Cache Co');
  b = await createTenant(t, 'Other Co');
  await create('Alpine Sour A', 'ALP1');
  await create('Alpine Sour B', 'ALP2');
  await create('Harbor Gold', 'HRB1');
});
afterAll(() => t.close());

describe('remembered search matches', () => {
  it('see renames, new and deleted products and SKU changes made through the API', async () => {
    expect(await search('alpine sour')).toEqual({ skus: ['ALP1', 'ALP2'], total: 2 });
    const harbor = (await op('GET', '/api/inventory?search=HRB1')).json().data[0] as TProduct;
    await op('PUT', `/api/inventory/${harbor.id}`, { name: 'Alpine Sour C', sku: 'HRB1', quantity: 20 });
    expect(await search('alpine sour')).toEqual({ skus: ['ALP1', 'ALP2', 'HRB1'], total: 3 });
    await op('PUT', `/api/inventory/${harbor.id}`, { name: 'Alpine Sour C', sku: 'ALP3', quantity: 20 });
    expect(await search('ALP')).toEqual({ skus: ['ALP1', 'ALP2', 'ALP3'], total: 3 });
    const d = await create('Alpine Sour D', 'ALP4');
    expect((await search('alpine sour')).total).toBe(4);
    await op('DELETE', `/api/inventory/${d.id}`);
    expect(await search('alpine sour')).toEqual({ skus: ['ALP1', 'ALP2', 'ALP3'], total: 3 });
  });

  it('see changes made by another instance or by SQL, including a status filter', async () => {
    expect(await search('alpine', '&status=out-of-stock')).toEqual({ skus: [], total: 0 });
    await elsewhere(sql`UPDATE products SET quantity = 0 WHERE company_id = ${a.companyId} AND sku = 'ALP2'`);
    expect(await search('alpine', '&status=out-of-stock')).toEqual({ skus: ['ALP2'], total: 1 });
    await elsewhere(
      sql`UPDATE products SET name = 'Zinfandel Jelly' WHERE company_id = ${a.companyId} AND sku = 'ALP1'`,
    );
    expect(await search('alpine sour')).toEqual({ skus: ['ALP2', 'ALP3'], total: 2 });
    await elsewhere(sql`DELETE FROM products WHERE company_id = ${a.companyId} AND sku = 'ALP3'`);
    expect(await search('alpine sour')).toEqual({ skus: ['ALP2'], total: 1 });
  });

  it('keep their version through changes no search can see, and stay apart between companies', async () => {
    expect((await search('alpine sour')).total).toBe(1);
    const before = await version();
    await elsewhere(
      sql`UPDATE products SET last_scanned = now(), unit_cost = 3.5 WHERE company_id = ${a.companyId}`,
    );
    expect(await version()).toBe(before);
    // Company B's catalogue has its own version and its own matches.
    const res = await op('POST', '/api/inventory', { name: 'Alpine Sour B2', sku: 'ALP2' }, b.operator.token);
    expect(res.statusCode).toBe(201);
    expect(await version()).toBe(before);
    expect(await search('alpine sour', '', b.operator.token)).toEqual({ skus: ['ALP2'], total: 1 });
    expect(await search('alpine sour')).toEqual({ skus: ['ALP2'], total: 1 });
  });

  it('page from the ids kept, and search again for pages past them', async () => {
    for (const n of [5, 6, 7, 8]) await create(`Alpine Sour ${n}`, `ALP${n}`);
    const filters = { search: 'alpine sour', status: undefined };
    const page = (offset: number) =>
      t.app.inventory.search.page(a.companyId, filters, { limit: 2, offset }, 3).then((r) => ({
        skus: r.rows.map((p) => p.sku),
        total: r.total,
      }));
    // Five matches by name: ALP2 (Alpine Sour B), ALP5..ALP8; three ids kept.
    expect(await page(0)).toEqual({ skus: ['ALP5', 'ALP6'], total: 5 });
    expect(await page(2)).toEqual({ skus: ['ALP7', 'ALP8'], total: 5 });
    expect(await page(4)).toEqual({ skus: ['ALP2'], total: 5 });
    expect(await page(6)).toEqual({ skus: [], total: 5 });
  });
});

describe('the search memory', () => {
  it('holds at most its bound of searches and ids, and still answers every search right', async () => {
    const cache = new InventorySearchCache(t.app.inventory.reads, { searches: 4, ids: 6, companies: 1 });
    const filters = (search: string) => ({ search, status: undefined });
    for (const term of ['alpine', 'sour', 'alp', 'a', 'l', 'p', 'alpine sour']) {
      const found = await cache.page(a.companyId, filters(term), { limit: 10, offset: 0 });
      expect(found.total).toBe(found.rows.length);
    }
    expect(cache.size.searches).toBeLessThanOrEqual(4);
    expect(cache.size.ids).toBeLessThanOrEqual(6);
    // A second company pushes the first one's version out; its next search reads the version again.
    await cache.page(b.companyId, filters('alpine'), { limit: 10, offset: 0 });
    expect(cache.size.companies).toBe(1);
    const again = await cache.page(a.companyId, filters('alpine sour'), { limit: 10, offset: 0 });
    expect(again.rows.map((p) => p.sku).sort()).toEqual((await search('alpine sour')).skus.slice().sort());
  });
});
