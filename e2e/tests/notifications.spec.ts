import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { SIM_KEY_NORTHSIDE, setSimQuantity, simInventory } from './dutchie-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';

/** A product that runs low and then out: two notifications, through the inventory API as an operator would. */
async function productRunsOut(page: Page, token: string, sku: string) {
  const headers = { authorization: `Bearer ${token}` };
  const made = await page.request.post('/api/inventory', {
    headers,
    data: { name: `Bell widget ${sku}`, sku, quantity: 20, min_stock_level: 5 },
  });
  expect(made.status()).toBe(201);
  const id = (await made.json()).id as number;
  for (const quantity of [3, 0]) {
    const res = await page.request.put(`/api/inventory/${id}`, {
      headers,
      data: { name: `Bell widget ${sku}`, sku, quantity, min_stock_level: 5 },
    });
    expect(res.status()).toBe(200);
  }
}

/** The bell visible at this screen size (the sidebar's on wide screens, the top bar's on a phone). */
const bell = (page: Page) => page.getByTestId('notification-bell').locator('visible=true');

for (const width of [1440, 390]) {
  test.describe(`at ${width} wide`, () => {
    test.use({ viewport: { width, height: width > 1000 ? 900 : 844 } });

    test('the bell shows the unread count, lists the latest, opens the product and marks all read', async ({
      page,
    }) => {
      const { token } = await registerViaApi(page);
      const sku = `BELL${width}`;
      await productRunsOut(page, token, sku);
      await signInWithToken(page, token);

      await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
      await expect(bell(page).getByTestId('notification-dot')).toHaveText('2');
      await bell(page).click();
      const items = page.getByTestId('notification-item');
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText(`Bell widget ${sku} (${sku}) is out of stock`);
      await expect(items.nth(1)).toContainText(`Bell widget ${sku} (${sku}) is running low`);
      await shoot(page, `bell-open-${width}`);

      // Opening one goes to its page and marks it read.
      await items.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`/inventory\\?search=${sku}$`));
      await expect(
        page
          .getByRole('searchbox')
          .or(page.getByPlaceholder(/search/i))
          .first(),
      ).toHaveValue(sku);
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

      await bell(page).click();
      await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
      await expect(bell(page).getByTestId('notification-dot')).toHaveCount(0);
      await expect(page.getByText('All caught up')).toBeVisible();
      await expect(page.getByTestId('notification-item').first()).toHaveAttribute('data-read', 'true');
      await page.keyboard.press('Escape');
      await expect(bell(page)).toHaveAccessibleName('Notifications');
    });

    test("a Dutchie package running low: the bell names the package and opens it in the store's inventory", async ({
      page,
    }, info) => {
      const { token } = await registerViaApi(page, { useDutchie: true, dutchieApiKey: SIM_KEY_NORTHSIDE });
      const headers = { authorization: `Bearer ${token}` };
      // The company's first snapshot: what is known (packages already low are not news).
      expect((await page.request.get('/api/dutchie-inventory?limit=1', { headers })).status()).toBe(200);
      // A package of its own per run, so repeats side by side do not change each other's.
      const stocked = (await simInventory(SIM_KEY_NORTHSIDE)).filter((r) => r.quantityAvailable > 20);
      const pkg = stocked[(info.repeatEachIndex * 2 + (width > 1000 ? 0 : 1)) % stocked.length];
      if (!pkg) throw new Error('the simulator has no stocked package');
      await setSimQuantity(pkg.packageId, 3);
      try {
        const refreshed = await page.request.get('/api/dutchie-inventory?refresh=true&limit=1', { headers });
        expect(refreshed.status()).toBe(200);
        await signInWithToken(page, token);
        await bell(page).click();
        // Other runs' packages may have run low in the same store meanwhile: this one is told once.
        const item = page
          .getByTestId('notification-item')
          .filter({ hasText: `${pkg.productName} (package ${pkg.packageId}) is running low` });
        await expect(item).toHaveCount(1);
        await expect(item).toContainText('Quantity 3, low at 5 or fewer.');
        await item.click();
        await expect(page).toHaveURL(new RegExp(`/inventory\\?search=${pkg.packageId}$`));
        await expect(page.getByRole('searchbox', { name: 'Search packages' })).toHaveValue(pkg.packageId);
        // The package is listed and opened on its rooms and details.
        await expect(
          page.getByRole('button', { name: `Hide details of ${pkg.productName}` }).locator('visible=true'),
        ).toHaveCount(1);
        await shoot(page, `dutchie-package-from-bell-${width}`);
      } finally {
        await setSimQuantity(pkg.packageId, pkg.quantityAvailable);
      }
    });
  });
}

test('a new company sees an empty bell with no red dot', async ({ page }) => {
  const { token } = await registerViaApi(page);
  await signInWithToken(page, token);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(bell(page).getByTestId('notification-dot')).toHaveCount(0);
  await bell(page).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
});

test('settings: e-mail choices and webhooks with the secret shown once and a delivery log', async ({
  page,
}) => {
  const { token } = await registerViaApi(page);
  await signInWithToken(page, token);
  await page.goto('/settings?tab=notifications');
  await page.getByLabel('Audit completed').check();
  await page.getByLabel('Only audits under this accuracy (%)').fill('90');
  await page.getByLabel('Send me a daily digest').check();
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await shoot(page, 'settings-notifications');
  await page.reload();
  await expect(page.getByLabel('Audit completed')).toBeChecked();
  await expect(page.getByLabel('Only audits under this accuracy (%)')).toHaveValue('90');

  // A receiver of the test's own (the e2e server allows private addresses for it).
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    req.on('data', (c: Buffer) => received.push(c.toString()));
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    await page.getByLabel('Endpoint URL').fill('not a url');
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('dialog').getByLabel('Product out of stock').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('webhook-row');
    await expect(row).toContainText(url);
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByTestId('delivery-log');
    await expect(log).toContainText('webhook.test');
    await expect(log).toContainText('Delivered');
    await expect(log).toContainText('200');
    expect(received.join('')).toContain('"type":"webhook.test"');
    await log.getByText('webhook.test', { exact: true }).click();
    await expect(log.getByText('Body sent')).toBeVisible();
    await shoot(page, 'settings-webhooks');
    // Turned off, it says what happens to deliveries meanwhile; turned on again, it is active.
    await row.getByRole('button', { name: 'Turn off' }).click();
    await expect(row).toContainText('Off');
    await expect(row).toContainText(
      'New events are not sent while it is off. Deliveries it had not yet received are kept and sent once you turn it on.',
    );
    await expect(row.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await shoot(page, 'settings-webhook-off');
    await row.getByRole('button', { name: 'Turn on' }).click();
    await expect(row).toContainText('Active');
    await expect(row.getByText('New events are not sent while it is off.', { exact: false })).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
