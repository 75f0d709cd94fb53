import { eq } from 'drizzle-orm';
import { companies } from '../db/schema/index.ts';
import { bearer } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { totp } from './totp.ts';

export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
export const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** Signs in through the API from a browser (User-Agent) and address; returns the raw answer. */
export function signIn(
  t: TestApp,
  email: string,
  password: string,
  opts: { userAgent?: string; ip?: string; code?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip ?? '198.51.100.7',
    headers: { 'user-agent': opts.userAgent ?? CHROME_MAC },
    payload: { email, password, ...(opts.code ? { twoFactorCode: opts.code } : {}) },
  });
}

/** Turns two-factor on for the session's person through the API; returns the authenticator secret. */
export async function enableTwoFactor(t: TestApp, token: string): Promise<string> {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/settings/2fa/setup',
    headers: bearer(token),
  });
  const secret = setup.json().manualEntryKey as string;
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/settings/2fa/verify',
    headers: bearer(token),
    payload: { code: totp(secret) },
  });
  if (verify.statusCode !== 200) throw new Error(`2fa verify: ${verify.statusCode} ${verify.body}`);
  return secret;
}

/** Sets the policy straight in the table (when the test is not about the admin's own two-factor). */
export async function requireTwoFactor(t: TestApp, companyId: number, isOn = true) {
  await t.database.db.update(companies).set({ requireTwoFactor: isOn }).where(eq(companies.id, companyId));
}
