import { expect, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { createProductViaApi, productRow, productRows } from './inventory-helpers';

test('a product with a GTIN and the tag its supplier wrote: the check digit is checked, both are kept', async ({
  page,
}) => {
  const admin = await registerViaApi(page, { company: 'Source Tagged Co' });
  await createProductViaApi(page.request, admin.token, { name: 'Wool socks', sku: 'SOCK1', quantity: 4 });
  await signInWithToken(page, admin.token);
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product Name').fill('Oxford shirt');
  await dialog.getByLabel('SKU').fill('SHIRT1');
  await dialog.getByLabel('GTIN').fill('80614141123459');
  await dialog.getByLabel('Tag the item already carries (EPC)').fill('3074257bf7194e4000001a85');
  await expect(dialog.getByText('RFID tag: the one the item carries (below)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog.getByText('GTIN check digit is wrong')).toBeVisible();
  await shoot(page, 'product-gtin');

  await dialog.getByLabel('GTIN').fill('80614141123458');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(productRow(page, 'Oxford shirt')).toContainText('3074257BF7194E40');

  // Found by its GTIN, and the edit dialog shows both.
  await page.getByPlaceholder(/Search/).fill('80614141123458');
  await expect(productRows(page)).toHaveCount(1);
  await expect(productRow(page, 'Oxford shirt')).toBeVisible();
  await productRow(page, 'Oxford shirt').getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('GTIN')).toHaveValue('80614141123458');
  await expect(edit.getByLabel('Tag the item already carries (EPC)')).toHaveValue('3074257BF7194E4000001A85');
});
