import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, signInWithToken, uniqueEmail } from './helpers';
import { type PrintRig, startPrintRig } from './print-utility';

// The whole path: the page, the portal, the print utility (its own process) and a stand-in Zebra on raw TCP.
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const PRODUCTS = [
  { name: 'Blue Dream 3.5g Premium Indoor Flower Jar', sku: 'BD35', quantity: 24, vendor: 'Emerald Farms' },
  { name: 'Sour Diesel Pre-Roll 5 pack', sku: 'SD5PK', quantity: 3 },
  { name: 'Lavender Bath Salts', sku: 'LAV200', quantity: 0 },
];
const epc = (sku: string) => Buffer.from(sku.padEnd(12, '0')).toString('hex').toUpperCase();

let rig: PrintRig | undefined;
test.afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function setUp(page: Page) {
  const email = uniqueEmail('printer');
  const { token } = await registerViaApi(page, { email });
  const headers = { authorization: `Bearer ${token}` };
  const loc = await page.request.post('/api/locations', { headers, data: { name: 'Backroom' } });
  for (const p of PRODUCTS) {
    const res = await page.request.post('/api/inventory', {
      headers,
      data: { ...p, location_id: (await loc.json()).id },
    });
    expect(res.status()).toBe(201);
  }
  rig = await startPrintRig(email, 'stock-count-1');
  await signInWithToken(page, token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Print Labels' }).click();
  await expect(page).toHaveTitle('Quantics | Print Labels');
  await expect(page.getByRole('status').filter({ hasText: 'Print Utility Connected' })).toBeVisible();
  return rig;
}

test('search, select, print: the label with its EPC reaches the Zebra', async ({ page }) => {
  const r = await setUp(page);
  const search = page.getByPlaceholder('Search by product name or SKU...');
  await search.press('Enter');
  await expect(page.getByText('Please enter a search term')).toBeVisible();
  await search.fill('blue');
  await search.press('Enter');
  // A single result is selected for you.
  const panel = page.getByLabel('Selected product');
  await expect(panel.getByRole('heading', { name: PRODUCTS[0]?.name })).toBeVisible();
  await expect(panel.getByText('Emerald Farms')).toBeVisible();
  await expect(page.getByTestId('label-preview')).toHaveAccessibleName(/SKU: BD35/);
  await expect(panel.getByText(epc('BD35'))).toBeVisible();
  await expect(panel.getByLabel('Printer')).toHaveValue('Zebra ZD621R');
  // An admin sets the company's label size: the preview and the printed format follow.
  await panel.getByRole('button', { name: 'Change label size' }).click();
  const sizeDialog = page.getByRole('dialog', { name: 'Label size' });
  await sizeDialog.getByLabel('Width (inches)').fill('4');
  await sizeDialog.getByLabel('Height (inches)').fill('2');
  await sizeDialog.getByLabel('Printer resolution').selectOption('300');
  await sizeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Label size saved')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Change label size' })).toHaveText('4 × 2 in · 300 dpi');
  await panel.getByLabel('Quantity').fill('2');
  await shot(page, 'print-selected-1440');
  await panel.getByRole('button', { name: 'Print 2 Label(s)' }).click();
  await expect(page.getByText(`Print job sent: 2 label(s) for ${PRODUCTS[0]?.name}`)).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(page.getByText('No product selected')).toBeVisible();

  await expect.poll(() => r.labels().length).toBe(2);
  for (const zpl of r.labels()) {
    expect(zpl).toContain(`^RFW,H^FD${epc('BD35')}^FS`);
    expect(zpl).toContain('^FDSKU: BD35^FS');
    expect(zpl).toContain('^PW1200');
  }
  const jobs = page.getByRole('table');
  await expect(jobs.getByRole('row').nth(1)).toContainText('Printed');
  await expect(jobs.getByRole('row').nth(1)).toContainText('Zebra ZD621R');
  await shot(page, 'print-jobs-1440');

  // The utility stops: the badge and the printer dropdown follow within the 5-second refresh.
  await r.stopUtility();
  await expect(page.getByRole('status').filter({ hasText: 'Print Utility Disconnected' })).toBeVisible({
    timeout: 15_000,
  });
  await search.fill('SD5PK');
  await search.press('Enter');
  await expect(page.getByLabel('Printer')).toBeDisabled();
  await expect(page.getByLabel('Printer')).toContainText('Print utility not connected');
  await shot(page, 'print-disconnected-1440');
  await page.getByRole('button', { name: 'Print 1 Label(s)' }).click();
  await expect(page.getByText('Please select a printer')).toBeVisible();
});

