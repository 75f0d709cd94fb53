import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCodes, users } from '../../db/schema/index.ts';
import { bearer, registerUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { currentStep, totp } from '../../test/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof registerUser>>;

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

const login = (email: string, password: string, twoFactorCode?: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password, ...(twoFactorCode === undefined ? {} : { twoFactorCode }) },
  });

/** Sets two-factor up the way the Settings page does; the code comes from our own RFC 6238 generator. */
async function enableTwoFactor(account: Account, step = currentStep()) {
  const setup = await post('/api/settings/2fa/setup', account.token);
  expect(setup.statusCode).toBe(200);
  const { manualEntryKey } = setup.json() as { manualEntryKey: string };
  const verify = await post('/api/settings/2fa/verify', account.token, { code: totp(manualEntryKey, step) });
  expect(verify.statusCode, verify.body).toBe(200);
  return { secret: manualEntryKey, backupCodes: verify.json().backupCodes as string[], step };
}

describe('the test TOTP generator', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(totp(secret, Math.floor(59 / 30))).toBe('287082');
    expect(totp(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totp(secret, Math.floor(1234567890 / 30))).toBe('005924');
    expect(totp(secret, Math.floor(2000000000 / 30))).toBe('279037');
  });
});

describe('setting up two-factor', () => {
  it('starts off, and setup gives a QR code and a manual key stored encrypted', async () => {
    const account = await registerUser(t.app);
    const status = await t.app.inject({ url: '/api/settings/2fa/status', headers: bearer(account.token) });
    expect(status.json()).toEqual({ enabled: false, backupCodesCount: 0 });

    const setup = await post('/api/settings/2fa/setup', account.token);
    expect(setup.statusCode).toBe(200);
    const { qrCode, manualEntryKey } = setup.json();
    expect(manualEntryKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qrCode.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.isTwoFactorEnabled).toBe(false);
    expect(row?.twoFactorPendingSecretEnc).toBeTruthy();
    expect(row?.twoFactorPendingSecretEnc).not.toContain(manualEntryKey);
    expect(t.app.box.open(row?.twoFactorPendingSecretEnc ?? '')).toBe(manualEntryKey);
  });

  it('refuses a code that is not six digits, or not the right one, and stays off', async () => {
    const account = await registerUser(t.app);
    const { manualEntryKey } = (await post('/api/settings/2fa/setup', account.token)).json();
    const short = await post('/api/settings/2fa/verify', account.token, { code: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Please enter a valid 6-digit code', field: 'code' });
    const right = totp(manualEntryKey);
    const wrong = await post('/api/settings/2fa/verify', account.token, {
      code: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid verification code' });
    const status = await t.app.inject({ url: '/api/settings/2fa/status', headers: bearer(account.token) });
    expect(status.json().enabled).toBe(false);
  });

  it('verify without a setup first is a clear 400', async () => {
    const account = await registerUser(t.app);
    const res = await post('/api/settings/2fa/verify', account.token, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/setup/i);
  });

  it('a correct code turns it on and returns ten 8-character backup codes, stored only as hashes', async () => {
    const account = await registerUser(t.app);
    const { secret, backupCodes: codes } = await enableTwoFactor(account);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(new Set(codes).size).toBe(10);

    const status = await t.app.inject({ url: '/api/settings/2fa/status', headers: bearer(account.token) });
    expect(status.json()).toEqual({ enabled: true, backupCodesCount: 10 });

    const stored = await t.database.db
      .select()
      .from(backupCodes)
      .where(eq(backupCodes.userId, account.user.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) expect(dump).not.toContain(code);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.isTwoFactorEnabled).toBe(true);
    expect(row?.twoFactorPendingSecretEnc).toBeNull();
    expect(row?.twoFactorSecretEnc).not.toContain(secret);
    expect(t.app.box.open(row?.twoFactorSecretEnc ?? '')).toBe(secret);

    const again = await post('/api/settings/2fa/setup', account.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Two-factor authentication is already enabled' });
  });

  it('allows one step of clock drift either way, and no more', async () => {
    // Far enough from a step boundary that the server's "now" is ours for the whole loop.
    const intoStep = Date.now() % 30_000;
    if (intoStep > 25_000) await new Promise((r) => setTimeout(r, 30_500 - intoStep));
    const now = currentStep();
    for (const [offset, isAccepted] of [
      [-2, false],
      [2, false],
      [-1, true],
    ] as const) {
      const account = await registerUser(t.app);
      const { manualEntryKey } = (await post('/api/settings/2fa/setup', account.token)).json();
      const res = await post('/api/settings/2fa/verify', account.token, {
        code: totp(manualEntryKey, now + offset),
      });
      expect(res.statusCode, `offset ${offset}`).toBe(isAccepted ? 200 : 400);
    }
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code without giving a token, then accepts a fresh code once', async () => {
    const account = await registerUser(t.app);
    const { secret, step } = await enableTwoFactor(account);
    const email = account.user.email;

    const first = await login(email, account.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ requiresTwoFactor: true });

    // The code that switched two-factor on is used up.
    const replayed = await login(email, account.password, totp(secret, step));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: 'Invalid 2FA code' });

    const next = totp(secret, step + 1);
    const ok = await login(email, account.password, next);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ requiresTwoFactor: false, user: { email } });
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(ok.json().token) });
    expect(me.statusCode).toBe(200);

    const again = await login(email, account.password, next);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid 2FA code' });
  });

  it('refuses a wrong code and a wrong password with a code', async () => {
    const account = await registerUser(t.app);
    const { secret } = await enableTwoFactor(account);
    const wrong = await login(account.user.email, account.password, '12345');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid 2FA code' });
    const badPassword = await login(account.user.email, 'not-the-password', totp(secret, currentStep() + 1));
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).toEqual({ message: 'Invalid credentials' });
  });

  it('takes a backup code in any case, once', async () => {
    const account = await registerUser(t.app);
    const { backupCodes: codes } = await enableTwoFactor(account);
    const code = codes[3] as string;
    const ok = await login(account.user.email, account.password, code.toLowerCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    const again = await login(account.user.email, account.password, code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid 2FA code' });
    const status = await t.app.inject({ url: '/api/settings/2fa/status', headers: bearer(account.token) });
    expect(status.json()).toEqual({ enabled: true, backupCodesCount: 9 });
  });
});

