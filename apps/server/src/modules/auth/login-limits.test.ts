import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { currentStep, totp } from '../../test/totp.ts';

const LOCKED = { message: 'Too many failed attempts. Please try again later.' };
// A fresh address block per run: with Redis, counters outlive the test database.
const net = `10.${randomBytes(2).join('.')}`;
let ipSeq = 0;
const freshIp = () => `${net}.${++ipSeq}`;

function loginOn(t: TestApp) {
  return (email: string, password: string, ip: string, twoFactorCode?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email, password, ...(twoFactorCode ? { twoFactorCode } : {}) },
    });
}

/** The same rules whichever store keeps the counters. */
function describeLimits(name: string, redisUrl?: string) {
  // Every sign-in runs argon2 (on purpose, even for unknown emails): generous time when files run in parallel.
  describe(name, { timeout: 60_000 }, () => {
    let t: TestApp;
    let login: ReturnType<typeof loginOn>;
    beforeAll(async () => {
      // The address limit sits just above the account one, so the address test needs few (slow, argon2) sign-ins.
      t = await createTestApp({
        authFailureLimit: 10,
        authFailureLimitPerIp: 12,
        ...(redisUrl ? { redisUrl } : {}),
      });
      login = loginOn(t);
    });
    afterAll(() => t.close());

    it('locks an account after 10 failures from anywhere, before even checking the password', async () => {
      const { user, password } = await registerUser(t.app);
      for (let i = 0; i < 10; i++) {
        const res = await login(user.email, `wrong-${i}`, freshIp());
        expect(res.statusCode).toBe(401);
      }
      const right = await login(user.email, password, freshIp());
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(LOCKED);
      // Case and spaces don't make a new account to guess at.
      expect((await login(` ${user.email.toUpperCase()}`, password, freshIp())).statusCode).toBe(429);
      // Other accounts are untouched.
      const other = await registerUser(t.app);
      expect((await login(other.user.email, other.password, freshIp())).statusCode).toBe(200);
    });

    it('a full sign-in resets the account count', async () => {
      const { user, password } = await registerUser(t.app);
      for (let i = 0; i < 9; i++) await login(user.email, 'wrong-pass', freshIp());
      expect((await login(user.email, password, freshIp())).statusCode).toBe(200);
      for (let i = 0; i < 9; i++) await login(user.email, 'wrong-pass', freshIp());
      expect((await login(user.email, password, freshIp())).statusCode).toBe(200);
    });

    it('counts wrong two-factor codes against the account too', async () => {
      const account = await registerUser(t.app);
      const setup = await t.app.inject({
        method: 'POST',
        url: '/api/settings/2fa/setup',
        headers: bearer(account.token),
      });
      const secret = setup.json().manualEntryKey as string;
      const step = currentStep();
      await t.app.inject({
        method: 'POST',
        url: '/api/settings/2fa/verify',
        headers: bearer(account.token),
        payload: { code: totp(secret, step) },
      });
      for (let i = 0; i < 10; i++) {
        const res = await login(account.user.email, account.password, freshIp(), 'ZZZZZZZZ');
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid 2FA code' });
      }
      const locked = await login(account.user.email, account.password, freshIp(), totp(secret, step + 1));
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(LOCKED);
    });

    it('limits one client address across accounts; a success there does not clear it', {
      timeout: 60_000,
    }, async () => {
      const ip = freshIp();
      const { user, password } = await registerUser(t.app);
      for (let i = 0; i < 11; i++) {
        expect((await login(`nobody${i}.${ip}@example.com`, 'guess-guess', ip)).statusCode).toBe(401);
      }
      expect((await login(user.email, password, ip)).statusCode).toBe(200);
      expect((await login(`nobody-last.${ip}@example.com`, 'guess-guess', ip)).statusCode).toBe(401);
      const locked = await login(user.email, password, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(LOCKED);
      // Another address still gets in.
      expect((await login(user.email, password, freshIp())).statusCode).toBe(200);
    });
  });
}

describeLimits('sign-in limits (counters in the database)');

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('with TEST_REDIS_URL', { timeout: 60_000 }, () => {
  describeLimits('sign-in limits (counters in Redis)', redisUrl);

  it('two instances on one Redis share the counts', async () => {
    const a = await createTestApp({ redisUrl });
    const b = await createTestApp({ redisUrl });
    try {
      const { user, password } = await registerUser(a.app);
      // Both databases need the account; the counter is keyed by email, so they share it through Redis.
      await b.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: user.email, password },
      });
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? a : b;
        await loginOn(app)(user.email, 'wrong-pass', freshIp());
      }
      expect((await loginOn(a)(user.email, password, freshIp())).statusCode).toBe(429);
      expect((await loginOn(b)(user.email, password, freshIp())).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('counts each client address from X-Forwarded-For, not the proxy', async () => {
    const t = await createTestApp({ trustProxy: 1, authFailureLimitPerIp: 3 });
    try {
      const attempt = (client: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
          payload: { email: `someone.${client}@example.com`, password: 'guess-guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('203.0.113.7')).statusCode).toBe(429);
      expect((await attempt('198.51.100.9')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
