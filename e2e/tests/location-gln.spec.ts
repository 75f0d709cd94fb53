import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';

// A location's GLN (issue 53): EPCIS exports name the place by it. At 1440 and 390 wide.
for (const width of [1440, 390]) {
  test(`a location takes a GLN with its check digit, at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const admin = await registerViaApi(page, { company: `GLN Co ${width}` });
    await signInWithToken(page, admin.token);
    await page.goto('/locations');
    await expect(page).toHaveTitle('Quantics | Locations');

    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await page.getByRole('button', { name: 'Add Location' }).first().click();
    await dialog.getByLabel('Location Name').fill('Backroom');
    await dialog.getByLabel('GLN (optional)').fill('0614141007770');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(dialog.getByText('GLN check digit is wrong')).toBeVisible();
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/location-gln-${width}.png` });
    await dialog.getByLabel('GLN (optional)').fill('0614141007776');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(page.getByText('Location created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Edit Backroom' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await expect(edit.getByLabel('GLN (optional)')).toHaveValue('0614141007776');
  });
}
