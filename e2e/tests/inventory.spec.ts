import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken, uniqueEmail } from './helpers';
import {
  createLocationViaApi,
  createProductViaApi,
  downloadText,
  productRow,
  productRows,
} from './inventory-helpers';
import { acceptViaApi, inviteViaApi } from './team-helpers';

test('an admin adds, searches, filters, edits and deletes a product', async ({ page }) => {
  // The page's clock runs as usual; the search below stands it still while typing.
  await page.clock.install();
  const admin = await registerViaApi(page, { company: 'Harbor Supply' });
  await createLocationViaApi(page.request, admin.token, { name: 'Backroom' });
  await signInWithToken(page, admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveTitle('Quantics | Inventory');
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText('Get started by adding your first product')).toBeVisible();
  await expect(page.getByTestId('stat-Total Products')).toHaveText('0');

  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog.getByText('Name and SKU are required')).toBeVisible();
  // The refused submit puts the cursor in the first field in error, the name.
  await expect(dialog.getByLabel('Product Name')).toBeFocused();
  await dialog.getByLabel('Product Name').fill('Blue Dream 3.5g');
  // The SKU input keeps letters and digits only, in upper case, and at most 12 of them.
  await dialog.getByLabel('SKU').pressSequentially('bd-35 x');
  await expect(dialog.getByLabel('SKU')).toHaveValue('BD35X');
  await expect(dialog.getByText('RFID tag: BD35X0000000')).toBeVisible();
  await dialog.getByLabel('Quantity').fill('3');
  await dialog.getByLabel('Min Stock Level').fill('5');
  await dialog.getByLabel('Unit Cost ($)').fill('12.50');
  await dialog.getByLabel('Location').selectOption({ label: 'Backroom' });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = productRow(page, 'Blue Dream 3.5g');
  await expect(row).toContainText('BD35X0000000');
  await expect(row).toContainText('Backroom');
  await expect(row).toContainText('Low Stock');
  await expect(row).toContainText('Never');
  await expect(page.getByTestId('stat-Low Stock')).toHaveText('1');

  // The same SKU again is refused with the server's message.
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  await dialog.getByLabel('Product Name').fill('Copy');
  await dialog.getByLabel('SKU').fill('bd35x');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('A product with SKU BD35X already exists').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await createProductViaApi(page.request, admin.token, {
    name: 'Mango Gummies',
    sku: 'MGUM100',
    quantity: 80,
  });
  await createProductViaApi(page.request, admin.token, { name: 'Hemp Lotion', sku: 'HEMP8', quantity: 0 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(productRows(page)).toHaveCount(3);
  await expect(productRow(page, 'Hemp Lotion')).toContainText('Not set');
  await expect(productRow(page, 'Hemp Lotion')).toContainText('Out of Stock');
  await expect(page.getByTestId('stat-Total Products')).toHaveText('3');

  // Search waits for typing to stop (500 ms) and then asks once.
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/inventory' && url.searchParams.get('search')) {
      searches.push(url.searchParams.get('search') as string);
    }
  });
  // Typing on a busy machine can leave more than 500 ms between keys: the page's time stands still while the five
  // keys go in, then 600 ms pass.
  await page.clock.pauseAt(new Date(Date.now() + 1_000));
  await page.getByLabel('Search products').pressSequentially('mango', { delay: 60 });
  await page.clock.runFor(600);
  await page.clock.resume();
  await expect(productRows(page)).toHaveCount(1);
  await expect(productRow(page, 'Mango Gummies')).toBeVisible();
  expect(searches).toEqual(['mango']);
  // By RFID tag as well.
  await page.getByLabel('Search products').fill('HEMP80000000');
  await expect(productRows(page)).toHaveCount(1);
  await expect(productRow(page, 'Hemp Lotion')).toBeVisible();
  await page.getByLabel('Search products').fill('nothing like this');
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(productRows(page)).toHaveCount(3);

  await page.getByLabel('Filter by status').selectOption('out-of-stock');
  await expect(productRows(page)).toHaveCount(1);
  await expect(productRow(page, 'Hemp Lotion')).toBeVisible();
  // The cards count the whole catalogue whatever the filter.
  await expect(page.getByTestId('stat-Total Products')).toHaveText('3');
  await page.getByLabel('Filter by status').selectOption('all');

  await page.getByRole('button', { name: 'Edit Blue Dream 3.5g' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Product Name')).toHaveValue('Blue Dream 3.5g');
  await expect(edit.getByLabel('Unit Cost ($)')).toHaveValue('12.5');
  await edit.getByLabel('Quantity').fill('40');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(productRow(page, 'Blue Dream 3.5g')).toContainText('In Stock');
  await expect(productRow(page, 'Blue Dream 3.5g')).toContainText('40');

  await page.getByRole('button', { name: 'Delete Hemp Lotion' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(confirm).toContainText('Hemp Lotion (SKU HEMP8)');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(productRows(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete Hemp Lotion' }).click();
  await confirm.getByRole('button', { name: 'Delete product' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(productRows(page)).toHaveCount(2);
  await expect(page.getByTestId('stat-Out of Stock')).toHaveText('0');
});

test('pages of 5, 10, 20 or 50 with page buttons; a new filter or page size starts at page 1', async ({
  page,
}) => {
  const admin = await registerViaApi(page);
  for (let i = 1; i <= 23; i++) {
    const n = String(i).padStart(2, '0');
    await createProductViaApi(page.request, admin.token, { name: `Item ${n}`, sku: `ITEM${n}`, quantity: i });
  }
  await signInWithToken(page, admin.token);
  await page.goto('/inventory');
  await expect(productRows(page)).toHaveCount(10);
  await expect(page.getByTestId('pagination-range')).toHaveText('Showing 1-10 of 23 products');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(productRows(page)).toHaveCount(3);
  await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Rows per page').selectOption('5');
  await expect(page.getByTestId('pagination-range')).toHaveText('Showing 1-5 of 23 products');
  // Five pages around page 1: 1, 2, 3, …, 5.
  await expect(pager.getByRole('button', { name: /^Page / })).toHaveText(['1', '2', '3', '5']);
  await pager.getByRole('button', { name: 'Page 5' }).click();
  await expect(productRows(page)).toHaveCount(3);
  await expect(pager.getByRole('button', { name: /^Page / })).toHaveText(['1', '3', '4', '5']);

  await page.getByLabel('Search products').fill('Item 1');
  await expect(page.getByTestId('pagination-range')).toHaveText('Showing 1-5 of 10 products');
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
});

test('Template and Export CSV download files; the export follows the filters', async ({ page }) => {
  const admin = await registerViaApi(page);
  await createProductViaApi(page.request, admin.token, { name: 'Kief Jar', sku: 'KIEF1', quantity: 0 });
  await createProductViaApi(page.request, admin.token, { name: '=Formula Bar', sku: 'FORM1', quantity: 9 });
  await signInWithToken(page, admin.token);
  await page.goto('/inventory');
  await expect(productRows(page)).toHaveCount(2);

  const template = await downloadText(page, () => page.getByRole('button', { name: 'Template' }).click());
  expect(template.name).toBe('product-template.csv');
  expect(template.text.split(/\r?\n/)[0]).toContain('name,sku,description');
  await expect(page.getByText('Template downloaded successfully')).toBeVisible();

  await page.getByLabel('Filter by status').selectOption('in-stock');
  await expect(productRows(page)).toHaveCount(1);
  const exported = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(exported.name).toMatch(/^inventory-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(exported.text).toContain("'=Formula Bar");
  expect(exported.text).not.toContain('KIEF1');
});

test('a member reads the catalogue and the locations without any write controls', async ({
  page,
  browser,
}) => {
  const admin = await registerViaApi(page, { company: 'Read Only Co' });
  await createLocationViaApi(page.request, admin.token, { name: 'Front Shelf' });
  await createProductViaApi(page.request, admin.token, { name: 'Tin Can', sku: 'TIN1', quantity: 4 });
  const link = await inviteViaApi(page.request, admin.token, {
    email: uniqueEmail('reader'),
    name: 'Riley Reader',
    role: 'member',
  });
  const member = await acceptViaApi(page.request, link, 'Riley Reader');
  const reader = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signInWithToken(reader, member.token);
  await reader.goto('/inventory');
  await expect(productRow(reader, 'Tin Can')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Template' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Upload CSV' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  await reader.goto('/locations');
  await expect(reader.getByTestId('location-row').filter({ hasText: 'Front Shelf' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Add Location' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: /^(Edit|Delete|Add a sub-location)/ })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('products and locations are cards, with the same facts as the table', async ({ page }) => {
    const admin = await registerViaApi(page);
    const store = await createLocationViaApi(page.request, admin.token, { name: 'Main Store' });
    await createLocationViaApi(page.request, admin.token, { name: 'Backroom', parent_location_id: store.id });
    await createProductViaApi(page.request, admin.token, {
      name: 'Blue Dream 3.5g',
      sku: 'BD35',
      quantity: 24,
      location_id: store.id,
    });
    await signInWithToken(page, admin.token);
    await page.goto('/inventory');
    const card = page.getByTestId('product-card').filter({ hasText: 'Blue Dream 3.5g' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('BD3500000000');
    await expect(card).toContainText('Main Store');
    await expect(card).toContainText('In Stock');
    await expect(card.getByRole('button', { name: 'Edit Blue Dream 3.5g' })).toBeVisible();
    await expect(productRows(page).first()).toBeHidden();

    await page.goto('/locations');
    const child = page.getByTestId('location-card').filter({ hasText: 'Backroom' });
    await expect(child).toBeVisible();
    await expect(child).toContainText('in Main Store');
    await expect(page.getByTestId('location-row').first()).toBeHidden();
  });
});
