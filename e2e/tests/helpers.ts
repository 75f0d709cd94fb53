import { expect, type Page } from '@playwright/test';

let n = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}.${n}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export type Account = { email: string; password: string; company: string };

/** Registers through the form, the way a new customer does, and waits for the dashboard. */
export async function registerViaUi(
  page: Page,
  opts: Partial<Account> & { dutchieKey?: string } = {},
): Promise<Account> {
  const account = {
    email: opts.email ?? uniqueEmail(),
    password: opts.password ?? 'stock-count-1',
    company: opts.company ?? 'Harbor Supply',
  };
  await page.goto('/register');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Company (optional)').fill(account.company);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  if (opts.dutchieKey) {
    await page.getByLabel(/Use Dutchie Integration/).check();
    await page.getByLabel('Dutchie API Key').fill(opts.dutchieKey);
  }
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Registers through the API (faster where the form itself is not under test). */
export async function registerViaApi(page: Page, body: Record<string, unknown> = {}) {
  const email = uniqueEmail('api');
  const res = await page.request.post('/api/auth/register', {
    data: { email, password: 'stock-count-1', company: 'Api Co', ...body },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { token: string; user: { email: string; company: string } };
}

export async function signInWithToken(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/dashboard');
}

/** Names of the links in the desktop sidebar, in order. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  // The shell renders once the user is loaded; read the menu only after it is there.
  await expect(links.first()).toBeVisible();
  return links.allInnerTexts();
}

const SHOTS = process.env.SHOTS_DIR;

/** Screenshots for people to look at (set SHOTS_DIR): wide and phone-sized. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
  // The theme follows the system by default: the same screen in dark mode.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/${name}-1440-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}
