import { randomUUID } from 'node:crypto';
import type { TDashboardStats } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { asReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;

const get = (url: string, token = a.member.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const dashboard = async () => (await get('/api/stats/dashboard')).json() as TDashboardStats;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function product(body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: bearer(a.operator.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A completed audit through the reader protocol: `found` units read of each SKU's tag, whole catalogue. */
async function audit(reader: { token: string }, found: Record<string, { epc: string; units: number }>) {
  const start = await asReader(t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID() });
  const id = start.json().audit_id;
  const reads = Object.values(found).flatMap((f) => readsOf(f.epc, f.units));
  await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Stats Co');
});
afterAll(() => t.close());

describe('dashboard statistics', () => {
  it('an empty company answers zeros and empty lists', async () => {
    const d = await dashboard();
    expect(d.devices).toEqual({ online: 0, total: 0 });
    expect(d.latestAudit).toEqual({ id: null, tagsFound: 0, discrepancies: 0, accuracy: null });
    expect(d.audits).toMatchObject({ total: 0, successfulNoDiscrepancies: 0, failedWithDiscrepancies: 0 });
    expect(d.audits.averageAccuracy).toBeNull();
    expect(d.inventory).toEqual({
      totalInventoryCost: 0,
      totalProducts: 0,
      totalUnits: 0,
      totalVendors: 0,
      totalCategories: 0,
      lowStock: 0,
    });
    expect([d.lowStock, d.expiring, d.topProducts, d.recentAudits]).toEqual([[], [], [], []]);
    expect(d.pointOfSale).toBeNull();
  });

  it('computes the inventory overview, low stock and the 30-day expiring window', async () => {
    await product({
      name: 'Gummies',
      sku: 'GUM1',
      quantity: 10,
      unit_cost: 2.5,
      vendor: 'Acme',
      category: 'Edibles',
      min_stock_level: 2,
      expiration_date: day(2),
    });
    await product({
      name: 'Tincture',
      sku: 'TIN1',
      quantity: 3,
      unit_cost: 10.1,
      vendor: 'acme',
      category: 'Oils',
      min_stock_level: 5,
      expiration_date: day(30),
    });
    await product({
      name: 'Flower',
      sku: 'FLW1',
      quantity: 0,
      unit_cost: 7,
      vendor: 'Bloom',
      min_stock_level: 1,
      expiration_date: day(31),
    });
    await product({
      name: 'Vape',
      sku: 'VAP1',
      quantity: 4,
      unit_cost: 0.33,
      min_stock_level: 4,
      expiration_date: day(0),
    });
    const d = await dashboard();
    // 10 x 2.50 + 3 x 10.10 + 0 x 7 + 4 x 0.33 = 56.62; vendors ignore case; no category is not a category.
    expect(d.inventory).toEqual({
      totalInventoryCost: 56.62,
      totalProducts: 4,
      totalUnits: 17,
      totalVendors: 2,
      totalCategories: 2,
      lowStock: 3,
    });
    expect(d.lowStock.map((p) => [p.sku, p.quantity])).toEqual([
      ['FLW1', 0],
      ['TIN1', 3],
      ['VAP1', 4],
    ]);
    // Today and day 30 are in; day 31 is not; soonest first, with days left.
    expect(d.expiring.map((p) => [p.sku, p.days_left])).toEqual([
      ['VAP1', 0],
      ['GUM1', 2],
      ['TIN1', 30],
    ]);
    expect((await get('/api/stats/dashboard-inventory')).json()).toEqual({ inventory: d.inventory });
    expect((await get('/api/stats/dashboard-low-stock')).json()).toEqual(d.lowStock);
    expect((await get('/api/stats/dashboard-expiring')).json()).toEqual(d.expiring);
    expect((await get('/api/stats/dashboard-top-products?days=30')).json()).toEqual([]);
    // Nothing expires from an empty shelf: a product with no units left is not in the list.
    const gone = await product({ name: 'Sold Out Syrup', sku: 'SYR1', quantity: 0, expiration_date: day(1) });
    expect((await get('/api/stats/dashboard-expiring')).json()).toEqual(d.expiring);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${gone.id}`,
      headers: bearer(a.operator.token),
    });
    expect(removed.statusCode).toBe(200);
  });

  it('counts devices online, the latest audit, the 30-day split, trends and average accuracy', async () => {
    const reader = await pairReader(t, a);
    await pairReader(t, a); // paired but never heard from: offline
    await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: 80, signal_strength: 3 });
    const epc = async (sku: string) =>
      (await get(`/api/inventory?search=${sku}`, a.operator.token)).json().data[0].epc as string;
    const gum = await epc('GUM1');
    const tin = await epc('TIN1');
    const vap = await epc('VAP1');
    // Expected 17 units. First audit: everything found (accuracy 100). Second: 5 gummies short.
    const perfect = await audit(reader, {
      gum: { epc: gum, units: 10 },
      tin: { epc: tin, units: 3 },
      vap: { epc: vap, units: 4 },
    });
    const short = await audit(reader, {
      gum: { epc: gum, units: 5 },
      tin: { epc: tin, units: 3 },
      vap: { epc: vap, units: 4 },
    });
    expect(perfect.accuracy).toBe(100);
    expect(short.accuracy).toBe(Math.round(((17 - 5) * 100) / 17));
    // An audit older than the window counts in neither the split nor the trends.
    await t.database.db.execute(sql`
      INSERT INTO audits (company_id, client_audit_id, name, status, tags_found, tags_expected, discrepancies_count,
        accuracy, created_at, completed_at)
      VALUES (${a.companyId}, ${randomUUID()}, 'Old count', 'completed', 1, 10, 9, 10, now() - interval '40 days',
        now() - interval '40 days')`);

    const d = await dashboard();
    expect(d.devices).toEqual({ online: 1, total: 2 });
    expect(d.latestAudit).toEqual({
      id: short.id,
      tagsFound: 12,
      discrepancies: 5,
      accuracy: short.accuracy,
    });
    expect(d.audits).toMatchObject({
      total: 2,
      successfulNoDiscrepancies: 1,
      failedWithDiscrepancies: 1,
      totalDiscrepancies: 5,
      averageAccuracy: Math.round((100 + short.accuracy) / 2),
    });
    expect(d.audits.trends).toEqual([{ date: day(0), scanned: 17 + 12, discrepancies: 5 }]);
    expect(d.recentAudits.map((r) => r.id).slice(0, 2)).toEqual([short.id, perfect.id]);
    expect(d.recentAudits[0]).toMatchObject({
      device_name: expect.any(String),
      tags_found: 12,
      discrepancies_count: 5,
    });
    expect((await get('/api/stats/dashboard-quick')).json()).toEqual({
      devices: d.devices,
      latestAudit: d.latestAudit,
      audits: { total: 2, successfulNoDiscrepancies: 1, failedWithDiscrepancies: 1 },
    });
    const activity = (await get('/api/stats/dashboard-activity')).json();
    expect(activity.audits).toEqual({ trends: d.audits.trends, averageAccuracy: d.audits.averageAccuracy });
    expect(activity.recentActivity.length).toBeGreaterThan(0);
    expect(activity.recentActivity.length).toBeLessThanOrEqual(5);
    // The dashboard reads its figures in one statement (as JSON); the single calls read them one by one.
    expect(d.recentActivity).toEqual(activity.recentActivity);
    expect(d.recentAudits).toEqual(activity.recentAudits);
  });

  it('refuses a bad days window', async () => {
    for (const days of ['0', '366', 'x']) {
      const res = await get(`/api/stats/dashboard-top-products?days=${days}`);
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        'days must be a whole number from 1 to 365',
      ]);
    }
  });
});
