import { API_KEY_MESSAGES, API_MESSAGES, type TApiKeyScope } from '@quantics/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/crypto.ts';
import { bearer } from '../../test/factories.ts';
import { addProducts, completeShelfAudit } from '../../test/readers.ts';
import { addPlace, addStockedProduct } from '../../test/stock-places.ts';
import { createTenant, freshToken, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// What an API key may call: the routes of its scopes, for its own company, at its rate. Creating and revoking keys:
// api-keys.test.ts.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let aProductId: number;
let bProductId: number;
let aAuditId: number;
let bAuditId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Scope A');
  b = await createTenant(t, 'Scope B');
  aProductId = (await addProducts(t, a.companyId, [{ sku: 'KEYA1', quantity: 4 }])).KEYA1?.id as number;
  bProductId = (await addProducts(t, b.companyId, [{ sku: 'KEYB1', quantity: 9 }])).KEYB1?.id as number;
  aAuditId = (await completeShelfAudit(t, a, 'A shelf', 2, 1)).id;
  bAuditId = (await completeShelfAudit(t, b, 'B shelf', 2, 1)).id;
});
afterAll(() => t.close());

async function keyOf(tenant: Tenant, scopes: TApiKeyScope[], name = 'Till 1'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: bearer(tenant.admin.token),
    payload: { name, scopes },
  });
  expect(res.statusCode).toBe(201);
  return res.json().key;
}
const call = (
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
const refusal = (res: { statusCode: number; json: () => { message: string } }) => [
  res.statusCode,
  res.json().message,
];

describe('a key with inventory:read', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyOf(a, ['inventory:read']);
  });

  it("reads its company's catalogue, products and locations", async () => {
    const listed = await call(key, 'GET', '/api/inventory');
    expect(listed.statusCode).toBe(200);
    const skus = listed.json().data.map((p: { sku: string }) => p.sku);
    expect(skus).toContain('KEYA1');
    expect(skus).not.toContain('KEYB1');
    const one = await call(key, 'GET', `/api/inventory/${aProductId}`);
    expect([one.statusCode, one.json().quantity]).toEqual([200, 4]);
    expect((await call(key, 'GET', '/api/locations')).statusCode).toBe(200);
    const csv = await call(key, 'GET', '/api/inventory/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('KEYA1');
  });

  it("finds nothing of another company's (404, as for an id that does not exist)", async () => {
    const foreign = await call(key, 'GET', `/api/inventory/${bProductId}`);
    const unknown = await call(key, 'GET', '/api/inventory/999999');
    expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(foreign.statusCode).toBe(404);
    expect((await call(key, 'GET', '/api/inventory?search=KEYB1')).json().data).toEqual([]);
  });

  it('is refused 403 on the routes of other scopes, and on routes no key may call', async () => {
    const product = { name: 'Jar', sku: 'JAR1', quantity: 1 };
    expect(refusal(await call(key, 'POST', '/api/inventory', product))).toEqual([
      403,
      API_KEY_MESSAGES.missingScope('inventory:write'),
    ]);
    expect(refusal(await call(key, 'DELETE', `/api/inventory/${aProductId}`))).toEqual([
      403,
      API_KEY_MESSAGES.missingScope('inventory:write'),
    ]);
    expect(refusal(await call(key, 'GET', '/api/audits'))).toEqual([
      403,
      API_KEY_MESSAGES.missingScope('audits:read'),
    ]);
    expect(refusal(await call(key, 'GET', '/api/reports/inventory.csv'))).toEqual([
      403,
      API_KEY_MESSAGES.missingScope('reports:read'),
    ]);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/team/members'],
      ['POST', '/api/locations'],
      ['GET', '/api/settings/profile'],
      ['GET', '/api/stats/dashboard'],
      ['POST', `/api/audits/${aAuditId}/apply-counts`],
    ] as const) {
      expect(refusal(await call(key, method, url, method === 'GET' ? undefined : {})), url).toEqual([
        403,
        API_KEY_MESSAGES.routeNotForKeys,
      ]);
    }
    expect((await call(key, 'GET', `/api/inventory/${aProductId}`)).json().quantity).toBe(4);
  });

  it('opens neither the reader routes (a device token) nor anything on a public route', async () => {
    const heartbeat = await call(key, 'POST', '/api/rfid/heartbeat', {});
    expect(heartbeat.statusCode).toBe(401);
    expect((await call(key, 'GET', '/api/health')).statusCode).toBe(200);
  });
});

