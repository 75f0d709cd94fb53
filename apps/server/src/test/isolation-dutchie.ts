import type { TDutchieItem } from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies } from '../db/schema/index.ts';
import { type DutchieSimProcess, SIM_KEY, SIM_KEY_OTHER_STORE } from './dutchie-sim.ts';
import { bearer } from './factories.ts';
import { createTenant, type Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

/**
 * The isolation suite's point-of-sale half: company A reads the simulator's first store, company B (another key)
 * the second. B's admin must never see A's packages, sales or settings, nor change A's key.
 */
export type DutchieWorld = {
  sim: DutchieSimProcess;
  aShop: Tenant;
  bShop: Tenant;
  /** Every package id of A's store. */
  aPackageIds: Set<string>;
  aSealedKey: string;
};

export async function setupDutchieWorld(t: TestApp, sim: DutchieSimProcess): Promise<DutchieWorld> {
  const aShop = await createTenant(t, 'Dutchie A', { useDutchie: true, dutchieApiKey: SIM_KEY });
  const bShop = await createTenant(t, 'Dutchie B', { useDutchie: true, dutchieApiKey: SIM_KEY_OTHER_STORE });
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dutchie-inventory?includeZero=true&limit=1000',
    headers: bearer(aShop.admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const aPackageIds = new Set((res.json().data as TDutchieItem[]).map((i) => i.packageId));
  expect(aPackageIds.size).toBeGreaterThan(100);
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, aShop.companyId));
  return { sim, aShop, bShop, aPackageIds, aSealedKey: row?.dutchieApiKeyEnc ?? '' };
}

type Probe = () => Promise<void>;

/** No id of A's store anywhere in the text, and it did carry package ids (it is not just empty). */
function expectNoPackageOf(world: DutchieWorld, raw: string) {
  const ids = raw.match(/1A4[0-9A-Z]{21}/g) ?? [];
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(world.aPackageIds.has(id)).toBe(false);
}

/**
 * The routes that read a Dutchie company's store besides the point-of-sale ones (dashboard figures, reports,
 * labels): B's admin gets B's packages only, and printing A's package is 'Product not found' like any unknown id.
 */
export function dutchieElsewhere(getT: () => TestApp, getWorld: () => DutchieWorld) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    getT().app.inject({ method, url, headers: bearer(getWorld().bShop.admin.token), payload });
  return {
    /** B's answer at `url` lists packages, none of them A's. */
    readsOwnStore: async (url: string) => {
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expectNoPackageOf(getWorld(), res.body);
    },
    printsOwnStoreOnly: async () => {
      const body = (sku: string) => ({ quantity: 1, printerName: 'Zebra', productInfo: { sku } });
      const aPackage = [...getWorld().aPackageIds][5] as string;
      const foreign = await call('POST', '/api/print/print', body(aPackage));
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Product not found' }]);
      // B's own package is found; B has no print utility connected.
      const own = (await call('GET', '/api/dutchie-inventory?limit=1')).json().data[0].packageId;
      expect((await call('POST', '/api/print/print', body(own))).statusCode).toBe(409);
    },
  };
}

export function dutchieProbes(getT: () => TestApp, getWorld: () => DutchieWorld): Record<string, Probe> {
  const b = async (url: string) => {
    const res = await getT().app.inject({
      method: 'GET',
      url,
      headers: bearer(getWorld().bShop.admin.token),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return { body: res.json(), raw: res.body };
  };
  const expectNoneOfA = (raw: string) => expectNoPackageOf(getWorld(), raw);
  const aPackage = () => [...getWorld().aPackageIds][5] as string;
  return {
    'GET /api/dutchie-inventory': async () => {
      const { body, raw } = await b('/api/dutchie-inventory?includeZero=true&limit=1000');
      expect(body.sync.location_name).toBe('Northside Cannabis Co. - Denver');
      expectNoneOfA(raw);
      const search = await b(`/api/dutchie-inventory?search=${aPackage()}&includeZero=true`);
      expect(search.body.data).toEqual([]);
    },
    'GET /api/dutchie-inventory/product/:id': async () => {
      const t = getT();
      const headers = bearer(getWorld().bShop.admin.token);
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/dutchie-inventory/product/${aPackage()}`,
        headers,
      });
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/dutchie-inventory/product/1A4000000000000000999999',
        headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
    },
    'GET /api/dutchie-inventory/search': async () => {
      expect((await b(`/api/dutchie-inventory/search?q=${aPackage()}`)).body.data).toEqual([]);
      expectNoneOfA((await b('/api/dutchie-inventory/search?q=1A4&limit=100')).raw);
    },
    'GET /api/dutchie-inventory/analytics/top-selling': async () => {
      expectNoneOfA((await b('/api/dutchie-inventory/analytics/top-selling?days=30&limit=100')).raw);
    },
    'GET /api/dutchie-inventory/analytics/low-inventory': async () => {
      expectNoneOfA((await b('/api/dutchie-inventory/analytics/low-inventory?threshold=1000')).raw);
    },
    'GET /api/dutchie-inventory/analytics/expiring': async () => {
      expectNoneOfA((await b('/api/dutchie-inventory/analytics/expiring?days=3650')).raw);
    },
    'GET /api/dutchie-inventory/analytics/sales-floor': async () => {
      expectNoneOfA((await b('/api/dutchie-inventory/analytics/sales-floor')).raw);
    },
    'GET /api/dutchie-inventory/transactions': async () => {
      expectNoneOfA((await b('/api/dutchie-inventory/transactions')).raw);
    },
    'GET /api/dutchie-inventory/closing-report': async () => {
      const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const next = new Date().toISOString().slice(0, 10);
      const { body } = await b(`/api/dutchie-inventory/closing-report?date=${day}`);
      const direct = await getWorld().sim.get(
        `/reporting/closing-report?fromDateUTC=${day}T00:00:00Z&toDateUTC=${next}T00:00:00Z`,
        SIM_KEY_OTHER_STORE,
      );
      const own = (await direct.json()) as { transactionCount: number; netSales: number };
      expect([body.transactionCount, body.netSales]).toEqual([own.transactionCount, own.netSales]);
    },
    'GET /api/settings/dutchie': async () => {
      const { body } = await b('/api/settings/dutchie');
      expect(body.location_name).toBe('Northside Cannabis Co. - Denver');
    },
    'PUT /api/settings/dutchie': async () => {
      const w = getWorld();
      const res = await getT().app.inject({
        method: 'PUT',
        url: '/api/settings/dutchie',
        headers: bearer(w.bShop.admin.token),
        payload: { apiKey: SIM_KEY_OTHER_STORE },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await getT()
        .database.db.select()
        .from(companies)
        .where(eq(companies.id, w.aShop.companyId));
      expect(row?.dutchieApiKeyEnc).toBe(w.aSealedKey);
    },
  };
}
