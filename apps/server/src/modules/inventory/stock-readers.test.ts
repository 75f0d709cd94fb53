import type { TDashboardStats } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addPlace, addStockedProduct } from '../../test/stock-places.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The readers of quantities outside the inventory page, with a product kept in two places: the dashboard and the
// company card read totals (one product, all its units), a scanned code's lookup says where the units are.

let t: TestApp;
let a: Tenant;
const places = { floor: 0, back: 0 };
let tentId = 0;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(a.member.token) });
const dashboard = async () => (await get('/api/stats/dashboard')).json() as TDashboardStats;
const lookup = async (code: string) => (await get(`/api/inventory/lookup?code=${code}`)).json();
const tent = { name: 'Tent', sku: 'TENT9', unit_cost: 2, min_stock_level: 10 };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Stock readers');
  places.floor = await addPlace(t, a, 'Floor');
  places.back = await addPlace(t, a, 'Back room');
  tentId = (
    await addStockedProduct(t, a, { ...tent, location_id: places.floor }, [
      { location_id: places.floor, quantity: 3 },
      { location_id: places.back, quantity: 5 },
    ])
  ).id;
  await addStockedProduct(t, a, { name: 'Mug', sku: 'MUG9' }, [{ location_id: places.floor, quantity: 4 }]);
}, 120_000);
afterAll(() => t.close());

describe('a product in two places', () => {
  it('is one product with all its units on the dashboard, low against its minimum by its total', async () => {
    const d = await dashboard();
    expect(d.inventory).toMatchObject({
      totalProducts: 2,
      totalUnits: 12,
      totalInventoryCost: 16,
      lowStock: 1,
    });
    expect(d.lowStock.map((p) => [p.sku, p.quantity])).toEqual([['TENT9', 8]]);
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${a.companyId}/stats`,
      headers: bearer(a.operator.token),
    });
    expect(card.json()).toMatchObject({ products: 2 });
  });

  it('keeps the dashboard right when units move between places and when a place gains some', async () => {
    const put = (stock: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/inventory/${tentId}`,
        headers: bearer(a.admin.token),
        payload: { ...tent, stock },
      });
    expect(
      (
        await put([
          { location_id: places.back, quantity: 8 },
          { location_id: places.floor, quantity: 0 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await dashboard()).inventory).toMatchObject({ totalUnits: 12, lowStock: 1 });
    expect(
      (
        await put([
          { location_id: places.back, quantity: 8 },
          { location_id: places.floor, quantity: 3 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await dashboard()).inventory).toMatchObject({
      totalUnits: 15,
      totalInventoryCost: 22,
      lowStock: 0,
    });
    expect((await dashboard()).lowStock).toEqual([]);
  });

  it('says where its units are when its code is looked up; a product in one place answers as before', async () => {
    const found = await lookup('TENT9');
    expect(found.product).toEqual({
      id: tentId,
      sku: 'TENT9',
      name: 'Tent',
      stock: [
        { location_id: places.back, location: 'Back room', quantity: 8 },
        { location_id: places.floor, location: 'Floor', quantity: 3 },
      ],
    });
    const mug = await lookup('MUG9');
    expect(Object.keys(mug.product)).toEqual(['id', 'sku', 'name']);
  });
});
