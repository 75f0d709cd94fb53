import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { utilityToken } from '../../test/print-utility.ts';
import { SAFARI_IPHONE, signIn } from '../../test/security-helpers.ts';
import { createTenant, PERSON_PASSWORD } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: bearer(token) });

describe('POST /api/team/members/{id}/sign-out', () => {
  it('ends every session and print utility of the member here, keeps them in the team, and logs it', async () => {
    const a = await createTenant(t, 'Lost Phone Co');
    const phone = (await signIn(t, a.operator.email, PERSON_PASSWORD, { userAgent: SAFARI_IPHONE })).json()
      .token;
    await utilityToken(t.app, phone);
    const res = await call(a.admin.token, 'POST', `/api/team/members/${a.operator.userId}/sign-out`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Signed out everywhere', count: 3 });
    expect((await call(phone, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(a.operator.token, 'GET', '/api/auth/me')).statusCode).toBe(401);

    const team = (await call(a.admin.token, 'GET', '/api/team/members')).json() as {
      id: number;
      status: string;
      last_active_at: string | null;
    }[];
    const operator = team.find((m) => m.id === a.operator.userId);
    expect(operator?.status).toBe('active');
    expect(Date.parse(operator?.last_active_at ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
    // They sign in again with their password.
    const back = await signIn(t, a.operator.email, PERSON_PASSWORD);
    expect(back.statusCode).toBe(200);
    expect((await call(back.json().token, 'GET', '/api/print/agents')).json()).toEqual([]);
    const log = (await call(a.admin.token, 'GET', '/api/reports/security-log.csv')).body;
    expect(log).toMatch(
      /security\.member_signed_out,.*signed .*Operator out everywhere \(3 sessions ended\)/,
    );
  });

  it('is not for one’s own account, unknown members or non-admins', async () => {
    const a = await createTenant(t, 'Self Co');
    const self = await call(a.admin.token, 'POST', `/api/team/members/${a.admin.userId}/sign-out`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('To sign yourself out elsewhere, use Settings, Security');
    expect((await call(a.admin.token, 'POST', '/api/team/members/999999/sign-out')).statusCode).toBe(404);
    expect(
      (await call(a.operator.token, 'POST', `/api/team/members/${a.member.userId}/sign-out`)).statusCode,
    ).toBe(403);
    expect((await call(a.member.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });
});