describe('regenerating backup codes', () => {
  it('needs the password, answering 400 (not 401) when it is wrong', async () => {
    const account = await registerUser(t.app);
    await enableTwoFactor(account);
    const none = await post('/api/settings/2fa/regenerate-codes', account.token, { password: '' });
    expect(none.json()).toEqual({ message: 'Password is required', field: 'password' });
    const wrong = await post('/api/settings/2fa/regenerate-codes', account.token, { password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Incorrect password' });
  });

  it('replaces every old code with ten new ones', async () => {
    const account = await registerUser(t.app);
    const { backupCodes: old } = await enableTwoFactor(account);
    await login(account.user.email, account.password, old[0]);
    const res = await post('/api/settings/2fa/regenerate-codes', account.token, {
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    const oldCode = await login(account.user.email, account.password, old[1]);
    expect(oldCode.statusCode).toBe(401);
    const newCode = await login(account.user.email, account.password, fresh[0]);
    expect(newCode.statusCode).toBe(200);
  });

  it('is refused while two-factor is off', async () => {
    const account = await registerUser(t.app);
    const res = await post('/api/settings/2fa/regenerate-codes', account.token, {
      password: account.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Two-factor authentication is not enabled' });
  });
});

describe('disabling two-factor', () => {
  it('needs the right password, and a right code when one is given', async () => {
    const account = await registerUser(t.app);
    const { secret, step } = await enableTwoFactor(account);
    const noPassword = await post('/api/settings/2fa/disable', account.token, {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ message: 'Password is required', field: 'password' });
    const wrongPassword = await post('/api/settings/2fa/disable', account.token, { password: 'nope-nope' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Incorrect password' });
    const wrongCode = await post('/api/settings/2fa/disable', account.token, {
      password: account.password,
      code: totp(secret, step), // already used to switch it on
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: 'Invalid verification code' });

    const ok = await post('/api/settings/2fa/disable', account.token, {
      password: account.password,
      code: totp(secret, step + 1),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const status = await t.app.inject({ url: '/api/settings/2fa/status', headers: bearer(account.token) });
    expect(status.json()).toEqual({ enabled: false, backupCodesCount: 0 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.twoFactorSecretEnc).toBeNull();
    const signIn = await login(account.user.email, account.password);
    expect(signIn.json()).toMatchObject({ requiresTwoFactor: false, token: expect.any(String) });
  });

  it('works with the password alone, or with a backup code', async () => {
    const a = await registerUser(t.app);
    await enableTwoFactor(a);
    expect((await post('/api/settings/2fa/disable', a.token, { password: a.password })).statusCode).toBe(200);
    const b = await registerUser(t.app);
    const { backupCodes: codes } = await enableTwoFactor(b);
    const res = await post('/api/settings/2fa/disable', b.token, { password: b.password, code: codes[0] });
    expect(res.statusCode).toBe(200);
  });
});

describe('guessing codes in settings', () => {
  it('locks verify after 10 wrong codes, even for the right code, with 429', async () => {
    const account = await registerUser(t.app);
    const { manualEntryKey } = (await post('/api/settings/2fa/setup', account.token)).json();
    const right = totp(manualEntryKey);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/settings/2fa/verify', account.token, { code: wrongCode });
      expect(res.statusCode).toBe(400);
    }
    const locked = await post('/api/settings/2fa/verify', account.token, { code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many failed attempts. Please try again later.' });
  });

  it('counts wrong passwords on disable against the same limit', async () => {
    const account = await registerUser(t.app);
    await enableTwoFactor(account);
    for (let i = 0; i < 10; i++) {
      await post('/api/settings/2fa/disable', account.token, { password: `wrong-${i}` });
    }
    const locked = await post('/api/settings/2fa/disable', account.token, { password: account.password });
    expect(locked.statusCode).toBe(429);
    const status = await t.app.inject({ url: '/api/settings/2fa/status', headers: bearer(account.token) });
    expect(status.json().enabled).toBe(true);
  });
});
