import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { signIn } from '../../test/security-helpers.ts';
import { createTenant, PERSON_PASSWORD } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string, query = '') =>
  t.app.inject({ url: `/api/reports/security-log.csv${query}`, headers: bearer(token) });
const rows = (body: string) => parse(body.replace(/^\uFEFF/, '')) as string[][];

describe('GET /api/reports/security-log.csv', () => {
  it('exports sign-ins, failed sign-ins and role changes with address and browser, formulas neutralised', async () => {
    const a = await createTenant(t, 'Log Export Co');
    const formulaUa = '=HYPERLINK("http://evil.example","click")';
    await signIn(t, a.member.email, PERSON_PASSWORD, { ip: '203.0.113.5', userAgent: formulaUa });
    await signIn(t, a.member.email, 'wrong-password', { ip: '203.0.113.6' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/team/members/${a.member.userId}`,
      headers: { ...bearer(a.admin.token), 'user-agent': 'AdminBrowser/1.0' },
      payload: { role: 'operator' },
    });

    const res = await get(a.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="quantics-security-log-.+\.csv"$/,
    );
    const [header, ...lines] = rows(res.body);
    expect(header).toEqual(['Time (UTC)', 'Event', 'Person', 'Description', 'IP address', 'User agent']);
    const byEvent = (e: string) => lines.filter((l) => l[1] === e);
    expect(byEvent('auth.sign_in')[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'auth.sign_in',
      'Log Export Co Member',
      'Log Export Co Member signed in',
      '203.0.113.5',
      `'${formulaUa}`,
    ]);
    expect(byEvent('auth.sign_in_failed')[0]?.slice(3, 5)).toEqual([
      "Failed sign-in to Log Export Co Member's account (wrong password)",
      '203.0.113.6',
    ]);
    expect(byEvent('team.role_change')[0]?.[5]).toBe('AdminBrowser/1.0');
    // Oldest first.
    const times = lines.map((l) => l[0] ?? '');
    expect([...times].sort()).toEqual(times);
    // Failed sign-ins are for the admins' log, not every member's dashboard; sign-ins show there as before.
    const activity = await t.app.inject({
      url: '/api/stats/activity?limit=100',
      headers: bearer(a.member.token),
    });
    const actions = (activity.json().recentActivity as { action: string }[]).map((i) => i.action);
    expect(actions).toContain('auth.sign_in');
    expect(actions).not.toContain('auth.sign_in_failed');
  });

  it('reads whole days from..to, and an empty range is the header alone', async () => {
    const a = await createTenant(t, 'Range Co');
    await signIn(t, a.member.email, PERSON_PASSWORD);
    const empty = await get(a.admin.token, '?from=2020-01-01&to=2020-01-31');
    expect(empty.statusCode).toBe(200);
    expect(rows(empty.body)).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const day = await get(a.admin.token, `?from=${today}&to=${today}`);
    expect(rows(day.body).length).toBeGreaterThan(1);
  });

  it('refuses bad dates and non-admins', async () => {
    const a = await createTenant(t, 'Refuse Co');
    for (const q of ['?from=2024-13-01', '?to=yesterday', '?from=2024-05-02&to=2024-05-01']) {
      const res = await get(a.admin.token, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/YYYY-MM-DD|on or before/);
    }
    expect((await get(a.operator.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/reports/security-log.csv' })).statusCode).toBe(401);
  });
});
