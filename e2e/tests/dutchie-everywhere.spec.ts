import { expect, test } from '@playwright/test';
import { addSimKey, simInventory } from './dutchie-helpers';
import { registerViaApi, shoot, signInWithToken, uniqueEmail } from './helpers';
import { type PrintRig, startPrintRig } from './print-utility';

// A Dutchie company's dashboard and labels come from its Dutchie store (the simulator beside the server).

let rig: PrintRig | undefined;
test.afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

test("the dashboard shows the Dutchie store's inventory, low stock, expiring packages and top sellers", async ({
  page,
}) => {
  const key = await addSimKey();
  const store = await simInventory(key);
  const inStock = store.filter((p) => p.quantityAvailable > 0);
  const { token } = await registerViaApi(page, {
    useDutchie: true,
    dutchieApiKey: key,
    company: 'Greenleaf',
  });
  await signInWithToken(page, token);
  await expect(page.getByTestId('inventory-Total Products')).toHaveText(
    inStock.length.toLocaleString('en-US'),
  );
  await expect(page.getByTestId('dutchie-source')).toContainText('From Dutchie');
  const low = inStock.filter((p) => p.quantityAvailable <= 5);
  await expect(page.getByTestId('low-stock-item')).toHaveCount(Math.min(5, low.length));
  const fewest = Math.min(...low.map((p) => p.quantityAvailable));
  await expect(page.getByTestId('low-stock-item').first()).toContainText(
    `${fewest} ${fewest === 1 ? 'unit' : 'units'}`,
  );
  await expect(page.getByTestId('expiring-item').first()).toBeVisible();
  await expect(page.getByTestId('top-product')).toHaveCount(5);
  await expect(page.getByText('No sales data available')).toBeHidden();
  await shoot(page, 'dutchie-dashboard');
});

test('labels: search a package, its label carries the package id and its EPC; no bulk mode', async ({
  page,
}) => {
  const key = await addSimKey();
  const store = await simInventory(key);
  const pkg = store.find((p) => p.quantityAvailable > 0 && p.roomQuantities.length > 0);
  if (!pkg) throw new Error('the store has no package in a room');
  const email = uniqueEmail('dutchie-print');
  const { token } = await registerViaApi(page, { email, useDutchie: true, dutchieApiKey: key });
  rig = await startPrintRig(email, 'stock-count-1');
  await signInWithToken(page, token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Print Labels' }).click();
  await expect(page.getByRole('heading', { name: 'Print RFID Labels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add All Products' })).toBeHidden();

  const search = page.getByPlaceholder('Search by product name or SKU...');
  await search.fill(pkg.packageId);
  await search.press('Enter');
  const panel = page.getByLabel('Selected product');
  await expect(panel.getByRole('heading', { name: pkg.productName })).toBeVisible();
  await expect(panel.getByText(pkg.roomQuantities[0]?.room ?? '', { exact: true })).toBeVisible();
  await expect(page.getByTestId('label-preview')).toHaveAccessibleName(new RegExp(`SKU: ${pkg.packageId}`));
  // A Metrc label is the EPC itself: the tag printed reads like the one Metrc ships.
  const epc = pkg.packageId;
  await expect(panel.locator('code', { hasText: epc })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add to Bulk' })).toBeHidden();
  await shoot(page, 'dutchie-print-labels');
  await panel.getByRole('button', { name: 'Print 1 Label(s)' }).click();
  await expect(page.getByText(`Print job sent: 1 label(s) for ${pkg.productName}`)).toBeVisible();
  await expect.poll(() => rig?.labels().length).toBe(1);
  expect(rig?.labels()[0]).toContain(`^RFW,H^FD${epc}^FS`);
  expect(rig?.labels()[0]).toContain(`^FDSKU: ${pkg.packageId}^FS`);

  // A search by name lists packages with their first room as location.
  await search.fill(pkg.productName.split(' ')[0] ?? '');
  await search.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();
});
