import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditWindow } from './stats.repo.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

/** What the trigger-kept counters say, beside the same figures counted from the products themselves. */
async function kept(companyId: number) {
  const r = await t.database.db.execute(sql`
    SELECT
      (SELECT json_build_object('total', total, 'low', low_stock, 'out', out_of_stock, 'units', total_units,
         'cost', total_cost::text) FROM inventory_counters WHERE company_id = ${companyId}) AS kept,
      (SELECT json_build_object('total', count(*), 'low', count(*) FILTER (WHERE status = 'low-stock'),
         'out', count(*) FILTER (WHERE status = 'out-of-stock'), 'units', coalesce(sum(quantity), 0),
         'cost', coalesce(sum(quantity * unit_cost), 0)::numeric(20,2)::text) FROM products WHERE company_id = ${companyId}) AS counted,
      (SELECT coalesce(json_agg(json_build_array(kind, value, products) ORDER BY kind, value), '[]')
         FROM inventory_facets WHERE company_id = ${companyId}) AS facets,
      (SELECT coalesce(json_agg(json_build_array(kind, value, n) ORDER BY kind, value), '[]') FROM (
         SELECT 'category' AS kind, lower(category) AS value, count(*)::int AS n FROM products
         WHERE company_id = ${companyId} AND category IS NOT NULL GROUP BY 2
         UNION ALL
         SELECT 'vendor', lower(vendor), count(*)::int FROM products
         WHERE company_id = ${companyId} AND vendor IS NOT NULL GROUP BY 2) x) AS counted_facets
  `);
  return r.rows[0] as { kept: unknown; counted: unknown; facets: unknown; counted_facets: unknown };
}

async function expectCountersRight(companyId: number) {
  const k = await kept(companyId);
  expect(k.kept).toEqual(k.counted);
  expect(k.facets).toEqual(k.counted_facets);
}

const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Counter Co');
  b = await createTenant(t, 'Other Counter Co');
});
afterAll(() => t.close());

describe('trigger-kept inventory counters', () => {
  it('agree with a count of the products after inserts, edits, imports, deletes and a company going away', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api('POST', '/api/inventory', {
        name: `P${i}`,
        sku: `CT${i}`,
        quantity: i * 3,
        min_stock_level: 4,
        unit_cost: 1.1 * i,
        vendor: i % 2 ? 'Acme' : 'ACME',
        category: i < 3 ? 'Flower' : null,
      });
      ids.push(res.json().id);
    }
    await expectCountersRight(a.companyId);
    await api('PUT', `/api/inventory/${ids[1]}`, {
      name: 'P1',
      sku: 'CT1',
      quantity: 0,
      vendor: 'Bloom',
      category: 'Oils',
    });
    await api('DELETE', `/api/inventory/${ids[2]}`);
    await expectCountersRight(a.companyId);
    // One statement touching many rows of two companies at once.
    await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(b.operator.token),
      payload: { name: 'B', sku: 'CT1', quantity: 2, vendor: 'Acme' },
    });
    await t.database.db.execute(
      sql`UPDATE products SET quantity = quantity + 1, unit_cost = unit_cost + 0.5`,
    );
    await expectCountersRight(a.companyId);
    await expectCountersRight(b.companyId);
    await t.database.db.execute(sql`DELETE FROM products WHERE vendor IS NULL OR lower(vendor) = 'bloom'`);
    await expectCountersRight(a.companyId);
    await t.database.db.execute(sql`DELETE FROM companies WHERE id = ${b.companyId}`);
    const gone = await t.database.db.execute(
      sql`SELECT (SELECT count(*) FROM inventory_facets WHERE company_id = ${b.companyId})::int AS n`,
    );
    expect(gone.rows[0]).toEqual({ n: 0 });
    await expectCountersRight(a.companyId);
  });
});

