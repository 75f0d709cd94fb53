import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  TAudit,
  TAuditListResponse,
  TDashboardStats,
  TDevice,
  TDiscrepancy,
  TInventoryListResponse,
  TLocation,
  TMovementHistory,
  TProduct,
  TTeamMember,
} from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { DUTCHIE_DEFAULTS } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type DutchieSimProcess, startDutchieSim } from '../test/dutchie-sim.ts';
import { openTestDatabase, testConfig } from '../test/test-app.ts';
import { expectEveryCapability, expectPackageCount } from './demo-capabilities.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { COMPANY, DEMO_PASSWORD, DUTCHIE_COMPANY, PEOPLE, READERS } from './demo-data.ts';
import { type SeedResult, seedDemo } from './seed.ts';

/**
 * The demo's seeding on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), small, then every page's
 * main figures read back through the API: present, and agreeing with each other and with what was seeded.
 */

const PRODUCTS = 160;
const DAYS = 40;

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let sim: DutchieSimProcess;
let dataDir: string;
let seeded: SeedResult;
let token: string;

const get = async <T>(url: string, as = token): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as}` } });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return (res.headers['content-type']?.toString().includes('json') ? res.json() : res.body) as T;
};

async function signIn(email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const byLocation = (a: { location?: string }, b: { location?: string }) =>
  (a.location ?? '').localeCompare(b.location ?? '');
/** The audits the showcase made today (a receipt, a count while trading, a team count), beside the history. */
const isShowcase = (a: { id: number }) => seeded.showcase?.auditIds.includes(a.id) ?? false;

/** What moved each product's stock since the import (sales, applied counts, receipts, transfers), by place. */
async function movedSinceImport(productId: number): Promise<Map<number | null, number>> {
  const moved = new Map<number | null, number>();
  const history = await get<TMovementHistory>(`/api/inventory/${productId}/movements?limit=500`);
  for (const m of history.data.filter((x) => x.reason !== 'import')) {
    moved.set(m.location_id, (moved.get(m.location_id) ?? 0) + m.delta);
  }
  return moved;
}

async function allAudits(): Promise<TAudit[]> {
  const audits: TAudit[] = [];
  for (let page = 1; ; page++) {
    const body = await get<TAuditListResponse>(`/api/audits?limit=100&page=${page}`);
    audits.push(...body.data);
    if (!body.pagination.hasNext) return audits;
  }
}

beforeAll(async () => {
  sim = await startDutchieSim(['--packages', '60']);
  dataDir = mkdtempSync(join(tmpdir(), 'quantics-demo-seed-'));
  ({ database, drop } = await openTestDatabase());
  app = await buildApp(testConfig({ dataDir, dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url } }), {
    database,
    logger: false,
  });
  await app.ready();
  seeded = await seedDemo(app, { products: PRODUCTS, days: DAYS });
  token = await signIn(PEOPLE.admin.email);
}, 600_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo seed', () => {
  it('signs the admin in to the local-catalogue company, which has a Dutchie sibling', async () => {
    const me = await get<{ company: string; inventory_type: string; name: string }>('/api/auth/me');
    expect(me).toMatchObject({ company: COMPANY, inventory_type: 'manual', name: PEOPLE.admin.name });
    const companies = await get<{ id: number; name: string; role: string }[]>('/api/team/companies');
    expect(companies.map((c) => [c.name, c.role]).sort()).toEqual([
      [DUTCHIE_COMPANY, 'admin'],
      [COMPANY, 'admin'],
    ]);
  });

  it('gives the dashboard a catalogue whose counts equal the inventory page and the company card', async () => {
    const dash = await get<TDashboardStats>('/api/stats/dashboard');
    const list = await get<TInventoryListResponse>('/api/inventory?limit=5');
    const company = await get<{ products: number; devices: number; audits: number; users: number }>(
      `/api/companies/${seeded.companyId}/stats`,
    );
    expect(seeded.products).toBe(PRODUCTS + 3);
    expect(dash.inventory.totalProducts).toBe(seeded.products);
    expect(list.summary.total).toBe(seeded.products);
    expect(company.products).toBe(seeded.products);
    expect(list.summary.inStock + list.summary.lowStock + list.summary.outOfStock).toBe(seeded.products);
    expect(list.summary.lowStock).toBeGreaterThan(0);
    expect(list.summary.outOfStock).toBeGreaterThan(0);
    expect(dash.inventory.lowStock).toBe(list.summary.lowStock + list.summary.outOfStock);
    expect(dash.inventory.totalUnits).toBeGreaterThan(seeded.products);
    expect(dash.inventory.totalInventoryCost).toBeGreaterThan(0);
    expect(dash.inventory.totalVendors).toBeGreaterThan(5);
    expect(dash.inventory.totalCategories).toBe(8);
    expect(dash.lowStock.length).toBeGreaterThan(0);
    expect(dash.expiring.length).toBeGreaterThan(0);
    expect(dash.expiring.every((e) => e.days_left >= 0 && e.days_left <= 30)).toBe(true);
    expect(company.users).toBe(3);
    expect(company.devices).toBe(READERS.length + (seeded.showcase?.devices.length ?? 0));
  });

  it('gives the dashboard audit figures that equal the audit history', async () => {
    const dash = await get<TDashboardStats>('/api/stats/dashboard');
    const audits = await allAudits();
    const completed = audits.filter((a) => a.status === 'completed');
    expect(completed.filter((a) => !isShowcase(a))).toHaveLength(seeded.audits.completed);
    expect(audits.filter((a) => a.status === 'failed')).toHaveLength(seeded.audits.failed);
    expect(seeded.audits.failed).toBeGreaterThan(0);
    const summary = (await get<TAuditListResponse>('/api/audits')).summary;
    expect(summary.total).toBe(audits.length);
    expect(summary.completed).toBe(completed.length);
    expect(summary.discrepancies).toBe(completed.reduce((n, a) => n + a.discrepancies_count, 0));
    const company = await get<{ audits: number }>(`/api/companies/${seeded.companyId}/stats`);
    expect(company.audits).toBe(audits.length);

    // History reaches back over the whole period, one or two audits a day.
    const oldest = Math.min(...audits.map((a) => Date.parse(a.created_at)));
    expect(Date.now() - oldest).toBeGreaterThan((DAYS - 1) * 86_400_000);
    const month = completed.filter((a) => Date.parse(a.created_at) >= Date.now() - 30 * 86_400_000);
    expect(dash.audits.total).toBe(month.length);
    expect(dash.audits.successfulNoDiscrepancies).toBe(
      month.filter((a) => a.discrepancies_count === 0).length,
    );
    expect(dash.audits.successfulNoDiscrepancies).toBeGreaterThan(0);
    expect(dash.audits.failedWithDiscrepancies).toBeGreaterThan(0);
    expect(dash.audits.trends.length).toBeGreaterThan(20);
    expect(dash.audits.trends.reduce((n, t) => n + t.scanned, 0)).toBe(
      month.reduce((n, a) => n + a.tags_found, 0),
    );
    expect(dash.audits.totalDiscrepancies).toBe(month.reduce((n, a) => n + a.discrepancies_count, 0));
    const latest = completed.reduce((a, b) => (Date.parse(b.created_at) > Date.parse(a.created_at) ? b : a));
    expect(dash.latestAudit).toMatchObject({ id: latest.id, tagsFound: latest.tags_found });
    expect(dash.recentActivity.some((e) => e.performer_type === 'device')).toBe(true);
    expect(dash.recentActivity.some((e) => e.type === 'inventory' && e.sku)).toBe(true);
  });

  it('has discrepancies of every type, and comments on some audits', async () => {
    const audits = await allAudits();
    const types = new Set<string>();
    for (const a of audits.filter((x) => x.discrepancies_count + x.misplaced_count + x.unknown_count > 0)) {
      for (const d of await get<TDiscrepancy[]>(`/api/audits/${a.id}/discrepancies`))
        types.add(d.discrepancy_type);
    }
    expect([...types].sort()).toEqual(['misplaced', 'overage', 'shortage', 'unknown']);
    expect(audits.filter((a) => a.comments).length).toBeGreaterThan(0);
  });

  it('fills devices, locations, team, reports and Tallie', async () => {
    const devices = await get<TDevice[]>('/api/devices');
    expect(devices.map((d) => d.name).sort()).toEqual(
      [...READERS.map((r) => r.name), ...(seeded.showcase?.devices ?? [])].sort(),
    );
    expect(devices.find((d) => d.serial_number === READERS[1].serial)?.status).toBe('warning');

    const locations = await get<TLocation[]>('/api/locations');
    expect(locations.filter((l) => l.parent_location_id === null)).toHaveLength(4);
    expect(locations.some((l) => l.path === 'Seattle Store > Backroom > Rack A')).toBe(true);
    // Kinds (issue 52): the sites and their rooms, nothing left for an admin to confirm.
    const kindOf = (path: string) => locations.find((l) => l.path === path)?.kind;
    expect(kindOf('Seattle Store')).toBe('store');
    expect(kindOf('Seattle Store > Sales Floor')).toBe('sales_floor');
    expect(kindOf('Seattle Store > Backroom')).toBe('stockroom');
    expect(kindOf('Central Warehouse > Receiving')).toBe('dock');
    expect(locations.filter((l) => l.kind_suggestion)).toEqual([]);

    const members = await get<TTeamMember[]>('/api/team/members');
    expect(members.map((m) => `${m.role}:${m.status}`).sort()).toEqual(
      ['admin:active', 'member:active', 'operator:active', 'operator:pending'].sort(),
    );

    // The inventory report has a line per product and place.
    const csv = await get<string>('/api/reports/inventory.csv');
    const rows = (await get<TInventoryListResponse>('/api/inventory?limit=1000')).data.reduce(
      (n, p) => n + p.stock.length,
      0,
    );
    // The seeded places, and those a receipt or a count added since (a shipment's units on the dock).
    expect(rows).toBeGreaterThanOrEqual(seeded.places);
    expect(csv.trim().split('\n')).toHaveLength(rows + 1);

    const conversations = await get<{ id: number; title: string }[]>('/api/chat/conversations');
    expect(conversations).toHaveLength(seeded.conversations);
    const messages = await get<{ sender: string; content: string }[]>(
      `/api/chat/conversations/${conversations[0]?.id}/messages`,
    );
    expect(messages.filter((m) => m.sender === 'assistant').every((m) => m.content.length > 20)).toBe(true);
  });

  it("keeps the chain's items as one product each, stocked in several stores", async () => {
    const products: TProduct[] = [];
    for (let page = 1; ; page++) {
      const body = await get<TInventoryListResponse>(`/api/inventory?limit=100&page=${page}`);
      products.push(...body.data);
      if (!body.pagination.hasNext) break;
    }
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    const paths = new Map((await get<TLocation[]>('/api/locations')).map((l) => [l.id, l.path]));
    const storesOf = (p: TProduct) =>
      new Set(p.stock.map((s) => paths.get(s.location_id ?? 0)?.split(' > ')[0]));
    const chain = products.filter((p) => storesOf(p).size === 3);
    expect(chain.length).toBeGreaterThan(products.length / 4);
    const seededAs = new Map(demoCatalogue(PRODUCTS).map((p) => [p.sku, p.places]));
    const ids = new Map([...paths].map(([id, path]) => [path, id]));
    // Each place holds what was imported there plus what moved it since (the books are the sum of the moves).
    const now = new Map<string, { location: string; quantity: number }[]>();
    let untouched = 0;
    for (const p of products.filter((x) => seededAs.has(x.sku))) {
      const moved = await movedSinceImport(p.id);
      if (moved.size === 0) untouched += 1;
      const stock = p.stock.map((s) => ({ location: paths.get(s.location_id ?? 0), quantity: s.quantity }));
      const places = seededAs.get(p.sku) ?? [];
      const expected = places.map((s) => ({
        location: s.location,
        quantity: s.quantity + (moved.get(ids.get(s.location) ?? null) ?? 0),
      }));
      for (const [id, delta] of moved) {
        const path = paths.get(id ?? 0) as string;
        if (!places.some((s) => s.location === path)) expected.push({ location: path, quantity: delta });
      }
      expect(stock.sort(byLocation), p.sku).toEqual(expected.sort(byLocation));
      expect(p.quantity).toBe(expected.reduce((n, s) => n + s.quantity, 0));
      expect(paths.get(p.location_id ?? 0)).toBe(places[0]?.location);
      now.set(p.sku, expected);
    }
    // Sales, reviews and receipts moved some; most are as imported.
    expect(untouched).toBeGreaterThan(0);
    expect(untouched).toBeLessThan(products.length);
    // A store's page: its products, each with its units in that store.
    const seattle = [...paths].find(([, path]) => path === 'Seattle Store')?.[0];
    const there = await get<TInventoryListResponse>(`/api/inventory?location_id=${seattle}&limit=1000`);
    expect(there.data.length).toBeGreaterThan(0);
    for (const p of there.data.filter((x) => now.has(x.sku))) {
      const inStore = (now.get(p.sku) ?? []).filter((s) => s.location.startsWith('Seattle Store > '));
      expect(p.location_quantity, p.sku).toBe(inStore.reduce((n, s) => n + s.quantity, 0));
    }
  });

  it("counts a place against its stock rows: a product's tag read where it has no stock is misplaced", async () => {
    const paths = new Map((await get<TLocation[]>('/api/locations')).map((l) => [l.id, l.path]));
    const places = new Map(demoCatalogue(PRODUCTS).map((p) => [p.sku, p.places]));
    // The history's counts (the showcase's are set against stock that sales and reviews moved since).
    const audits = (await allAudits()).filter(
      (a) => a.status === 'completed' && a.discrepancies_count > 0 && !isShowcase(a),
    );
    let misplaced = 0;
    for (const a of audits) {
      const leaf = paths.get(a.location_id ?? 0);
      for (const d of await get<TDiscrepancy[]>(`/api/audits/${a.id}/discrepancies`)) {
        const here = places.get(d.product_sku ?? '')?.find((s) => s.location === leaf);
        if (d.discrepancy_type === 'misplaced') {
          misplaced += 1;
          expect(here, `${d.product_sku} at ${leaf}`).toBeUndefined();
        } else if (d.discrepancy_type !== 'unknown') {
          expect(d.expected_quantity, `${d.product_sku} at ${leaf}`).toBe(here?.quantity);
        }
      }
    }
    expect(misplaced).toBeGreaterThan(0);
  });

  it('shows every capability on its data, as after months of use (issue 54)', async () => {
    await expectEveryCapability(get, { days: DAYS });
  });

  it("shows the Dutchie stand-in's store after switching company", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/team/switch-company',
      headers: { authorization: `Bearer ${token}` },
      payload: { companyId: seeded.dutchieCompanyId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dutchie = await get<{ data: unknown[]; pagination: { totalItems: number } }>(
      '/api/dutchie-inventory',
      res.json().token,
    );
    expect(dutchie.data.length).toBeGreaterThan(0);
    expect(dutchie.pagination.totalItems).toBeGreaterThan(20);
    await expectPackageCount((url) => get(url, res.json().token));
  });
});
