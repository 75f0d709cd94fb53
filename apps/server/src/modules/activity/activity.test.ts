import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, PERSON_PASSWORD } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordActivity } from './activity.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const activity = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/stats/activity${query}`, headers: bearer(token) });

describe('GET /api/stats/activity', () => {
  it('records sign-ins with the performer, newest first, for every member to read', async () => {
    const a = await createTenant(t, 'Log Co');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.operator.email, password: PERSON_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const res = await activity(a.member.token);
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().recentActivity;
    expect(latest).toMatchObject({
      type: 'auth',
      action: 'auth.sign_in',
      message: 'Log Co Operator signed in',
      performer_name: 'Log Co Operator',
      performer_type: 'user',
      sku: null,
      quantity: null,
    });
    expect(Date.parse(latest.time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives device entries and inventory facts the shape the dashboard reads, and honours limit', async () => {
    const a = await createTenant(t, 'Device Co');
    for (let i = 1; i <= 3; i++) {
      await recordActivity(t.database.db, {
        companyId: a.companyId,
        performer: { type: 'device', id: 7, name: 'Reader 7' },
        action: 'inventory.scan',
        type: 'inventory',
        message: `Counted batch ${i}`,
        metadata: { sku: `SKU${i}`, quantity: i * 10 },
      });
    }
    const res = await activity(a.member.token, '?limit=2');
    expect(res.json().recentActivity).toEqual([
      expect.objectContaining({
        message: 'Counted batch 3',
        sku: 'SKU3',
        quantity: 30,
        performer_type: 'device',
      }),
      expect.objectContaining({ message: 'Counted batch 2', sku: 'SKU2', quantity: 20 }),
    ]);
    expect((await activity(a.member.token, '?limit=500')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/activity' })).statusCode).toBe(401);
  });
});
