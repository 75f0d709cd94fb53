import { API_KEY_MESSAGES, type TApiKey, type TCreatedApiKey } from '@quantics/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/crypto.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Creating, listing and revoking API keys (admins), and what the security log keeps of them. What a key may call:
// api-key-access.test.ts.

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Keys A');
  b = await createTenant(t, 'Keys B');
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'user-agent': 'KeysTest/1.0' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const create = (token: string, body: unknown) => call(token, 'POST', '/api/api-keys', body);
const list = async (token: string) => (await call(token, 'GET', '/api/api-keys')).json().data as TApiKey[];
const securityLog = async (tenant: Tenant) => {
  const res = await call(tenant.admin.token, 'GET', '/api/reports/security-log.csv');
  return (parse(res.body.replace(/^\uFEFF/, '')) as string[][]).slice(1);
};

describe('POST /api/api-keys', () => {
  it('answers the key once, stores only its hash, and lists it without the key', async () => {
    const res = await create(a.admin.token, {
      name: '  Till 1 ',
      scopes: ['movements:write', 'inventory:read'],
    });
    expect(res.statusCode).toBe(201);
    const made = res.json() as TCreatedApiKey;
    expect(made).toMatchObject({
      name: 'Till 1',
      scopes: ['movements:write', 'inventory:read'],
      created_by: a.admin.name,
      last_used_at: null,
      revoked_at: null,
    });
    expect(made.key).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 10));

    const stored = await t.database.db.execute<{ key_hash: string }>(
      sql`select key_hash from api_keys where company_id = ${a.companyId} and id = ${made.id}`,
    );
    expect(stored.rows[0]?.key_hash).toBe(hashToken(made.key));
    const everything = JSON.stringify(await t.database.db.execute(sql`select * from api_keys`));
    expect(everything).not.toContain(made.key);

    const listed = await list(a.admin.token);
    const { key: _key, ...shown } = made;
    expect(listed[0]).toEqual(shown);
    expect(JSON.stringify(listed)).not.toContain(made.key);
  });

  it.each([
    [{}, API_KEY_MESSAGES.nameRequired],
    [{ name: '', scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameRequired],
    [{ name: '   ', scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), scopes: ['inventory:read'] }, API_KEY_MESSAGES.nameTooLong],
    [{ name: 'Till' }, API_KEY_MESSAGES.scopesNotList],
    [{ name: 'Till', scopes: [] }, API_KEY_MESSAGES.scopesRequired],
    [{ name: 'Till', scopes: ['admin'] }, API_KEY_MESSAGES.scopeUnknown],
    [{ name: 'Till', scopes: ['inventory:read', 'inventory:read'] }, API_KEY_MESSAGES.scopesRepeated],
    [{ name: 'Till', scopes: [null] }, API_KEY_MESSAGES.scopeUnknown],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
    const before = (await list(a.admin.token)).length;
    const res = await create(a.admin.token, body);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await list(a.admin.token)).toHaveLength(before);
  });

  it('is for admins only: operators and members are refused and see nothing', async () => {
    for (const person of [a.operator, a.member]) {
      const made = await create(person.token, { name: 'Sneaky', scopes: ['inventory:read'] });
      expect(made.statusCode).toBe(403);
      expect((await call(person.token, 'GET', '/api/api-keys')).statusCode).toBe(403);
      const [key] = await list(a.admin.token);
      expect((await call(person.token, 'DELETE', `/api/api-keys/${key?.id}`)).statusCode).toBe(403);
    }
    expect((await list(a.admin.token)).map((k) => k.name)).not.toContain('Sneaky');
  });
});

