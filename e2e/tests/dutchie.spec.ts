import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addSimKey, revokeSimKey, simInventory } from './dutchie-helpers';
import { registerViaUi, sidebarItems } from './helpers';

/** Screenshots for a person to look at, when asked for (DUTCHIE_SHOTS=/tmp/shots-dutchie). */
async function shot(page: Page, name: string) {
  const dir = process.env.DUTCHIE_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const rows = (page: Page) => page.getByTestId('package-row');
const range = (page: Page) => page.getByTestId('pagination-range');

test('a Dutchie company browses, filters, sorts and expands its point-of-sale inventory', async ({
  page,
}) => {
  const key = await addSimKey();
  const store = await simInventory(key);
  const inStock = store.filter((p) => p.quantityAvailable > 0);
  await registerViaUi(page, { dutchieKey: key, company: 'Greenleaf Wellness' });
  expect(await sidebarItems(page)).not.toContain('Locations');

  await test.step('the list: 20 a page, with its sync line', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
    await expect(page.getByRole('heading', { name: 'Dutchie Inventory' })).toBeVisible();
    await expect(page.getByTestId('sync-line')).toContainText('Greenleaf Wellness - Portland');
    await expect(rows(page)).toHaveCount(20);
    await expect(range(page)).toHaveText(`Showing 1-20 of ${inStock.length} packages`);
    await shot(page, 'inventory-1440');
  });

  await test.step('sorted by name, turned around by the Product header', async () => {
    // Sorted by name; the Product header turns it around.
    const firstByName = [...inStock].sort((a, b) =>
      a.productName.localeCompare(b.productName, 'en', { sensitivity: 'base', numeric: true }),
    )[0];
    await expect(rows(page).first()).toContainText(firstByName?.productName ?? '');
    await page.getByRole('button', { name: /^Product/ }).click();
    await expect(rows(page).first()).not.toContainText(firstByName?.productName ?? '');
    await page.getByRole('button', { name: /^Product/ }).click();
  });

  await test.step('the category filter', async () => {
    // Category filter.
    await page.getByLabel('Filter by category').selectOption('Edibles');
    const edibles = inStock.filter((p) => p.category === 'Edibles').length;
    expect(edibles).toBeGreaterThan(0);
    await expect(range(page)).toContainText(`of ${edibles} packages`);
    // The page's rows, every one of them Edibles (an empty page would pass the loop alone).
    await expect(rows(page)).toHaveCount(Math.min(edibles, 20));
    for (const cell of await rows(page).locator('td:nth-child(3)').allInnerTexts())
      expect(cell).toBe('Edibles');
    await page.getByLabel('Filter by category').selectOption('all');
  });

  await test.step('the room filter', async () => {
    // Room filter: packages holding units in Quarantine.
    await page.getByLabel('Filter by room').selectOption('Quarantine');
    const quarantined = store.filter((p) =>
      p.roomQuantities.some((r) => r.room === 'Quarantine' && r.quantityAvailable > 0),
    );
    await expect(rows(page)).toHaveCount(Math.min(20, quarantined.length));
    await page.getByLabel('Filter by room').selectOption('all');
  });

  await test.step('zero quantities when asked, in red', async () => {
    // Zero quantities appear when asked, in red.
    await page.getByLabel(/show zero quantity/i).check();
    await expect(range(page)).toContainText(`of ${store.length} packages`);
    const zero = store.find((p) => p.quantityAvailable === 0);
    await page.getByLabel('Search packages').fill(zero?.packageId ?? '');
    await page.getByLabel('Search packages').press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().locator('[data-tone="out"]')).toHaveText('0');
    await page.getByLabel(/show zero quantity/i).uncheck();
    await expect(page.getByText('No packages found')).toBeVisible();
  });

  await test.step('a package expanded: its rooms, quantities and details', async () => {
    // Expand a package: its rooms and quantities, its details.
    const split = inStock.find((p) => p.roomQuantities.length === 2);
    expect(split?.roomQuantities).toHaveLength(2);
    await page.getByLabel('Search packages').fill(split?.packageId ?? '');
    await expect(rows(page)).toHaveCount(1);
    await page
      .getByRole('button', { name: `Show details of ${split?.productName}` })
      .first()
      .click();
    const details = page.getByTestId('package-details').first();
    for (const room of split?.roomQuantities ?? []) {
      await expect(details.getByText(room.room, { exact: true })).toBeVisible();
    }
    await expect(details).toContainText(split?.packageId ?? '');
    await expect(details.getByText(/THC/)).toBeVisible();
    await shot(page, 'inventory-expanded-1440');
  });

  await test.step('on a phone, cards', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Search packages').fill('');
    await expect(page.getByTestId('package-card').first()).toBeVisible();
    await shot(page, 'inventory-390');
    if (process.env.DUTCHIE_SHOTS) {
      await page.evaluate(() =>
        fetch('/api/settings/appearance', {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${localStorage.getItem('token')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ theme: 'dark' }),
        }),
      );
      await page.reload();
      await expect(page.getByTestId('package-card').first()).toBeVisible();
      await shot(page, 'inventory-dark-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      await shot(page, 'inventory-dark-1440');
    }
  });
});

test('when Dutchie refuses the key, the screen says so and keeps the last inventory', async ({ page }) => {
  const key = await addSimKey();
  await registerViaUi(page, { dutchieKey: key, company: 'Revoked Dispensary' });
  await page.goto('/inventory');
  await expect(rows(page)).toHaveCount(20);

  await revokeSimKey(key);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Failed to fetch inventory from Dutchie')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Dutchie refused the API key' })).toContainText(
    'An admin can replace it in Settings.',
  );
  await expect(page.getByRole('link', { name: 'Replace key' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await shot(page, 'key-refused-1440');
});

test('an admin sees the Dutchie connection in Settings and replaces the key', async ({ page }) => {
  const key = await addSimKey();
  await registerViaUi(page, { dutchieKey: key, company: 'Moving Dispensary' });
  await page.goto('/settings');
  const card = page.getByTestId('point-of-sale-card');
  await expect(card).toContainText('Greenleaf Wellness - Portland');
  await expect(card).toContainText('Connected');
  await expect(card).not.toContainText(key);

  await card.getByLabel('Replace API key').fill('dsim_mistyped_key');
  await card.getByRole('button', { name: 'Replace key' }).click();
  await expect(page.getByText('Dutchie refused this API key. Check it and try again.')).toBeVisible();

  await card.getByLabel('Replace API key').fill('dsim_northside_8d2e4b6a1c');
  await card.getByRole('button', { name: 'Replace key' }).click();
  await expect(page.getByText('Dutchie API key replaced')).toBeVisible();
  await expect(card).toContainText('Northside Cannabis Co. - Denver');
  await shot(page, 'settings-point-of-sale-1440');

  await page.goto('/inventory');
  await expect(page.getByTestId('sync-line')).toContainText('Northside Cannabis Co. - Denver');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await expect(page.getByTestId('point-of-sale-card')).toContainText('Northside Cannabis Co. - Denver');
  await shot(page, 'settings-point-of-sale-390');
});
