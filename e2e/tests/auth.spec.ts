import { expect, test } from '@playwright/test';
import { registerViaApi, registerViaUi, sidebarItems, signInWithToken } from './helpers';

test('register, land on the dashboard, log out and log back in', async ({ page }) => {
  const account = await registerViaUi(page);
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveTitle('Quantics | Dashboard');
  await expect(page.getByTestId('dashboard-Company')).toHaveText(account.company);
  await expect(page.getByTestId('dashboard-Your role')).toHaveText('Admin');
  // A session token: 32 random bytes, base64url.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await expect(page.getByText('Sign in to your RFID Management Portal')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-Company')).toHaveText(account.company);
});

test('the register form checks its fields before sending', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('Start managing your RFID inventory')).toBeVisible();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('54321');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('register with the Dutchie option hides Locations and keeps the key secret', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(/Use Dutchie Integration/).check();
  await expect(page.getByText('This cannot be changed after registration.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Dutchie API Key')).toHaveAttribute('type', 'password');
  await page.getByLabel('Email').fill('pos-owner@example.com');
  await page.getByLabel('Password', { exact: true }).fill('stock-count-1');
  await page.getByLabel('Confirm password').fill('stock-count-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Dutchie API key is required when using Dutchie integration')).toBeVisible();

  await registerViaUi(page, { dutchieKey: 'dk_test_secret_42' });
  await expect(page.getByText('live inventory from its Dutchie point-of-sale')).toBeVisible();
  const items = await sidebarItems(page);
  expect(items).not.toContain('Locations');
  expect(items).toContain('Inventory');
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/auth/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.text();
  });
  expect(me).toContain('"inventory_type":"dutchie"');
  expect(me).not.toContain('dk_test_secret_42');
});

test('a 401 from the API clears the token and sends the browser to /login', async ({ page }) => {
  const { token } = await registerViaApi(page);
  await signInWithToken(page, token);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Let the dashboard's own calls finish first, so none of them races the reload below.
  await expect(page.getByTestId('dashboard-Company')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Revoke the session behind the browser's back, then use the app.
  await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('protected paths need a sign-in and unknown paths go home', async ({ page }) => {
  await page.goto('/inventory');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#waitlist')).toBeVisible();
});