describe('DELETE /api/api-keys/{id}', () => {
  it('revokes the key: listed as revoked, refused from the next call, a second revocation changes nothing', async () => {
    const made = (await create(a.admin.token, { name: 'ERP', scopes: ['inventory:read'] })).json();
    expect((await call(made.key, 'GET', '/api/inventory')).statusCode).toBe(200);
    const res = await call(a.admin.token, 'DELETE', `/api/api-keys/${made.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: API_KEY_MESSAGES.revoked });
    const refused = await call(made.key, 'GET', '/api/inventory');
    expect([refused.statusCode, refused.json().message]).toEqual([401, API_KEY_MESSAGES.invalidKey]);
    const listed = (await list(a.admin.token)).find((k) => k.id === made.id);
    expect(listed?.revoked_at).toEqual(expect.stringMatching(/^\d{4}-/));
    expect(listed?.last_used_at).toEqual(expect.stringMatching(/^\d{4}-/));

    const again = await call(a.admin.token, 'DELETE', `/api/api-keys/${made.id}`);
    expect(again.statusCode).toBe(200);
    expect((await list(a.admin.token)).find((k) => k.id === made.id)?.revoked_at).toBe(listed?.revoked_at);
    const revocations = (await securityLog(a)).filter((l) => l[1] === 'security.api_key_revoked');
    expect(revocations.filter((l) => l[3]?.endsWith('revoked the API key ERP'))).toHaveLength(1);
  });

  it('answers 404 for an unknown id, 400 for a bad one', async () => {
    const unknown = await call(a.admin.token, 'DELETE', '/api/api-keys/999999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, API_KEY_MESSAGES.notFound]);
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const res = await call(a.admin.token, 'DELETE', `/api/api-keys/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('between companies', () => {
  it("B's admin neither sees nor revokes A's keys (404, as for a key that does not exist)", async () => {
    const made = (await create(a.admin.token, { name: 'A only', scopes: ['inventory:read'] })).json();
    expect(JSON.stringify(await list(b.admin.token))).not.toContain('A only');
    const res = await call(b.admin.token, 'DELETE', `/api/api-keys/${made.id}`);
    const unknown = await call(b.admin.token, 'DELETE', '/api/api-keys/999999');
    expect([res.statusCode, res.body]).toEqual([unknown.statusCode, unknown.body]);
    expect((await list(a.admin.token)).find((k) => k.id === made.id)?.revoked_at).toBeNull();
    expect((await call(made.key, 'GET', '/api/inventory')).statusCode).toBe(200);
  });

  it('a key of A cannot list or revoke keys at all (keys do not manage keys)', async () => {
    const made = (
      await create(a.admin.token, { name: 'All scopes', scopes: ['inventory:read', 'inventory:write'] })
    ).json();
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${made.id}`],
    ] as const) {
      const res = await call(made.key, method, url);
      expect([res.statusCode, res.json().message]).toEqual([403, API_KEY_MESSAGES.routeNotForKeys]);
    }
  });
});

describe('the security log', () => {
  it('keeps each key created and revoked, with who, where from, and a revoked key refused (once in a while)', async () => {
    const made = (await create(a.admin.token, { name: 'Logged till', scopes: ['movements:write'] })).json();
    await call(a.admin.token, 'DELETE', `/api/api-keys/${made.id}`);
    for (let i = 0; i < 3; i++) expect((await call(made.key, 'GET', '/api/inventory')).statusCode).toBe(401);
    const lines = await securityLog(a);
    const about = lines.filter((l) => l[3]?.includes('Logged till'));
    expect(about.map((l) => [l[1], l[2], l[3], l[5]])).toEqual([
      [
        'security.api_key_created',
        a.admin.name,
        `${a.admin.name} created the API key Logged till (movements:write)`,
        'KeysTest/1.0',
      ],
      [
        'security.api_key_revoked',
        a.admin.name,
        `${a.admin.name} revoked the API key Logged till`,
        'KeysTest/1.0',
      ],
      [
        'security.api_key_refused',
        'API key Logged till',
        'API key Logged till was refused: it has been revoked',
        'KeysTest/1.0',
      ],
    ]);
    // Nothing of A's keys in B's log.
    expect(JSON.stringify(await securityLog(b))).not.toContain('Logged till');
  });

  it('an unknown key is refused with 401 and logged nowhere', async () => {
    const before = (await securityLog(a)).length;
    const res = await call('qk_thisKeyDoesNotExist0000000000000000000000000', 'GET', '/api/inventory');
    expect([res.statusCode, res.json().message]).toEqual([401, API_KEY_MESSAGES.invalidKey]);
    expect(await securityLog(a)).toHaveLength(before);
  });
});
