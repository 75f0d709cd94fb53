import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/factories.ts';
import { linkIn, type ReceivedMail } from '../../test/smtp.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';

let t: MailTestApp;
const PUBLIC_URL = 'https://portal.quantics.test';

beforeAll(async () => {
  t = await createMailTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const resetMailTo = (email: string, after = 0) =>
  t.smtp.waitFor(
    (m) =>
      m.to.includes(email) &&
      m.subject === 'Reset your Quantics password' &&
      t.smtp.received.indexOf(m) >= after,
  );
const tokenOf = (mail: ReceivedMail) =>
  new URL(linkIn(mail, '/reset-password')).searchParams.get('token') ?? '';

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link built from PUBLIC_URL, with text and HTML parts', async () => {
    const { user } = await registerUser(t.app);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const mail = await resetMailTo(user.email);
    const link = linkIn(mail, '/reset-password');
    expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
    expect(mail.html).toContain('<a href=');
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const { user } = await registerUser(t.app);
    const known = await forgot(user.email);
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await forgot(unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await resetMailTo(user.email);
    await t.app.jobs.drain('account-mail');
    expect(t.smtp.received.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it('takes about the same time for known and unknown emails', async () => {
    const known = await registerUser(t.app);
    const time = async (email: string) => {
      const start = performance.now();
      await forgot(email);
      const ms = performance.now() - start;
      await t.app.jobs.drain('account-mail');
      return ms;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Under the per-address mail limit, so the known address really issues a token each time.
    for (let i = 0; i < 4; i++) {
      knownMs.push(await time(known.user.email));
      unknownMs.push(await time(uniqueEmail('ghost')));
    }
    // Load on the machine only ever adds time, so the fastest of each set is the fair comparison.
    // Same work either way (one statement that stores a token only when the account exists): a few ms apart
    // at most, where a missing write or a password hash would be tens.
    expect(Math.abs(Math.min(...knownMs) - Math.min(...unknownMs))).toBeLessThan(15);
  });

  it('keeps only the hash of the token', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const token = tokenOf(await resetMailTo(user.email));
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    expect(rows[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
  });

  it('stops mailing one address after 5 requests in an hour, still answering the same', async () => {
    const { user } = await registerUser(t.app);
    const before = t.smtp.received.length;
    for (let i = 0; i < 7; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    await t.app.jobs.drain('account-mail');
    expect(t.smtp.received.slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(5);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the password, signs out every session, mails a notice, and works once', async () => {
    const account = await registerUser(t.app);
    const email = account.user.email;
    const second = (await login(email, account.password)).json().token as string;
    await forgot(email);
    const token = tokenOf(await resetMailTo(email));

    const res = await reset(token, 'brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    for (const old of [account.token, second]) {
      expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(old) })).statusCode).toBe(401);
    }
    expect((await login(email, account.password)).statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass')).statusCode).toBe(200);

    const notice = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Your Quantics password was changed',
    );
    expect(notice.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(notice.html).toContain('Your password was changed');

    const again = await reset(token, 'another-pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid or expired reset token' });
  });

  it('a newer request replaces the older link', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const first = tokenOf(await resetMailTo(user.email));
    const count = t.smtp.received.length;
    await forgot(user.email);
    const second = tokenOf(await resetMailTo(user.email, count));
    expect(second).not.toBe(first);
    expect((await reset(first, 'brand-new-pass')).json()).toEqual({
      message: 'Invalid or expired reset token',
    });
    expect((await reset(second, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const token = tokenOf(await resetMailTo(user.email));
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(token, 'brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid or expired reset token' });
  });

  it('refuses made-up tokens and short passwords, changing nothing', async () => {
    const account = await registerUser(t.app);
    const bogus = await reset('not-a-real-token', 'brand-new-pass');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ message: 'Invalid or expired reset token' });

    await forgot(account.user.email);
    const token = tokenOf(await resetMailTo(account.user.email));
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Password must be at least 8 characters', field: 'password' });
    // The link still works after a refused attempt, and the old password still signs in until then.
    expect((await login(account.user.email, account.password)).statusCode).toBe(200);
    expect((await reset(token, 'long-enough-1')).statusCode).toBe(200);
  });

  it('lets a locked-out owner sign in right after resetting', async () => {
    const account = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.9.0.${i}`,
        payload: { email: account.user.email, password: `wrong-${i}` },
      });
    }
    expect((await login(account.user.email, account.password)).statusCode).toBe(429);
    await forgot(account.user.email);
    const token = tokenOf(await resetMailTo(account.user.email));
    expect((await reset(token, 'fresh-password-1')).statusCode).toBe(200);
    expect((await login(account.user.email, 'fresh-password-1')).statusCode).toBe(200);
  });
});
