import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';
import { createProductViaApi, productRow } from './inventory-helpers';

test('build a location tree, refuse to delete a parent, and prune a leaf whose products become Not set', async ({
  page,
}) => {
  const admin = await registerViaApi(page, { company: 'Tree Co' });
  await signInWithToken(page, admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveTitle('Quantics | Locations');
  await expect(page.getByText('No locations yet')).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Add Location' });
  await page.getByRole('button', { name: 'Add Location' }).first().click();
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(dialog.getByText('Location name is required')).toBeVisible();
  await dialog.getByLabel('Location Name').fill('Main Store');
  await dialog.getByLabel('Description').fill('Flagship on Harbor Street');
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(page.getByText('Location created successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Add Location' }).first().click();
  await dialog.getByLabel('Location Name').fill('Warehouse');
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Location' }).first().click();
  await dialog.getByLabel('Location Name').fill('Backroom');
  await dialog.getByLabel('Parent Location').selectOption({ label: 'Main Store' });
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(dialog).toBeHidden();

  // The + on a row adds directly under it.
  await page.getByRole('button', { name: 'Add a sub-location to Backroom' }).click();
  await expect(dialog.getByLabel('Parent Location')).toHaveValue(/\d+/);
  await dialog.getByLabel('Location Name').fill('Shelf 2');
  await dialog.getByRole('button', { name: 'Add Location' }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByTestId('location-row');
  const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });
  await expect(rows).toHaveCount(4);
  await expect(row('Main Store')).toContainText('Flagship on Harbor Street');
  await expect(row('Main Store')).toContainText('1 sub-location');
  await expect(row('Backroom')).toContainText('in Main Store');
  await expect(row('Shelf 2')).toContainText('in Backroom');
  await expect(row('Shelf 2')).toContainText('No sub-locations');
  await expect(row('Shelf 2')).toHaveAttribute('data-depth', '2');

  await page.getByRole('button', { name: 'Collapse Main Store' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Expand Main Store' }).click();
  await expect(rows).toHaveCount(4);

  // Editing Main Store: neither it nor anything under it can be its parent.
  await page.getByRole('button', { name: 'Edit Main Store' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Location' });
  await expect(edit.getByLabel('Parent Location').locator('option')).toHaveText([
    'None (top level)',
    'Warehouse',
  ]);
  await edit.getByLabel('Location Name').fill('Main Street Store');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Location updated successfully')).toBeVisible();
  await expect(row('Backroom')).toContainText('in Main Street Store');

  await page.getByRole('button', { name: 'Delete Backroom' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete location?' });
  await confirm.getByRole('button', { name: 'Delete location' }).click();
  await expect(page.getByText('This location has sub-locations. Move or delete them first.')).toBeVisible();
  await expect(rows).toHaveCount(4);

  const list = await page.request.get('/api/locations', {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const shelf = ((await list.json()) as { id: number; name: string }[]).find((l) => l.name === 'Shelf 2');
  const shelfId = shelf?.id ?? null;
  await createProductViaApi(page.request, admin.token, {
    name: 'Jar Lids',
    sku: 'LID1',
    location_id: shelfId,
  });
  await page.reload();
  await expect(row('Shelf 2').locator('td').nth(3)).toHaveText('1');

  await page.getByRole('button', { name: 'Delete Shelf 2' }).click();
  await expect(confirm).toContainText("stay in your catalogue with location 'Not set'");
  await confirm.getByRole('button', { name: 'Delete location' }).click();
  await expect(page.getByText('Location deleted successfully')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(row('Backroom')).toContainText('No sub-locations');

  await page.goto('/inventory');
  await expect(productRow(page, 'Jar Lids')).toContainText('Not set');
});