test('bulk: add all products, set quantities, print them all at once', async ({ page }) => {
  const r = await setUp(page);
  await page.getByRole('button', { name: 'Add All Products' }).click();
  await expect(page.getByText('Added 3 products for bulk printing')).toBeVisible();
  const queue = page.getByLabel('Bulk Print Queue');
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  await queue.getByLabel('Labels for Sour Diesel Pre-Roll 5 pack').fill('3');
  await queue.getByRole('button', { name: 'Remove Lavender Bath Salts' }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'print-bulk-1440');
  await queue.getByRole('button', { name: 'Print 4 Total Labels' }).click();
  await expect(page.getByText('Successfully queued 2 print job(s)')).toBeVisible();
  await expect(queue).toBeHidden();
  await expect.poll(() => r.labels().length).toBe(4);
  const epcs = r.labels().map((z) => /\^RFW,H\^FD([0-9A-F]{24})\^FS/.exec(z)?.[1]);
  expect(epcs.sort()).toEqual([epc('BD35'), epc('SD5PK'), epc('SD5PK'), epc('SD5PK')].sort());

  // Bulk mode again from a search: Add to Bulk, then Cancel Bulk Mode empties the queue.
  const search = page.getByPlaceholder('Search by product name or SKU...');
  await search.fill('lavender');
  await search.press('Enter');
  await page.getByRole('button', { name: 'Add to Bulk' }).click();
  await expect(page.getByText('Added Lavender Bath Salts to bulk print')).toBeVisible();
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await queue.getByRole('button', { name: 'Cancel Bulk Mode' }).click();
  await expect(queue).toBeHidden();

  // The computer is lost: sign its utility out from the portal; it stops at once.
  await page.getByRole('button', { name: /^Sign out Print utility on / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Print Utility Disconnected' })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => r.utilityExitCode(), { timeout: 20_000 }).toBe(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the page works at 390 wide', async ({ page }) => {
    const email = uniqueEmail('phone');
    const { token } = await registerViaApi(page, { email });
    await page.request.post('/api/inventory', {
      headers: { authorization: `Bearer ${token}` },
      data: PRODUCTS[0],
    });
    rig = await startPrintRig(email, 'stock-count-1');
    await signInWithToken(page, token);
    await page.goto('/print-labels');
    await expect(page.getByRole('status').filter({ hasText: 'Print Utility Connected' })).toBeVisible();
    await page.getByPlaceholder('Search by product name or SKU...').fill('BD35');
    await page.getByPlaceholder('Search by product name or SKU...').press('Enter');
    await expect(page.getByTestId('label-preview')).toBeVisible();
    await shot(page, 'print-selected-390');
    await page.getByRole('button', { name: 'Print 1 Label(s)' }).click();
    await expect(page.getByText(`Print job sent: 1 label(s) for ${PRODUCTS[0]?.name}`)).toBeVisible();
    await expect.poll(() => rig?.labels().length).toBe(1);

    // Dark mode, help open, a bulk queue: still readable at 390.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('region', { name: 'Printing RFID labels' })).toContainText('Troubleshooting');
    await page.getByRole('button', { name: 'Add All Products' }).click();
    await expect(page.getByLabel('Bulk Print Queue').getByRole('listitem')).toHaveCount(1);
    await shot(page, 'print-dark-390');
  });
});
