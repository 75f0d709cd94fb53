import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_POLICY } from '../plugins/access-policy.ts';
import { bearer, registerUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every route that takes a body, with bodies that must be refused. A route that takes a body and is missing
 * here fails the first test, so new routes join this table.
 */
const BAD_BODIES: Record<string, unknown[]> = {
  'POST /api/waitlist': [
    {},
    { name: 'Jo' },
    { name: 42, email: 'a@b.co' },
    { name: 'Jo', email: ['a@b.co'] },
    { name: 'Jo', email: 'a@b.co', company: { x: 1 } },
    { name: '@@', email: 'a@b.co' },
  ],
  'POST /api/auth/register': [
    {},
    { email: 'a@b.co' },
    { email: 'not-email', password: 'secret1' },
    { email: 'a@b.co', password: 123456 },
    { email: 'a@b.co', password: 'secret1', useDutchie: 'yes' },
    { email: 'a@b.co', password: 'secret1', useDutchie: true },
    { email: 'a@b.co', password: 'x'.repeat(5000) },
    { email: `${'a'.repeat(300)}@b.co`, password: 'secret1' },
  ],
  'POST /api/auth/login': [
    {},
    { email: 'a@b.co' },
    { email: 1, password: 'x' },
    { email: 'a@b.co', password: null },
  ],
  'POST /api/auth/forgot-password': [{}, { email: '' }, { email: 'nope' }, { email: ['a@b.co'] }],
  'POST /api/auth/reset-password': [
    {},
    { token: 'abc' },
    { password: 'long-enough-1' },
    { token: 'abc', password: 'short' },
    { token: 1, password: 'long-enough-1' },
    { token: 'x'.repeat(201), password: 'long-enough-1' },
  ],
  'PUT /api/settings/profile': [
    {},
    { name: '', email: 'a@b.co' },
    { name: 'Ann', email: 'nope' },
    { name: 1, email: 'a@b.co' },
    { name: 'Ann', email: 'a@b.co', phone: 'call me' },
    { name: 'Ann', email: 'a@b.co', company: { x: 1 } },
    { name: 'x'.repeat(101), email: 'a@b.co' },
  ],
  'PUT /api/settings/password': [
    {},
    { currentPassword: 'x' },
    { currentPassword: 'x', newPassword: 'short' },
    { currentPassword: 1, newPassword: 'long-enough-1' },
  ],
  'PUT /api/settings/appearance': [{}, { theme: 'blue' }, { theme: 1 }],
  'POST /api/settings/2fa/verify': [{}, { code: '12345' }, { code: 123456 }, { code: 'abcdef' }],
  'POST /api/settings/2fa/disable': [{}, { password: '' }, { password: 1 }, { password: 'x', code: 5 }],
  'POST /api/settings/2fa/regenerate-codes': [{}, { password: '' }, { password: null }],
  'POST /api/auth/logout': [],
  'POST /api/team/invite': [
    {},
    { email: 'a@b.co', name: 'Ann' },
    { email: 'not-an-email', name: 'Ann', role: 'member' },
    { email: 'a@b.co', name: 'Ann', role: 'owner' },
    { email: 'a@b.co', name: 42, role: 'member' },
    { email: 'a@b.co', name: 'Ann', role: 'member', message: 'x'.repeat(1001) },
    { email: 'a@b.co', name: 'x'.repeat(101), role: 'member' },
  ],
  'PUT /api/team/members/:id': [{}, { role: 'owner' }, { role: 1 }, { role: null }],
  'POST /api/team/resend-invite/:id': [],
  'POST /api/team/accept-invite': [
    {},
    { token: '' },
    { token: 42 },
    { token: 'x'.repeat(201) },
    { token: 'abc', password: 12345678 },
    { token: 'abc', name: ['Ann'] },
  ],
  'POST /api/team/switch-company': [
    {},
    { companyId: 'abc' },
    { companyId: '1' },
    { companyId: -1 },
    { companyId: 1.5 },
    { companyId: 2_147_483_648 },
  ],
  'POST /api/companies': [{}, { name: '' }, { name: '   ' }, { name: 5 }, { name: 'x'.repeat(256) }],
  'PUT /api/companies/:id': [{}, { name: '' }, { name: null }, { name: 'x'.repeat(256) }],
};

/** Bodies no route accepts. */
const GENERIC: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"email": ', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json' },
  { name: 'JSON null', payload: 'null', contentType: 'application/json' },
  {
    name: 'an oversized body',
    payload: JSON.stringify({ email: 'x'.repeat(1_200_000) }),
    contentType: 'application/json',
  },
  { name: 'an unsupported content type', payload: 'email=a@b.co', contentType: 'application/xml' },
];

/** Actions that take no body at all (like logout): they ignore one, so there is nothing to refuse. */
const NO_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/settings/2fa/setup',
  'POST /api/settings/onboarding/complete',
]);
const takesBody = (key: string) => /^(POST|PUT|PATCH) /.test(key) && !NO_BODY.has(key);

let t: TestApp;
let token: string;
const counts = async () => {
  const r = await t.database.db.execute(
    sql`select (select count(*) from users) as users, (select count(*) from companies) as companies, (select count(*) from waitlist_entries) as waitlist`,
  );
  return JSON.stringify(r.rows);
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await registerUser(t.app)).token;
});
afterAll(() => t.close());

function expectCleanRefusal(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
  expect(String(body.message).length).toBeGreaterThan(0);
  expect(res.body, label).not.toMatch(/at .+\.(ts|js):\d+|node_modules|stack/i);
}

describe('bad input on every route', () => {
  it('lists every route that takes a body, and only real routes', () => {
    const bodyRoutes = Object.keys(ACCESS_POLICY).filter(takesBody);
    for (const key of bodyRoutes) expect(BAD_BODIES, `add ${key} to BAD_BODIES`).toHaveProperty([key]);
    for (const key of Object.keys(ACCESS_POLICY)) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${key} is not a route`).toBe(true);
    }
  });

  for (const key of Object.keys(ACCESS_POLICY).filter(takesBody)) {
    const [method, url] = key.split(' ') as ['POST', string];
    const concreteUrl = url.replace(/:(\w+)/g, '1');

    it(`${key} refuses malformed and wrong-shaped bodies with a 4xx message and changes nothing`, async () => {
      const before = await counts();
      for (const g of GENERIC) {
        const res = await t.app.inject({
          method,
          url: concreteUrl,
          headers: { ...bearer(token), 'content-type': g.contentType },
          payload: g.payload,
        });
        expectCleanRefusal(res, `${key} with ${g.name}`);
      }
      for (const payload of BAD_BODIES[key] ?? []) {
        const res = await t.app.inject({
          method,
          url: concreteUrl,
          headers: bearer(token),
          payload: payload as object,
        });
        expectCleanRefusal(res, `${key} with ${JSON.stringify(payload).slice(0, 80)}`);
        expect(res.statusCode).toBe(400);
      }
      expect(await counts()).toBe(before);
    });
  }

  for (const key of Object.keys(ACCESS_POLICY).filter((k) => k.includes(':'))) {
    const [method, url] = key.split(' ') as ['GET', string];
    it(`${key} refuses ids that are not ids`, async () => {
      for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
        const res = await t.app.inject({
          method,
          url: url.replace(/:(\w+)/g, bad),
          headers: bearer(token),
          payload: {},
        });
        expectCleanRefusal(res, `${key} with id ${bad}`);
      }
    });
  }
});
