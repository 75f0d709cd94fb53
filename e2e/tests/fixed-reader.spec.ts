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

// Zebra and Speedway readers: the connection follows the model, the settings name their URL and what to enter in
// the reader's web console, the Zebra stand-in (its own process, IoT Connector's bodies) counts, and the list shows
// each reader's connection.
test('a Zebra FX9600 and a Speedway R420: their connection, settings and a count over the IoT Connector', async ({
  page,
}) => {
  const { token } = await registerViaApi(page, { company: 'Zebra Co' });
  const auth = { authorization: `Bearer ${token}` };
  const product = await page.request.post('/api/inventory', {
    headers: auth,
    data: { name: 'Stretch film', sku: 'FILM01', quantity: 2 },
  });
  const epc = (await product.json()).epc as string;
  await signInWithToken(page, token);
  await page.goto('/devices');

  const add = async (name: string, serial: string, model: string, connection: string) => {
    await page.getByRole('button', { name: 'Add fixed reader' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Serial number').fill(serial);
    await dialog.getByLabel('Model').fill(model);
    await expect(dialog.getByLabel('Connection')).toHaveValue(connection);
    await dialog.getByRole('button', { name: 'Add fixed reader' }).click();
    await expect(dialog.getByTestId('webhook-settings')).toBeVisible();
    return dialog;
  };

  const dialog = await add('Back door', '84248DEE5721', 'Zebra FX9600', 'zebra-iot-connector');
  await test.step('the Zebra: its URL and the IoT Connector settings', async () => {
    await expect(dialog.getByTestId('webhook-url')).toHaveText(/\/api\/rfid\/zebra\/events$/);
    const steps = dialog.getByTestId('reader-console-steps');
    await expect(steps).toContainText('Zebra IoT Connector');
    await expect(steps).toContainText('HTTP POST');
    await expect(steps).toContainText('INVENTORY with TID added to the tag metadata');
    await shoot(page, 'fixed-reader-zebra-settings');
  });
  const url = (await dialog.getByTestId('webhook-url').textContent()) ?? '';
  const password = (await dialog.getByTestId('webhook-password').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Done' }).click();

  await test.step('the Speedway: Speedway Connect', async () => {
    const speedway = await add('Front door', 'SPW-0420', 'Impinj Speedway R420', 'speedway-connect');
    await expect(speedway.getByTestId('webhook-url')).toHaveText(/\/api\/rfid\/speedway\/events$/);
    await expect(speedway.getByTestId('reader-console-steps')).toContainText(
      'Speedway Connect › Output: HTTP Post',
    );
    await shoot(page, 'fixed-reader-speedway-settings');
    await speedway.getByRole('button', { name: 'Done' }).click();
  });

  const card = page.getByTestId('device-card').filter({ hasText: 'Back door' });
  await test.step('count with the Zebra stand-in: two units sharing an EPC, told apart by TID', async () => {
    await expect(card.getByTestId('device-interface')).toHaveText('Via Zebra IoT Connector');
    await card.getByRole('button', { name: 'Start count' }).click();
    const start = page.getByRole('dialog');
    await start.getByLabel('Count name (optional)').fill('Back door count');
    await start.getByRole('button', { name: 'Start count' }).click();
    await expect(card.getByTestId('fixed-count-state')).toContainText('0 reads so far');
    const epcs = simStateFile().replace(/state\.json$/, 'tags.txt');
    writeFileSync(epcs, `${epc},2\n`);
    const run = readerSim(
      [
        'zebra',
        '--server',
        new URL(url).origin,
        '--serial',
        '84248DEE5721',
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
    await expect(card.getByTestId('fixed-count-state')).toContainText('4 reads so far', { timeout: 15_000 });
    await expect(card.getByText('Online')).toBeVisible();
    await card.getByRole('button', { name: 'Finish count' }).click();
    const details = page.getByRole('dialog', { name: 'Back door count' });
    await expect(details.getByText('2 / 2')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).first().click();
  });

  await test.step('the list shows each reader’s connection', async () => {
    await page.getByRole('button', { name: 'List view' }).click();
    const row = (name: string) => page.getByTestId('device-row').filter({ hasText: name });
    await expect(row('Back door').getByTestId('device-interface')).toHaveText('Via Zebra IoT Connector');
    await expect(row('Front door').getByTestId('device-interface')).toHaveText('Via Impinj Speedway Connect');
    await shoot(page, 'fixed-reader-interfaces-list');
  });
});
