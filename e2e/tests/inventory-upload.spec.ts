import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';
import { createProductViaApi, downloadText, productRow, productRows, uploadFile } from './inventory-helpers';

// Row 1 is the header, as a spreadsheet numbers them. Rows 3 and 7 are good; the rest each break one rule. Row 8 names
// NL35 again: a SKU on several rows is one product in several places, described by its first row, which row 8
// contradicts.
const CSV = [
  'Name,SKU,Quantity,Unit Cost,Min Stock Level,Location,Expiration Date',
  'Northern Lights 3.5g,NL35,18,11.00,5,Main Store > Backroom,2030-01-31',
  'Blue Dream 3.5g,bd35,30,12.50,5,Main Store > Backroom,',
  '"Pineapple Express, 1g",PE1G,lots,9.00,2,,',
  ',NONAME,4,1.00,1,,',
  'Gelato Cart,GEL-ATO!!,5,20,1,,',
  'Kief Jar,KIEF1,7,3.50,2,Annex,',
  'Duplicate,NL35,2,1,1,,',
].join('\r\n');
const CONTRADICTION =
  'The name, unit_cost and min_stock_level of SKU NL35 differ from its first row (row 2): a SKU on several rows ' +
  'takes everything but quantity and location from its first row';

test('a CSV with good and bad rows: counts, the failed rows with their numbers, an error report', async ({
  page,
}) => {
  const admin = await registerViaApi(page);
  await createProductViaApi(page.request, admin.token, { name: 'Blue Dream', sku: 'BD35', quantity: 1 });
  await signInWithToken(page, admin.token);
  await page.goto('/inventory');
  await expect(productRows(page)).toHaveCount(1);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });

  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(uploadFile('stock.txt', CSV));
  await expect(page.getByText('Please select a CSV file').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  // A dry run checks every row and saves nothing.
  await dialog.getByLabel('CSV file').setInputFiles(uploadFile('stock.csv', CSV));
  await expect(dialog.getByText('stock.csv')).toBeVisible();
  await dialog.getByLabel('Validate only (dry run)').check();
  await dialog.getByRole('button', { name: 'Validate file' }).click();
  await expect(dialog.getByText('checked only, nothing was saved')).toBeVisible();
  await expect(dialog.getByTestId('import-Successful')).toHaveText('3');
  await expect(dialog.getByTestId('import-Failed')).toHaveText('4');
  await dialog.getByRole('button', { name: 'Upload another file' }).click();
  await expect(page.getByTestId('stat-Total Products')).toHaveText('1');

  await dialog.getByLabel('CSV file').setInputFiles(uploadFile('stock.csv', CSV));
  await dialog.getByLabel('Validate only (dry run)').uncheck();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload completed with 4 errors. Check console for details.')).toBeVisible();
  await expect(dialog.getByTestId('import-Successful')).toHaveText('3');
  await expect(dialog.getByTestId('import-Failed')).toHaveText('4');
  await expect(dialog.getByTestId('import-Created')).toHaveText('2');
  await expect(dialog.getByTestId('import-Updated')).toHaveText('1');
  await expect(dialog.getByTestId('import-Locations created')).toHaveText('3');
  await expect(dialog.getByText('Main Store > Backroom')).toBeVisible();

  const failed = dialog.getByTestId('failed-row');
  await expect(failed).toHaveCount(4);
  await expect(failed.nth(0)).toContainText('4');
  await expect(failed.nth(0)).toContainText('PE1G');
  await expect(failed.nth(0)).toContainText('Quantity must be a whole number of 0 or more');
  await expect(failed.nth(1)).toContainText('Name and SKU are required');
  await expect(failed.nth(2)).toContainText('SKU must be 1 to 12 letters and digits');
  await expect(failed.nth(3)).toContainText('8');
  await expect(failed.nth(3)).toContainText(CONTRADICTION);
  expect(warnings.some((w) => w.includes('CSV upload'))).toBe(true);

  const report = await downloadText(page, () =>
    dialog.getByRole('button', { name: 'Download error report' }).click(),
  );
  expect(report.name).toBe('stock-errors.csv');
  const lines = report.text.trim().split('\r\n');
  expect(lines[0]).toBe('row,sku,message');
  expect(lines).toHaveLength(5);
  expect(lines[1]).toBe('4,PE1G,Quantity must be a whole number of 0 or more');
  expect(lines[4]).toBe(`8,NL35,"${CONTRADICTION}"`);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(productRows(page)).toHaveCount(3);
  await expect(productRow(page, 'Northern Lights 3.5g')).toContainText('Backroom');
  await expect(productRow(page, 'Kief Jar')).toContainText('Annex');
  // The existing BD35 (1 unit kept in no location) was updated, not duplicated: a row sets the units at its place and
  // leaves the product's other places as they are, so it now has 30 in the backroom beside its 1: 31 in 2 places.
  await expect(productRow(page, 'Blue Dream 3.5g')).toContainText(/31\s*2 places/);

  // A clean file says so in the spec's words.
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(uploadFile('more.csv', 'name,sku,quantity\nRolling Papers,RP1,100\n'));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Successfully uploaded 1 products')).toBeVisible();
  await expect(dialog.getByTestId('failed-row')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Download error report' })).toHaveCount(0);
});

test('a file without a sku column is refused with the server’s message', async ({ page }) => {
  const admin = await registerViaApi(page);
  await signInWithToken(page, admin.token);
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(uploadFile('bad.csv', 'name,quantity\nThing,1\n'));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const message = 'The file has no sku column. The first row must name the columns.';
  await expect(dialog.getByRole('alert')).toHaveText(message);
  await expect(page.getByText('No products found')).toBeVisible();
});
