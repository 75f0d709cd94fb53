import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken, uniqueEmail } from './helpers';
import { createProductViaApi, productRow } from './inventory-helpers';
import { type PrintRig, startPrintRig } from './print-utility';

// Serialized GS1 labels as an admin uses them: the company's prefix in Settings, a serialized print through the
// real utility to the stand-in Zebra, the serial ranges in the job list and in the product's details.
const GTIN = '80614141123458';
let rig: PrintRig | undefined;
test.afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function addPrefix(page: Page, prefix: string) {
  await page.getByLabel('Add a prefix').fill(prefix);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

test('an admin adds the GS1 prefix, and a product under it prints serialized labels', async ({ page }) => {
  // Three screens and the utility and printer as their own processes: a long journey on a shared machine.
  test.slow();
  const email = uniqueEmail('gs1');
  const admin = await registerViaApi(page, { email, company: 'Serial Apparel' });
  await createProductViaApi(page.request, admin.token, {
    name: 'Oxford shirt, blue, M',
    sku: 'SHIRTM',
    gtin: GTIN,
    quantity: 12,
  });
  rig = await startPrintRig(email, 'stock-count-1');
  await signInWithToken(page, admin.token);

  // Settings > Labels: a bad prefix is refused in place; the good one is saved.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Labels' }).click();
  await expect(page.getByText('No prefixes yet: every label carries its product')).toBeVisible();
  await addPrefix(page, '06141');
  await expect(page.getByText('GS1 company prefix "06141" must be 6 to 12 digits')).toBeVisible();
  await addPrefix(page, '0614141');
  const list = page.getByRole('list', { name: 'GS1 company prefixes' });
  await expect(list.getByRole('listitem')).toHaveText(['06141417 digits']);
  await addPrefix(page, '061414');
  await expect(
    page.getByText('GS1 company prefixes 061414 and 0614141 overlap: a GTIN could fall under both'),
  ).toBeVisible();
  await page.getByLabel('Add a prefix').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('GS1 company prefixes saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await shoot(page, 'settings-gs1-prefixes');

  // The print page says the labels are serialized and which serials they will get.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Print Labels' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Print Utility Connected' })).toBeVisible();
  const search = page.getByPlaceholder('Search by product name or SKU...');
  await search.fill('SHIRTM');
  await search.press('Enter');
  const panel = page.getByLabel('Selected product');
  await expect(panel.getByText('Serialized GS1')).toBeVisible();
  await panel.getByLabel('Quantity').fill('3');
  await expect(panel.getByTestId('serial-note')).toContainText('Each label gets its own serial: 1 to 3');
  await expect(page.getByTestId('label-preview')).toHaveAccessibleName(/\(01\)80614141123458\(21\)1$/);
  await expect(page.getByTestId('gs1-datamatrix')).toBeVisible();
  await shoot(page, 'print-serialized');
  await panel.getByRole('button', { name: 'Print 3 Label(s)' }).click();
  await expect(page.getByText('Print job sent: 3 label(s) for Oxford shirt, blue, M')).toBeVisible();

  // The Zebra got three formats, serials 1 to 3 in its tags and codes; the job list shows the range.
  await expect.poll(() => rig?.labels().length).toBe(3);
  const serials = rig?.labels().map((zpl) => /\^FD_101\d{14}21(\d+)\^FS/.exec(zpl)?.[1]);
  expect(serials).toEqual(['1', '2', '3']);
  await expect(page.getByTestId('serial-range').first()).toHaveText('Serials 1–3');
  await shoot(page, 'print-jobs-serials');

  // The product's details in Inventory: serialized, 3 printed, the next serial, the range.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
  await productRow(page, 'Oxford shirt, blue, M').getByRole('button', { name: /Edit/ }).click();
  const details = page.getByRole('dialog', { name: 'Edit Product' }).getByTestId('product-serials');
  await expect(details).toContainText('Serialized GS1 labels');
  await expect(details).toContainText('3 printed · next serial 4');
  await expect(details.getByTestId('serial-range')).toHaveText('Serials 1–3');
  await shoot(page, 'product-serials');
});
