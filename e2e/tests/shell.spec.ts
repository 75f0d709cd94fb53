import { expect, test } from '@playwright/test';
import { registerViaApi, sidebarItems, signInWithToken } from './helpers';
import { ADMIN_MENU } from './team-helpers';

test('an admin sees the whole menu in the spec order, and every page is titled', async ({ page }) => {
  const { token } = await registerViaApi(page);
  await signInWithToken(page, token);
  expect(await sidebarItems(page)).toEqual(ADMIN_MENU);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audits' }).click();
  await expect(page).toHaveURL(/\/audits$/);
  await expect(page).toHaveTitle('Quantics | Audits');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('top bar, slide-over menu that Escape closes, and a five-item bottom bar', async ({ page }) => {
    const { token } = await registerViaApi(page);
    await signInWithToken(page, token);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const quick = page.getByRole('navigation', { name: 'Quick' });
    await expect(quick.getByRole('link')).toHaveText([
      'Dashboard',
      'Tallie Chat',
      'Audits',
      'Count',
      'Devices',
    ]);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a new company gets the getting-started steps until its admin hides them, and the help panel on request', async ({
  page,
}) => {
  const { token } = await registerViaApi(page);
  await signInWithToken(page, token);
  const guide = page.getByRole('heading', { name: 'Get started with Quantics' });
  await expect(guide).toBeVisible();
  await expect(page.getByText('Add your places')).toBeVisible();
  await expect(page.getByText('Invite your team')).toBeVisible();

  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('region', { name: 'How the dashboard works' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide help' }).click();
  await expect(page.getByRole('region', { name: 'How the dashboard works' })).toBeHidden();

  await page.getByRole('button', { name: 'Hide for everyone' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Hide for everyone' }).click();
  await expect(guide).toBeHidden();
  // Kept on the server: gone after a reload too.
  await page.reload();
  await expect(page.getByTestId('dashboard-Company')).toBeVisible();
  await expect(guide).toBeHidden();
});