/** The 30-day window and trends counted straight from the audits: what the audit_days rollup must agree with. */
async function countedWindow(companyId: number) {
  const r = await t.database.db.execute(sql`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE discrepancies_count = 0)::int AS clean,
      coalesce(sum(discrepancies_count), 0)::int AS units_off, round(avg(accuracy))::int AS avg,
      (SELECT coalesce(json_agg(json_build_object('date', d, 'scanned', s, 'discrepancies', x) ORDER BY d), '[]')
       FROM (SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS d, sum(tags_found)::int AS s,
         sum(discrepancies_count)::int AS x FROM audits
         WHERE company_id = ${companyId} AND status = 'completed' AND created_at >= now() - interval '30 days'
         GROUP BY 1) t) AS trends
    FROM audits
    WHERE company_id = ${companyId} AND status = 'completed' AND created_at >= now() - interval '30 days'
  `);
  const row = r.rows[0] as {
    total: number;
    clean: number;
    units_off: number;
    avg: number | null;
    trends: unknown;
  };
  return {
    window: {
      total: row.total,
      clean: row.clean,
      off: row.total - row.clean,
      unitsOff: row.units_off,
      averageAccuracy: row.avg,
    },
    trends: row.trends,
  };
}

async function expectWindowRight(companyId: number) {
  const counted = await countedWindow(companyId);
  const { trends, ...window } = await auditWindow(t.database.db, companyId);
  expect(window).toEqual(counted.window);
  expect(trends).toEqual(counted.trends);
}

describe('the trigger-kept audit_days rollup', () => {
  it('gives the same 30-day figures and trends as the audits themselves, at the window edge too', async () => {
    const c = await createTenant(t, 'Rollup Co');
    const hoursAgo = [
      1,
      5,
      30,
      24 * 7,
      24 * 29 + 23,
      24 * 30 - 1,
      24 * 30 - 0.2,
      24 * 30 + 0.2,
      24 * 30 + 3,
      24 * 45,
    ];
    // One statement inserting audits of two companies: completed, in progress and failed, with and without accuracy.
    await t.database.db.execute(sql`
      INSERT INTO audits (company_id, client_audit_id, name, status, tags_found, tags_expected, discrepancies_count,
        accuracy, created_at, completed_at)
      SELECT co, gen_random_uuid(), 'A' || i, CASE WHEN i % 5 = 4 THEN 'in_progress' ELSE 'completed' END,
        10 + i, 20, i % 3, CASE WHEN i % 4 = 3 THEN NULL ELSE 60 + i END,
        now() - make_interval(secs => h * 3600), now() - make_interval(secs => h * 3600)
      FROM unnest(${`{${hoursAgo.join(',')}}`}::float8[]) WITH ORDINALITY AS x(h, i),
        unnest(${`{${c.companyId},${a.companyId}}`}::int[]) AS co
    `);
    await expectWindowRight(c.companyId);
    await expectWindowRight(a.companyId);
    // Audits finishing, a count corrected, one moved across the edge, one deleted.
    await t.database.db.execute(
      sql`UPDATE audits SET status = 'completed' WHERE company_id = ${c.companyId}`,
    );
    await t.database.db.execute(
      sql`UPDATE audits SET discrepancies_count = 0, accuracy = 100 WHERE company_id = ${c.companyId} AND name = 'A2'`,
    );
    await t.database.db.execute(
      sql`UPDATE audits SET created_at = now() - interval '31 days' WHERE company_id = ${c.companyId} AND name = 'A1'`,
    );
    await t.database.db.execute(sql`DELETE FROM audits WHERE company_id = ${c.companyId} AND name = 'A3'`);
    await t.database.db.execute(
      sql`UPDATE audits SET comments = 'checked' WHERE company_id = ${c.companyId} AND name = 'A4'`,
    );
    await expectWindowRight(c.companyId);
    const single = randomUUID();
    await t.database.db.execute(sql`
      INSERT INTO audits (company_id, client_audit_id, name, status, tags_found, discrepancies_count, accuracy)
      VALUES (${c.companyId}, ${single}, 'Now', 'completed', 7, 2, 90)`);
    await expectWindowRight(c.companyId);
    await t.database.db.execute(sql`DELETE FROM companies WHERE id = ${c.companyId}`);
    const gone = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_days WHERE company_id = ${c.companyId}`,
    );
    expect(gone.rows[0]).toEqual({ n: 0 });
    await expectWindowRight(a.companyId);
  });
});
