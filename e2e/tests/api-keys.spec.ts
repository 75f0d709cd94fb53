import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';

// Settings, API keys (issue #48): an admin creates a key for a till, sees it once, and revokes it; the key opens the
// API until then.

async function createKey(page: Page, name: string, scopes: string[], shot?: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API key' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: new RegExp(scope) }).check();
  if (shot) await shoot(page, shot);
  await dialog.getByRole('button', { name: 'Create API key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByTestId('api-key-value')).toHaveText(/^qk_[A-Za-z0-9_-]{43}$/);
  await expect(shown).toContainText('it will not be shown again');
  return (await shown.getByTestId('api-key-value').textContent()) ?? '';
}

const inventoryWith = (page: Page, key: string) =>
  page.request.get('/api/inventory', { headers: { authorization: `Bearer ${key}` } });

test('an admin creates an API key, sees it once, and revokes it', async ({ page }) => {
  const { token } = await registerViaApi(page, { company: 'Till Co' });
  await signInWithToken(page, token);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/tab=api-keys/);
  await expect(page.getByText('No API keys yet')).toBeVisible();

  // Nothing ticked: the form says so and sends nothing.
  await page.getByRole('button', { name: 'Create API key' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Till 1');
  await page.getByRole('dialog').getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByRole('dialog')).toContainText('choose at least one scope');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const key = await createKey(page, 'Till 1', ['movements:write', 'inventory:read'], 'settings-api-key-form');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await shoot(page, 'settings-api-key-created');
  expect((await inventoryWith(page, key)).status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Till 1');
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('movements:write');
  await expect(row).toContainText('inventory:read');
  await expect(row).toContainText('Active');
  // Shown once: not in the list, not after a reload.
  await page.reload();
  await expect(row).toContainText('Last used');
  await expect(page.getByText(key)).toHaveCount(0);
  await shoot(page, 'settings-api-keys');

  await row.getByRole('button', { name: 'Revoke Till 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm).toContainText('Every call with “Till 1” will be refused from now on.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke Till 1' })).toHaveCount(0);
  await shoot(page, 'settings-api-key-revoked');
  const refused = await inventoryWith(page, key);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ message: 'This API key is not valid or has been revoked' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the key fits the screen, with its copy button in reach', async ({ page }) => {
    const { token } = await registerViaApi(page, { company: 'Phone Till Co' });
    await signInWithToken(page, token);
    await page.goto('/settings?tab=api-keys');
    await expect(page.getByText('No API keys yet')).toBeVisible();
    await createKey(page, 'Handheld till', ['movements:write']);
    const value = await page.getByTestId('api-key-value').boundingBox();
    const copy = await page.getByRole('button', { name: 'Copy' }).boundingBox();
    expect(value && value.x >= 0 && value.x + value.width <= 390).toBe(true);
    expect(copy && copy.x >= 0 && copy.x + copy.width <= 390).toBe(true);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('api-key-row')).toContainText('Handheld till');
  });
});
