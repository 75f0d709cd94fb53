import { randomUUID } from 'node:crypto';
import type { TDashboardStats, TDiscrepancy } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../lib/multipart-body.ts';
import { bearer } from '../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  type PairedReader,
  pairReader,
  readsOf,
} from '../../test/readers.ts';
import { addPerson, createTenant, type Person, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import * as stats from './stats.service.ts';

/**
 * The dashboard keeps its settled figures under the company's dashboard version (dashboard-cache.ts): every kind of
 * change that moves them must show on the very next view. After each change the view through the API (cached) must
 * equal the same figures read without the cache, and the figure the change moved must have moved.
 */

let t: TestApp;
let a: Tenant;
let secondAdmin: Person;
let reader: PairedReader;
let shelf: number;
let epcs: Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const view = async () => {
  const res = await call('GET', '/api/stats/dashboard', a.member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TDashboardStats;
};
/** The same figures read without any cache, as JSON. */
const uncached = async () =>
  JSON.parse(
    JSON.stringify(await stats.dashboard({ db: t.app.db, clock: t.app.audits }, a.companyId, 30)),
  ) as TDashboardStats;
/** A view, checked against the uncached figures. */
async function fresh() {
  const d = await view();
  expect(d).toEqual(await uncached());
  return d;
}
const cacheStats = () => t.app.dashboard.stats;

async function startCount(name: string) {
  return (
    await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name,
      location_id: shelf,
    })
  ).json().audit_id as number;
}
async function finish(id: number, found: Record<string, number>) {
  const reads = Object.entries(found).flatMap(([sku, n]) => readsOf(epcs[sku] as string, n));
  expect(
    (await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads })).statusCode,
  ).toBe(200);
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
}
const lineOf = async (id: number, sku: string) =>
  ((await call('GET', `/api/audits/${id}/discrepancies`, a.member.token)).json() as TDiscrepancy[]).find(
    (l) => l.product_sku === sku,
  ) as TDiscrepancy;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Dashboard Cache Co');
  secondAdmin = await addPerson(t, a.companyId, 'admin', 'Second Admin');
  reader = await pairReader(t, a, 'SN-DASH-CACHE');
  shelf = await addLocation(t, a.companyId, 'Front shelf');
  const rows = await addProducts(t, a.companyId, [
    { sku: 'APPLE', quantity: 10, locationId: shelf },
    { sku: 'PEAR', quantity: 10, locationId: shelf },
  ]);
  epcs = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc as string]));
});
afterAll(() => t.close());

