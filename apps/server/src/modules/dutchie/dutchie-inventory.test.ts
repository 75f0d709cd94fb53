import type { TDutchieInventoryResponse, TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import { type DutchieSimProcess, SIM_KEY, startDutchieSim } from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The list, its filters and its field mapping, against the simulator running as its own process.

type SimRow = {
  packageId: string;
  productName: string;
  category: string;
  vendor: string;
  quantityAvailable: number;
  unitCost: number;
  unitPrice: number;
  expirationDate: string | null;
  lastModifiedDateUtc: string;
  roomQuantities: { roomId: number; room: string; quantityAvailable: number }[];
};

let sim: DutchieSimProcess;
let t: TestApp;
let shop: Tenant;
let simRows: SimRow[];

const list = async (query = '', token = shop.member.token) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dutchie-inventory${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDutchieInventoryResponse;
};

beforeAll(async () => {
  sim = await startDutchieSim();
  t = await createTestApp({ dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url, minRefreshSeconds: 0 } });
  shop = await createTenant(t, 'Greenleaf', { useDutchie: true, dutchieApiKey: SIM_KEY });
  simRows = (await (await sim.get('/reporting/inventory?includeRoomQuantities=true')).json()) as SimRow[];
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});
beforeEach(() => sim.reset());

describe('GET /api/dutchie-inventory', () => {
  it("answers the spec's Dutchie inventory items, mapped field by field from Dutchie's rows", async () => {
    const all = await list('?includeZero=true&limit=1000');
    expect(all.pagination.totalItems).toBe(simRows.length);
    const row = simRows.find((r) => r.roomQuantities.length === 2 && r.expirationDate) as SimRow;
    const item = all.data.find((i) => i.packageId === row.packageId) as TDutchieItem;
    expect(item).toEqual({
      packageId: row.packageId,
      productId: expect.any(Number),
      sku: expect.any(String),
      productName: row.productName,
      vendor: row.vendor,
      brandName: expect.any(String),
      category: row.category,
      strain: expect.toBeOneOf([expect.any(String), null]),
      quantity: row.quantityAvailable,
      unitCost: row.unitCost,
      unitPrice: row.unitPrice,
      expirationDate: row.expirationDate?.slice(0, 10),
      rooms: row.roomQuantities.map((r) => ({
        roomId: r.roomId,
        roomName: r.room,
        quantity: r.quantityAvailable,
      })),
      lastModified: new Date(row.lastModifiedDateUtc).toISOString(),
    });
    expect(item.packageId).toHaveLength(24);
    expect(all.as_of).toBe(all.sync.as_of);
    expect(all.sync).toMatchObject({ state: 'ok', is_stale: false, message: null });
    expect(all.sync.location_name).toBe('Greenleaf Wellness - Portland');
  });

  it('pages 20 at a time by default, sorted by name, and hides zero quantities unless asked', async () => {
    const first = await list();
    const inStock = simRows.filter((r) => r.quantityAvailable > 0).length;
    expect(simRows.length).toBeGreaterThan(inStock);
    expect(first.data).toHaveLength(20);
    expect(first.pagination).toEqual({
      page: 1,
      limit: 20,
      totalItems: inStock,
      totalPages: Math.ceil(inStock / 20),
      hasNext: true,
      hasPrev: false,
    });
    const names = first.data.map((i) => i.productName);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
    expect(first.data.every((i) => i.quantity > 0)).toBe(true);
    const desc = await list('?order=desc&limit=5');
    const lastPage = await list(`?limit=5&page=${Math.ceil(inStock / 5)}`);
    expect(desc.data[0]?.packageId).toBe(lastPage.data[lastPage.data.length - 1]?.packageId);
  });

  it('filters by category, vendor, room and search, and lists the choices for each filter', async () => {
    const all = await list('?limit=1000');
    expect(all.filters.rooms).toEqual(['Sales Floor', 'Backstock', 'Quarantine', 'Tagging Needed']);
    expect(all.filters.categories).toEqual(
      expect.arrayContaining(['Flower', 'Pre-Rolls', 'Vaporizers', 'Edibles', 'Concentrates', 'Tinctures']),
    );
    expect(all.filters.vendors.length).toBeGreaterThan(3);

    const edibles = await list('?category=Edibles&limit=1000');
    expect(edibles.data.length).toBeGreaterThan(0);
    expect(edibles.data.every((i) => i.category === 'Edibles')).toBe(true);
    expect(edibles.data.length).toBe(all.data.filter((i) => i.category === 'Edibles').length);

    const vendor = all.filters.vendors[0] as string;
    const byVendor = await list(`?vendor=${encodeURIComponent(vendor)}&category=all&limit=1000`);
    expect(byVendor.data.length).toBe(all.data.filter((i) => i.vendor === vendor).length);

    const quarantine = await list(`?room=${encodeURIComponent('Quarantine')}&limit=1000`);
    const expected = simRows.filter((r) =>
      r.roomQuantities.some((q) => q.room === 'Quarantine' && q.quantityAvailable > 0),
    );
    expect(quarantine.data.map((i) => i.packageId).sort()).toEqual(expected.map((r) => r.packageId).sort());

    const target = all.data[3] as TDutchieItem;
    const byId = await list(`?search=${target.packageId.toLowerCase()}`);
    expect(byId.data.map((i) => i.packageId)).toEqual([target.packageId]);
    const words = target.productName.split(' ').slice(0, 2).join(' ');
    const byName = await list(`?search=${encodeURIComponent(words.toUpperCase())}&limit=1000`);
    expect(byName.data.map((i) => i.packageId)).toContain(target.packageId);
    expect(
      byName.data.every((i) =>
        i.productName.toLowerCase().includes(words.split(' ')[1]?.toLowerCase() ?? ''),
      ),
    ).toBe(true);
    const none = await list('?search=no-such-product-anywhere');
    expect(none.data).toEqual([]);
    expect(none.pagination.totalItems).toBe(0);
  });

  it('serves many requests from one snapshot and reads Dutchie again on Refresh', async () => {
    const fresh = await createTenant(t, 'Greenleaf Two', { useDutchie: true, dutchieApiKey: SIM_KEY });
    await sim.reset();
    await Promise.all([1, 2, 3, 4, 5].map(() => list('', fresh.member.token)));
    await list('?category=Flower', fresh.admin.token);
    expect((await sim.requests())['/reporting/inventory']).toBe(1);

    const pkg = (await list('', fresh.member.token)).data[0] as TDutchieItem;
    await sim.setQuantity(pkg.packageId, 0);
    const cachedView = await list(`?search=${pkg.packageId}`, fresh.member.token);
    expect(cachedView.data[0]?.quantity).toBe(pkg.quantity);

    const refreshed = await list(`?search=${pkg.packageId}&refresh=true`, fresh.member.token);
    expect((await sim.requests())['/reporting/inventory']).toBe(2);
    expect(refreshed.data).toEqual([]);
    const withZero = await list(`?search=${pkg.packageId}&includeZero=true`, fresh.member.token);
    expect(withZero.data[0]).toMatchObject({ packageId: pkg.packageId, quantity: 0, rooms: [] });
  });

  it('refuses bad filters with a 400 message', async () => {
    for (const q of [
      '?limit=0',
      '?limit=abc',
      '?page=-1',
      '?includeZero=maybe',
      '?sort=price',
      `?search=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dutchie-inventory${q}`,
        headers: bearer(shop.member.token),
      });
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message, q).toBe('string');
    }
  });

  it('tells a company with the local catalogue that its inventory is not in Dutchie', async () => {
    const manual = await createTenant(t, 'Local Shop');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dutchie-inventory',
      headers: bearer(manual.member.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/kept in Quantics, not in a Dutchie point-of-sale/);
  });
});