describe('unknown keys', () => {
  it.each(['qk_', 'qk_nope', `qk_${'A'.repeat(43)}`])('%s is 401', async (key) => {
    expect(refusal(await call(key, 'GET', '/api/inventory'))).toEqual([401, API_KEY_MESSAGES.invalidKey]);
  });

  it('a session whose token happens to begin with qk_ still works as a session', async () => {
    const token = await freshToken(t, a.member, a.companyId);
    const lookalike = `qk_${token}`;
    await t.database.db
      .update(sessions)
      .set({ tokenHash: hashToken(lookalike) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const me = await call(lookalike, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(a.member.email);
  });
});

describe('a key with inventory:write', () => {
  it('adds, edits and deletes products in its company, named in the activity log', async () => {
    const key = await keyOf(a, ['inventory:write'], 'ERP sync');
    const made = await call(key, 'POST', '/api/inventory', { name: 'Lamp', sku: 'LAMP1', quantity: 3 });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const edited = await call(key, 'PUT', `/api/inventory/${id}`, {
      name: 'Lamp',
      sku: 'LAMP1',
      quantity: 5,
    });
    expect([edited.statusCode, edited.json().quantity]).toEqual([200, 5]);
    // Writing is not reading: the list is inventory:read's.
    expect((await call(key, 'GET', '/api/inventory')).statusCode).toBe(403);
    expect(
      (await call(key, 'PUT', `/api/inventory/${bProductId}`, { name: 'X', sku: 'KEYB1' })).statusCode,
    ).toBe(404);
    // The stock it changed moved by the key's hand.
    const moves = await t.database.db.execute<{ actor_type: string; actor_id: number; actor_name: string }>(
      sql`select actor_type, actor_id, actor_name from stock_movements where company_id = ${a.companyId}
          and product_id = ${id} order by id`,
    );
    expect(moves.rows.length).toBeGreaterThan(0);
    for (const m of moves.rows)
      expect(m).toMatchObject({ actor_type: 'api_key', actor_name: 'API key ERP sync' });
    expect((await call(key, 'DELETE', `/api/inventory/${id}`)).statusCode).toBe(200);

    const activity = await t.app.inject({
      url: '/api/stats/activity?limit=10',
      headers: bearer(a.admin.token),
    });
    const entries = activity.json().recentActivity.filter((e: { sku: string }) => e.sku === 'LAMP1');
    expect(
      entries.map((e: { message: string; performer_type: string }) => [e.performer_type, e.message]),
    ).toEqual([
      ['api_key', 'API key ERP sync deleted Lamp (SKU LAMP1)'],
      ['api_key', 'API key ERP sync updated Lamp (quantity 3 → 5) (SKU LAMP1)'],
      ['api_key', 'API key ERP sync added Lamp (SKU LAMP1)'],
    ]);
    const b9 = await t.app.inject({ url: `/api/inventory/${bProductId}`, headers: bearer(b.admin.token) });
    expect(b9.json()).toMatchObject({ name: `Product KEYB1`, quantity: 9 });
  });
});

describe('a key with movements:write (docs/api.md, "A point of sale sending its sales")', () => {
  it("sends a till's sale, once however often it is resent, and its history names the key", async () => {
    const floor = await addPlace(t, a, 'Sales floor');
    const product = await addStockedProduct(t, a, { name: 'Cap', sku: 'CP100115' }, [
      { location_id: floor, quantity: 9 },
    ]);
    const key = await keyOf(a, ['movements:write'], 'Till 1');
    const body = {
      movements: [
        {
          sku: 'CP100115',
          location_id: floor,
          delta: -2,
          reason: 'sale',
          at: new Date(Date.now() - 3_600_000).toISOString(),
          reference: 'receipt 10442',
          client_id: 'till-1-10442-1',
        },
      ],
    };
    const sent = await call(key, 'POST', '/api/inventory/movements', body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      applied: 1,
      duplicates: 0,
      movements: [{ index: 0, duplicate: false, client_id: 'till-1-10442-1', delta: -2, quantity_after: 7 }],
      quantities: [{ product_id: product.id, sku: 'CP100115', location_id: floor, quantity: 7, total: 7 }],
    });
    const again = await call(key, 'POST', '/api/inventory/movements', body);
    expect(again.json()).toMatchObject({ applied: 0, duplicates: 1, movements: [{ duplicate: true }] });
    expect((await call(key, 'GET', `/api/inventory/${product.id}`)).statusCode).toBe(403);
    const history = await t.app.inject({
      url: `/api/inventory/${product.id}/movements`,
      headers: bearer(a.member.token),
    });
    const sale = history.json().data.find((m: { reason: string }) => m.reason === 'sale');
    expect(sale).toMatchObject({ by: 'API key Till 1', by_type: 'api_key', reference: 'receipt 10442' });
    // Another company's product is not found by the key (the SKU is not B's).
    const foreign = await call(key, 'POST', '/api/inventory/movements', {
      movements: [{ sku: 'KEYB1', delta: -1, reason: 'sale' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/^movements\[0\]\.sku: /);
  });
});

describe('keys with audits:read and reports:read', () => {
  it("read their company's audits and reports, not the other company's nor the security log", async () => {
    const key = await keyOf(a, ['audits:read', 'reports:read'], 'BI');
    const audits = await call(key, 'GET', '/api/audits');
    expect(audits.statusCode).toBe(200);
    expect(audits.json().data.map((x: { id: number }) => x.id)).toEqual([aAuditId]);
    expect((await call(key, 'GET', `/api/audits/${aAuditId}`)).statusCode).toBe(200);
    expect((await call(key, 'GET', `/api/audits/${aAuditId}/discrepancies`)).statusCode).toBe(200);
    expect((await call(key, 'GET', `/api/audits/${bAuditId}`)).statusCode).toBe(404);
    expect((await call(key, 'GET', `/api/audits/${bAuditId}/discrepancies`)).statusCode).toBe(404);
    const report = await call(key, 'GET', '/api/reports/inventory.csv');
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('KEYA1');
    expect(report.body).not.toContain('KEYB1');
    for (const url of ['/api/reports/shrink', '/api/reports/accuracy', '/api/reports/audits.csv']) {
      expect((await call(key, 'GET', url)).statusCode, url).toBe(200);
    }
    expect(refusal(await call(key, 'GET', '/api/reports/security-log.csv'))).toEqual([
      403,
      API_KEY_MESSAGES.routeNotForKeys,
    ]);
    expect((await call(key, 'GET', '/api/inventory')).statusCode).toBe(403);
  });
});

describe('the rate per key', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ apiKeyRateLimit: 3 });
  });
  afterAll(() => limited.close());

  it('answers 429 past the limit, each key counted apart, with the headers a program needs', async () => {
    const tenant = await createTenant(limited, 'Busy till');
    const make = async (name: string) =>
      (
        await limited.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: bearer(tenant.admin.token),
          payload: { name, scopes: ['inventory:read'] },
        })
      ).json().key as string;
    const [first, second] = [await make('One'), await make('Two')];
    const get = (key: string) => limited.app.inject({ url: '/api/inventory', headers: bearer(key) });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(first));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.headers['x-ratelimit-limit']).toBe('3');
    expect(answers[0]?.headers['x-ratelimit-remaining']).toBe('2');
    expect(answers[3]?.json()).toEqual({ message: API_MESSAGES.tooManyRequests });
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(second)).statusCode).toBe(200);
    // People are not counted with the keys.
    const person = await limited.app.inject({ url: '/api/inventory', headers: bearer(tenant.admin.token) });
    expect(person.statusCode).toBe(200);
  });
});