describe('the dashboard under its version', () => {
  it('answers a second view from memory, and shows each change to the catalogue at once', async () => {
    const first = await fresh();
    expect(first.inventory).toMatchObject({ totalProducts: 2, totalUnits: 20 });
    const before = cacheStats();
    expect(await fresh()).toEqual(first);
    expect(cacheStats().hits).toBe(before.hits + 1);

    // Created.
    const plumBody = {
      name: 'Plum',
      sku: 'PLUM',
      quantity: 4,
      unit_cost: 2,
      vendor: 'Orchard',
      category: 'Fruit',
      min_stock_level: 1,
    };
    const created = await call('POST', '/api/inventory', a.operator.token, plumBody);
    expect(created.statusCode, created.body).toBe(201);
    const plum = created.json().id as number;
    expect((await fresh()).inventory).toMatchObject({
      totalProducts: 3,
      totalUnits: 24,
      totalInventoryCost: 8,
      totalVendors: 1,
      totalCategories: 1,
    });

    // Quantity changed: out of stock, on the low-stock list.
    let current: object = plumBody;
    const edit = (change: object) => {
      current = { ...current, ...change };
      return call('PUT', `/api/inventory/${plum}`, a.operator.token, current);
    };
    expect((await edit({ quantity: 0 })).statusCode).toBe(200);
    let d = await fresh();
    expect(d.inventory).toMatchObject({ totalUnits: 20, lowStock: 1 });
    expect(d.lowStock.map((p) => p.sku)).toEqual(['PLUM']);

    // Back in stock with an expiry next week: on the expiring list.
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await edit({ quantity: 5, expiration_date: soon })).statusCode).toBe(200);
    d = await fresh();
    expect(d.lowStock).toEqual([]);
    expect(d.expiring.map((p) => [p.sku, p.expiration_date])).toEqual([['PLUM', soon]]);

    // Renamed and moved to another vendor.
    expect((await edit({ name: 'Damson', vendor: 'Grove' })).statusCode).toBe(200);
    d = await fresh();
    expect(d.expiring[0]?.name).toBe('Damson');

    // Deleted.
    expect((await call('DELETE', `/api/inventory/${plum}`, a.operator.token)).statusCode).toBe(200);
    d = await fresh();
    expect(d.inventory).toMatchObject({ totalProducts: 2, totalUnits: 20, totalVendors: 0 });
    expect(d.expiring).toEqual([]);

    // Imported.
    const body = multipartBody('Product Name,SKU,Unit Cost,QTY\r\nFig,FIG1,1,3\r\nDate,DATE1,1,2\r\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: { ...bearer(a.operator.token), ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await fresh()).inventory).toMatchObject({ totalProducts: 4, totalUnits: 25 });
  });

  it('keeps a count in progress live without reading the settled figures again, and shows it once completed', async () => {
    const id = await startCount('Morning count');
    const reads = readsOf(epcs.APPLE as string, 3);
    expect(
      (await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads })).statusCode,
    ).toBe(200);
    await fresh();
    const before = cacheStats();
    const live = await fresh();
    // Its reads moved the recent audits, not the version: answered from memory.
    expect(cacheStats()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
    expect(live.recentAudits[0]).toMatchObject({ id, status: 'in_progress' });
    expect(live.latestAudit.id).toBeNull();

    const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
    expect(done.statusCode, done.body).toBe(200);
    const d = await fresh();
    expect(d.latestAudit).toMatchObject({ id, tagsFound: 3 });
    expect(d.audits).toMatchObject({ total: 1, failedWithDiscrepancies: 1 });
    expect(d.audits.trends.at(-1)?.scanned).toBe(3);
  });

  it('shows counts applied, and a recount merged into the first count', async () => {
    await t.app.db.execute(sql`UPDATE products SET quantity = 10 WHERE company_id = ${a.companyId}`);
    const id = await startCount('Weekly count');
    await finish(id, { APPLE: 6, PEAR: 10 });
    let d = await fresh();
    expect(d.latestAudit).toMatchObject({ id, tagsFound: 16 });
    const unitsBefore = d.inventory.totalUnits;

    // Counts applied: APPLE's 10 become 6.
    const applied = await call('POST', `/api/audits/${id}/apply-counts`, a.operator.token, {
      reason: 'Cycle count',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    d = await fresh();
    expect(d.inventory.totalUnits).toBe(unitsBefore - 4);

    // A recount of PEAR, found short this time: the first count's totals change with it.
    await t.app.db.execute(sql`UPDATE products SET quantity = 10 WHERE company_id = ${a.companyId}`);
    const second = await startCount('Second count');
    await finish(second, { APPLE: 10, PEAR: 4 });
    const pear = await lineOf(second, 'PEAR');
    await call('PUT', `/api/companies/${a.companyId}/count-policy`, a.admin.token, {
      approval_units: 1,
      approval_value: null,
    });
    const reviewed = await call('POST', `/api/audits/${second}/review`, secondAdmin.token, {
      lines: [{ discrepancy_id: pear.id, decision: 'recount' }],
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    d = await fresh();
    const scannedBefore = d.audits.trends.reduce((s, x) => s + x.scanned, 0);
    const recount = await call('POST', `/api/audits/${second}/recount`, a.operator.token, {
      device_id: reader.deviceId,
    });
    expect(recount.statusCode, recount.body).toBe(201);
    await finish(recount.json().id, { PEAR: 10 });
    d = await fresh();
    // The recount itself (10 read) and the first count's PEAR line now found 10 instead of 4.
    expect(d.audits.trends.reduce((s, x) => s + x.scanned, 0)).toBe(scannedBefore + 10 + 6);
    expect(d.latestAudit.id).toBe(recount.json().id);
  });

  it('sees a change made outside this instance (another server, SQL) on the next view', async () => {
    await fresh();
    await t.app.db.execute(
      sql`UPDATE products SET quantity = quantity + 100 WHERE company_id = ${a.companyId}`,
    );
    const d = await fresh();
    expect(d.inventory.totalUnits).toBeGreaterThanOrEqual(200);
    await t.app.db.execute(
      sql`UPDATE audits SET accuracy = 1 WHERE company_id = ${a.companyId} AND status = 'completed'`,
    );
    expect((await fresh()).audits.averageAccuracy).toBe(1);
    await t.app.db.execute(sql`DELETE FROM audits WHERE company_id = ${a.companyId}`);
    const empty = await fresh();
    expect(empty.latestAudit.id).toBeNull();
    expect(empty.audits.total).toBe(0);
  });

  it("drops an audit from the remembered window's first day as soon as it leaves the 30 days", async () => {
    const total = async () => (await view()).audits.total;
    const before = (await fresh()).audits.total;
    // Completed 30 days ago less two seconds: in the window's partial first day, for two more seconds.
    await t.app.db.execute(sql`
      INSERT INTO audits (company_id, client_audit_id, name, status, tags_expected, tags_found, expected_count,
        discrepancies_count, accuracy, created_at, completed_at)
      VALUES (${a.companyId}, ${randomUUID()}, 'Leaving', 'completed', 5, 5, 1, 0, 100,
        now() - interval '30 days' + interval '2 seconds', now() - interval '30 days' + interval '2 seconds')`);
    expect(await total()).toBe(before + 1);
    const hits = cacheStats().hits;
    expect(await total()).toBe(before + 1);
    expect(cacheStats().hits).toBe(hits + 1);
    // The version has not moved, yet the view must let it go once its time is up.
    const deadline = Date.now() + 10_000;
    while ((await total()) !== before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await total()).toBe(before);
    expect(await fresh()).toEqual(await uncached());
  });

  it('does not show one company the figures of another', async () => {
    const b = await createTenant(t, 'Neighbour Co');
    await addProducts(t, b.companyId, [{ sku: 'OTHER', quantity: 7 }]);
    const mine = await fresh();
    const theirs = (await call('GET', '/api/stats/dashboard', b.member.token)).json() as TDashboardStats;
    expect(theirs.inventory).toMatchObject({ totalProducts: 1, totalUnits: 7 });
    expect(mine.inventory.totalProducts).not.toBe(1);
  });
});
