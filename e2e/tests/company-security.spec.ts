import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken, uniqueEmail } from './helpers';
import { readOutbox, waitForMail } from './mail';
import { acceptViaApi, inviteViaApi } from './team-helpers';
import { currentStep, totp } from './totp';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Turns two-factor on for the session's person through the API (the admin who will require it). */
async function enableTwoFactorViaApi(request: APIRequestContext, token: string) {
  const setup = await request.post('/api/settings/2fa/setup', { headers: auth(token) });
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const verify = await request.post('/api/settings/2fa/verify', {
    headers: auth(token),
    data: { code: totp(manualEntryKey, currentStep()) },
  });
  expect(verify.status()).toBe(200);
  return manualEntryKey;
}

/** A company that requires two-factor, its admin (with it) and an invited member (without it). */
async function strictCompany(page: Page, company: string) {
  const admin = await registerViaApi(page, { company });
  const secret = await enableTwoFactorViaApi(page.request, admin.token);
  const { company_id } = admin.user as unknown as { company_id: number };
  const policy = await page.request.put(`/api/companies/${company_id}`, {
    headers: auth(admin.token),
    data: { require_two_factor: true },
  });
  expect(policy.status()).toBe(200);
  const email = uniqueEmail('strict');
  const before = readOutbox().map((m) => m.file);
  const link = await inviteViaApi(page.request, admin.token, { email, name: 'Sam Rivera', role: 'operator' });
  const mail = await waitForMail((m) => m.to === email, { except: before });
  expect(mail.text).toContain(`${company} requires two-factor authentication`);
  const member = await acceptViaApi(page.request, link, 'Sam Rivera');
  return { admin, member, email, secret };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} wide`, () => {
    test.use({ viewport });

    test('a member of a company that requires two-factor sees only the setup until it is done', async ({
      page,
    }) => {
      const { member } = await strictCompany(page, 'Northwind Cellars');
      await signInWithToken(page, member.token);
      const required = page.getByRole('heading', {
        name: 'Northwind Cellars requires two-factor authentication',
      });
      await expect(required).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      // Any address shows the same thing, and the server refuses the rest anyway.
      await page.goto('/inventory');
      await expect(required).toBeVisible();
      const refused = await page.request.get('/api/inventory', { headers: auth(member.token) });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).code).toBe('two_factor_required');
      await shoot(page, `forced-two-factor-${viewport.width}`);

      await page.getByRole('button', { name: 'Enable two-factor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
      const key = (await dialog.getByTestId('manual-entry-key').innerText()).replace(/\s/g, '');
      await dialog.getByLabel('Verification code').fill(totp(key, currentStep()));
      await dialog.getByRole('button', { name: 'Verify and enable' }).click();
      const codes = page.getByRole('dialog', { name: 'Save your backup codes' });
      await expect(codes.getByTestId('backup-code')).toHaveCount(10);
      // The codes stay on screen until they are put away, even though two-factor is already on (the page behind
      // the dialog is hidden from the accessibility tree, so it is found by its text).
      await expect(page.getByText('Northwind Cellars requires two-factor authentication')).toBeVisible();
      await codes.getByRole('button', { name: "I've saved them" }).click();

      await expect(required).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
      expect((await page.request.get('/api/inventory', { headers: auth(member.token) })).status()).toBe(200);
    });
  });
}

test('security screens: Company policy, Settings sessions, Team two-factor and last activity', async ({
  page,
}) => {
  const { admin, secret } = await strictCompany(page, 'Harbor Goods');
  // A second place the admin is signed in, from a phone.
  const phone = await page.request.post('/api/auth/login', {
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    },
    // The code the setup used is spent: the next one.
    data: {
      email: admin.user.email,
      password: 'stock-count-1',
      twoFactorCode: totp(secret, currentStep() + 1),
    },
  });
  expect(phone.status()).toBe(200);
  await signInWithToken(page, admin.token);

  await page.goto('/company');
  const policy = page.getByTestId('security-policy');
  await expect(policy.getByRole('switch', { name: /Require two-factor authentication/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(policy.getByText('Sam Rivera')).toBeVisible();
  await shoot(page, 'company-security');
  const download = page.waitForEvent('download');
  await policy.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^quantics-security-log-.*\.csv$/);

  await page.goto('/settings?tab=security');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByTestId('session-row').first()).toBeVisible();
  await expect(sessions.getByText('This session')).toBeVisible();
  await shoot(page, 'settings-security');

  await page.goto('/team');
  await expect(page.getByText('2FA on').first()).toBeVisible();
  await expect(page.getByText('No 2FA').first()).toBeVisible();
  await shoot(page, 'team-security');
});
