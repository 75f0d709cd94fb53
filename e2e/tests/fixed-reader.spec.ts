import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { readerSim, simStateFile } from './reader-sim';

// A fixed reader from the Devices page: add it (the webhook settings shown once), start a count, the Impinj R700
// stand-in (its own process) posts to the webhook with those settings, the card shows the reads arriving, finish,
// and the completed audit opens.
test('add a fixed reader, count with it over its webhook, finish and see the audit', async ({ page }) => {
  const { token } = await registerViaApi(page, { company: 'Dock Co' });
  const auth = { authorization: `Bearer ${token}` };
  const store = await page.request.post('/api/locations', { headers: auth, data: { name: 'Loading dock' } });
  const storeId = (await store.json()).id;
  const product = await page.request.post('/api/inventory', {
    headers: auth,
    data: { name: 'Pallet wrap', sku: 'WRAP01', quantity: 3, location_id: storeId },
  });
  expect(product.status()).toBe(201);
  const epc = (await product.json()).epc as string;
  await signInWithToken(page, token);

  await test.step('add the reader and see its webhook settings', async () => {
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Add fixed reader' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Dock door 1');
    await dialog.getByLabel('Serial number').fill('37020012345');
    await dialog.getByLabel('Home location').selectOption({ label: 'Loading dock' });
    await dialog.getByRole('button', { name: 'Add fixed reader' }).click();
    await expect(dialog.getByTestId('webhook-settings')).toBeVisible();
    await expect(dialog.getByTestId('webhook-url')).toHaveText(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/rfid\/impinj\/events$/,
    );
    await expect(dialog.getByTestId('webhook-username')).toHaveText('37020012345');
    await expect(dialog.getByTestId('webhook-password')).toHaveText(/^qdt_/);
    await shoot(page, 'fixed-reader-settings');
  });
  const dialog = page.getByRole('dialog');
  const url = (await dialog.getByTestId('webhook-url').textContent()) ?? '';
  const password = (await dialog.getByTestId('webhook-password').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Done' }).click();

  const card = page.getByTestId('device-card').filter({ hasText: 'Dock door 1' });
  await test.step('start a count at its home', async () => {
    await expect(card.getByText('No count open')).toBeVisible();
    await expect(card.getByTestId('battery')).toHaveText(/Mains/);
    await card.getByRole('button', { name: 'Start count' }).click();
    const start = page.getByRole('dialog');
    await expect(start.getByLabel('Where')).toHaveValue(String(storeId));
    await start.getByLabel('Count name (optional)').fill('Dock count');
    await start.getByRole('button', { name: 'Start count' }).click();
    await expect(card.getByTestId('fixed-count-state')).toContainText('Counting Dock count at Loading dock');
    await expect(card.getByTestId('fixed-count-state')).toContainText('0 reads so far');
  });

  await test.step('the R700 stand-in posts its tag events', async () => {
    const epcs = simStateFile().replace(/state\.json$/, 'tags.txt');
    writeFileSync(epcs, `${epc},2\n`);
    const base = new URL(url).origin;
    const run = readerSim(
      [
        'impinj',
        '--server',
        base,
        '--serial',
        '37020012345',
        '--password',
        password,
        '--epcs',
        epcs,
        '--repeats',
        '2',
        '--array-size',
        '2',
        '--resend-rate',
        '0.5',
      ],
      simStateFile(),
    );
    const done = await run.done;
    expect(done.code, done.out).toBe(0);
    // The device list refreshes every 5 s: the card shows the reads and the reader online.
    await expect(card.getByTestId('fixed-count-state')).toContainText('4 reads so far', { timeout: 15_000 });
    await expect(card.getByText('Online')).toBeVisible();
    await shoot(page, 'fixed-reader-counting');
  });

  await test.step('finish the count and see the audit', async () => {
    await card.getByRole('button', { name: 'Finish count' }).click();
    const details = page.getByRole('dialog', { name: 'Dock count' });
    await expect(details).toBeVisible();
    await expect(details.getByText('Completed', { exact: true })).toBeVisible();
    await expect(details.getByText('2 / 3')).toBeVisible();
    await expect(details.getByText('Fixed reader')).toBeVisible();
    await shoot(page, 'fixed-reader-audit');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(card.getByText('No count open')).toBeVisible();
  });

  await test.step('the list view shows the reader too', async () => {
    await page.getByRole('button', { name: 'List view' }).click();
    const row = page.getByTestId('device-row').filter({ hasText: 'Dock door 1' });
    await expect(row.getByRole('button', { name: 'Start count' })).toBeVisible();
    await shoot(page, 'fixed-reader-list');
  });
});
