import type { TDashboardStats, TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';

/**
 * The dashboard of a point-of-sale company: its inventory figures come from the Dutchie snapshot (checked against
 * the package list the same portal serves, which the Dutchie module's own tests check against the simulator), and
 * its top products from Dutchie's transactions.
 */

let w: DutchieShop;
let all: TDutchieItem[];
const get = (url: string, token?: string) => w.get(url, token);
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (d: string) => Math.round((Date.parse(d) - Date.parse(today())) / 86_400_000);

beforeAll(async () => {
  w = await startDutchieShop();
  all = w.all;
});
afterAll(() => w?.close());

describe('dashboard of a point-of-sale company', () => {
  it('Inventory Overview: cost, packages, units, vendors and categories of the packages in stock', async () => {
    const inStock = all.filter((i) => i.quantity > 0);
    expect(inStock.length).toBeLessThan(all.length);
    const cost = inStock.reduce((s, i) => s + i.quantity * (i.unitCost ?? 0), 0);
    const { status, body } = await get('/api/stats/dashboard-inventory');
    expect(status).toBe(200);
    expect(body.inventory).toEqual({
      totalInventoryCost: Math.round(cost * 100) / 100,
      totalProducts: inStock.length,
      totalUnits: inStock.reduce((s, i) => s + i.quantity, 0),
      totalVendors: new Set(inStock.map((i) => i.vendor)).size,
      totalCategories: new Set(inStock.map((i) => i.category)).size,
      lowStock: inStock.filter((i) => i.quantity <= 5).length,
    });
    expect(body.inventory.totalVendors).toBeGreaterThan(1);
    expect(body.inventory.lowStock).toBeGreaterThan(0);
  });

  it('Low Inventory: the five packages with the fewest units among 0 < quantity <= 5', async () => {
    const { body } = await get('/api/stats/dashboard-low-stock');
    const low = all.filter((i) => i.quantity > 0 && i.quantity <= 5);
    expect(body).toHaveLength(Math.min(5, low.length));
    const fewest = Math.min(...low.map((i) => i.quantity));
    expect(body[0].quantity).toBe(fewest);
    for (const item of body) {
      const pkg = all.find((i) => i.packageId === item.id) as TDutchieItem;
      expect(item).toEqual({
        id: pkg.packageId,
        name: pkg.productName,
        sku: pkg.sku ?? pkg.packageId,
        quantity: pkg.quantity,
        min_stock_level: 5,
      });
    }
    const qs = body.map((i: { quantity: number }) => i.quantity);
    expect(qs).toEqual([...qs].sort((x, y) => x - y));
  });

  it('Expiring Soon: in stock, from today to 30 days ahead, soonest first, with days left', async () => {
    const { body } = await get('/api/stats/dashboard-expiring');
    const soon = all.filter(
      (i) => i.quantity > 0 && i.expirationDate && daysFromToday(i.expirationDate) >= 0,
    );
    const within = soon.filter((i) => daysFromToday(i.expirationDate as string) <= 30);
    expect(within.length).toBeGreaterThan(0);
    expect(body).toHaveLength(Math.min(5, within.length));
    for (const item of body) {
      const pkg = all.find((i) => i.packageId === item.id) as TDutchieItem;
      expect(item).toMatchObject({
        name: pkg.productName,
        quantity: pkg.quantity,
        expiration_date: pkg.expirationDate,
        days_left: daysFromToday(pkg.expirationDate as string),
      });
    }
    const earliest = Math.min(...within.map((i) => daysFromToday(i.expirationDate as string)));
    expect(body[0].days_left).toBe(earliest);
  });

  it("Top Products: units sold per package over 30 days from Dutchie's transactions, first five", async () => {
    const { status, body } = await get('/api/stats/dashboard-top-products?days=30');
    expect(status).toBe(200);
    const selling = await get('/api/dutchie-inventory/analytics/top-selling?days=30&limit=5');
    expect(body).toEqual(selling.body.data);
    expect(body).toHaveLength(5);
    expect(body[0].totalQuantity).toBeGreaterThanOrEqual(body[4].totalQuantity);
    // Dutchie's sales are read 90 days at a time at most: a longer window is the last 90 days.
    const year = await get('/api/stats/dashboard-top-products?days=365');
    const ninety = await get('/api/dutchie-inventory/analytics/top-selling?days=90&limit=5');
    expect(year.body).toEqual(ninety.body.data);
  });

  it('GET /api/stats/dashboard: the same figures in one answer, with where they come from', async () => {
    const { body } = (await get('/api/stats/dashboard')) as { body: TDashboardStats };
    expect(body.inventory).toEqual((await get('/api/stats/dashboard-inventory')).body.inventory);
    expect(body.lowStock).toEqual((await get('/api/stats/dashboard-low-stock')).body);
    expect(body.expiring).toEqual((await get('/api/stats/dashboard-expiring')).body);
    expect(body.topProducts).toEqual((await get('/api/stats/dashboard-top-products?days=30')).body);
    expect(body.pointOfSale).toEqual({ as_of: expect.any(String), message: null });
    expect(body.devices).toEqual({ online: 0, total: 0 });
  });

  it('Dutchie refusing the key: the dashboard still answers, inventory figures empty, and says why', async () => {
    const refused = await w.refusedTenant('Refused');
    const { status, body } = await get('/api/stats/dashboard', refused.member.token);
    expect(status).toBe(200);
    expect(body.inventory.totalProducts).toBe(0);
    expect([body.lowStock, body.expiring, body.topProducts]).toEqual([[], [], []]);
    expect(body.pointOfSale).toEqual({
      as_of: null,
      message: 'Dutchie refused the API key. An admin can replace it in Settings.',
    });
    expect(await get('/api/stats/dashboard-inventory', refused.member.token)).toEqual({
      status: 502,
      body: { message: 'Dutchie refused the API key. An admin can replace it in Settings.' },
    });
  });
});
