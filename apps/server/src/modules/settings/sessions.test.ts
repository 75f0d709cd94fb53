import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { utilityToken } from '../../test/print-utility.ts';
import {
  CHROME_MAC,
  enableTwoFactor,
  FIREFOX_WINDOWS,
  SAFARI_IPHONE,
  signIn,
} from '../../test/security-helpers.ts';
import { createTenant, PERSON_PASSWORD } from '../../test/tenants.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';
import { totp } from '../../test/totp.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
type Row = { id: string; kind: string; user_agent: string | null; ip: string | null; current: boolean };
const list = async (token: string) => (await call(token, 'GET', '/api/settings/sessions')).json() as Row[];

describe('sessions: see and end them', () => {
  it('lists every browser and print utility with its browser, address and this session marked', async () => {
    const a = await createTenant(t, 'Sessions Co');
    const mac = (await signIn(t, a.operator.email, PERSON_PASSWORD, { ip: '203.0.113.10' })).json().token;
    const phone = (
      await signIn(t, a.operator.email, PERSON_PASSWORD, { userAgent: SAFARI_IPHONE, ip: '203.0.113.11' })
    ).json().token;
    await utilityToken(t.app, mac, 'Front desk PC');

    const rows = await list(mac);
    const current = rows.filter((r) => r.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ kind: 'browser', user_agent: CHROME_MAC, ip: '203.0.113.10' });
    expect(rows).toContainEqual(
      expect.objectContaining({
        kind: 'browser',
        user_agent: SAFARI_IPHONE,
        ip: '203.0.113.11',
        current: false,
      }),
    );
    expect(rows.filter((r) => r.kind === 'print_utility')).toHaveLength(1);
    expect(rows.every((r) => /^(session|utility)-\d+$/.test(r.id))).toBe(true);
    // The phone sees the same places, itself marked.
    expect((await list(phone)).find((r) => r.current)?.user_agent).toBe(SAFARI_IPHONE);
  });

  it('ends one session: its next call is 401; someone else’s or an unknown id is 404', async () => {
    const a = await createTenant(t, 'Revoke Co');
    const keep = (await signIn(t, a.member.email, PERSON_PASSWORD)).json().token;
    const lost = (await signIn(t, a.member.email, PERSON_PASSWORD, { userAgent: SAFARI_IPHONE })).json()
      .token;
    const lostId = (await list(lost)).find((r) => r.current)?.id as string;

    expect((await call(a.operator.token, 'DELETE', `/api/settings/sessions/${lostId}`)).statusCode).toBe(404);
    expect((await call(lost, 'GET', '/api/auth/me')).statusCode).toBe(200);

    const res = await call(keep, 'DELETE', `/api/settings/sessions/${lostId}`);
    expect(res.statusCode).toBe(200);
    expect((await call(lost, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(keep, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await call(keep, 'DELETE', `/api/settings/sessions/${lostId}`)).statusCode).toBe(404);
    expect((await call(keep, 'DELETE', '/api/settings/sessions/session-2147483647')).statusCode).toBe(404);
    for (const bad of ['12', 'session-0', 'session-abc', 'utility-99999999999', 'device-3']) {
      const r = await call(keep, 'DELETE', `/api/settings/sessions/${bad}`);
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it('signs out everywhere else: other sessions and print utilities stop, this one stays', async () => {
    const a = await createTenant(t, 'Everywhere Co');
    const here = (await signIn(t, a.operator.email, PERSON_PASSWORD)).json().token;
    const there = (await signIn(t, a.operator.email, PERSON_PASSWORD, { userAgent: FIREFOX_WINDOWS })).json()
      .token;
    const utility = await utilityToken(t.app, there);
    const res = await call(here, 'POST', '/api/settings/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(3);
    expect((await call(there, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(a.operator.token, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await list(here)).map((r) => r.current)).toEqual([true]);
    // The utility's token was revoked too: signing it out again is a no-op, and it is no longer listed.
    expect(utility).toMatch(/^qpa_|^\w/);
    const log = (await call(a.admin.token, 'GET', '/api/reports/security-log.csv')).body;
    expect(log).toContain('security.sessions_revoked');
  });

  it('keeps last use to the minute without a write per request', async () => {
    const a = await createTenant(t, 'Throttle Co');
    const token = (await signIn(t, a.member.email, PERSON_PASSWORD)).json().token;
    const id = Number((await list(token)).find((r) => r.current)?.id.split('-')[1]);
    const lastUsed = async () =>
      (await t.database.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.id, id)))[0]
        ?.at;

    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.id, id));
    const recent = await lastUsed();
    for (let i = 0; i < 5; i++) await call(token, 'GET', '/api/auth/me');
    expect(await lastUsed()).toEqual(recent);

    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.id, id));
    await t.app.inject({ url: '/api/auth/me', headers: bearer(token), remoteAddress: '192.0.2.44' });
    const refreshed = await lastUsed();
    expect(Date.now() - (refreshed?.getTime() ?? 0)).toBeLessThan(30_000);
    expect((await list(token)).find((r) => r.current)?.ip).toBe('192.0.2.44');
  });
});

describe('security emails', () => {
  it('tells the person of a sign-in from a new browser, not from one they used before', async () => {
    const a = await createTenant(t, 'New Browser Co');
    const subject = 'New sign-in to your Quantics account';
    await signIn(t, a.member.email, PERSON_PASSWORD, { userAgent: CHROME_MAC });
    await signIn(t, a.member.email, PERSON_PASSWORD, { userAgent: FIREFOX_WINDOWS, ip: '203.0.113.77' });
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(a.member.email) && m.subject === subject && m.text.includes('Firefox'),
    );
    expect(mail.text).toContain('Firefox 121 on Windows');
    expect(mail.text).toContain('203.0.113.77');
    // Firefox again (a newer version), and Chrome again: neither is new.
    await signIn(t, a.member.email, PERSON_PASSWORD, {
      userAgent: FIREFOX_WINDOWS.replaceAll('121.0', '122.0'),
    });
    await signIn(t, a.member.email, PERSON_PASSWORD, { userAgent: CHROME_MAC });
    // A later mail to the same address, so anything sent before it has arrived.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: a.member.email },
    });
    await t.smtp.waitFor(
      (m) => m.to.includes(a.member.email) && m.subject === 'Reset your Quantics password',
    );
    const firefoxMails = t.smtp.received.filter(
      (m) => m.to.includes(a.member.email) && m.subject === subject && m.text.includes('Firefox'),
    );
    expect(firefoxMails).toHaveLength(1);
  });

  it('signs out every other session on a password change, logs it and emails the owner', async () => {
    const a = await createTenant(t, 'Password Co');
    const here = (await signIn(t, a.operator.email, PERSON_PASSWORD)).json().token;
    const there = (await signIn(t, a.operator.email, PERSON_PASSWORD, { userAgent: SAFARI_IPHONE })).json()
      .token;
    const changed = await call(here, 'PUT', '/api/settings/password', {
      currentPassword: PERSON_PASSWORD,
      newPassword: 'a-much-longer-secret',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(there, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/api/auth/me')).statusCode).toBe(200);
    await t.smtp.waitFor(
      (m) => m.to.includes(a.operator.email) && m.subject === 'Your Quantics password was changed',
    );
    const log = (await call(a.admin.token, 'GET', '/api/reports/security-log.csv')).body;
    expect(log).toContain('security.password_changed');
  });

  it('emails the owner when two-factor is turned off', async () => {
    const a = await createTenant(t, 'Off Co');
    const secret = await enableTwoFactor(t, a.member.token);
    const off = await call(a.member.token, 'POST', '/api/settings/2fa/disable', {
      password: PERSON_PASSWORD,
      code: totp(secret, Math.floor(Date.now() / 30_000) + 1),
    });
    expect(off.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(a.member.email) && m.subject === 'Two-factor authentication was turned off',
    );
    expect(mail.text).toContain('/settings?tab=security');
    const log = (await call(a.admin.token, 'GET', '/api/reports/security-log.csv')).body;
    expect(log).toContain('security.two_factor_enabled');
    expect(log).toContain('security.two_factor_disabled');
  });
});
