import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';
import { createProductViaApi } from './inventory-helpers';

const SHOTS = process.env.SHOTS_DIR;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const input = (page: Page) => page.getByPlaceholder('Ask Tallie anything...');

async function openTallie(page: Page, company: string) {
  const admin = await registerViaApi(page, { company });
  await signInWithToken(page, admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tallie Chat' }).click();
  await expect(page).toHaveTitle('Quantics | Tallie Chat');
  return admin;
}

test('ask about low stock, see the products and go to Inventory; history and deletion', async ({ page }) => {
  const admin = await openTallie(page, 'Chat Co');
  for (const p of [
    { name: 'Amber Jar', sku: 'AMB1', quantity: 1, min_stock_level: 4 },
    { name: 'Steel Lid', sku: 'LID7', quantity: 0, min_stock_level: 2 },
    { name: 'Full Crate', sku: 'CRT1', quantity: 90, min_stock_level: 5 },
  ])
    await createProductViaApi(page.request, admin.token, p);
  await page.reload();

  await expect(page.getByText('No chat history yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByText('Get step-by-step help setting up an RFID reader')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tallie-empty-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tallie-empty-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Hide help' }).click();

  // A starter puts its question in the input; Enter sends it.
  await page.getByRole('button', { name: 'Print Labels' }).click();
  await expect(input(page)).toHaveValue('How do I print RFID labels?');
  await input(page).press('Enter');
  await expect(page.getByRole('heading', { name: 'Printing RFID labels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Print Labels' })).toBeVisible();

  // Shift+Enter breaks the line instead of sending.
  await page.getByRole('button', { name: 'New chat' }).click();
  await input(page).fill('What is low');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('on stock?');
  await expect(input(page)).toHaveValue('What is low\non stock?');
  await page.getByRole('button', { name: 'Send' }).click();
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toContainText('Amber Jar');
  await expect(reply).toContainText('Steel Lid');
  await expect(reply).not.toContainText('Full Crate');
  await expect(reply).not.toContainText('[Navigate to');
  await expect(page.getByRole('heading', { name: 'Out of stock' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tallie-chat-1440.png`, fullPage: true });

  const history = page.getByRole('complementary', { name: 'Chat History' });
  await expect(history.getByRole('button', { name: /^How do I print RFID labels\?/ })).toBeVisible();
  await expect(history.getByRole('button', { name: /^What is low on stock\?/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/tallie-chat-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await reply.getByRole('button', { name: 'Go to Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  await page.goBack();

  // Selecting a history item loads it; deleting asks first.
  await history.getByRole('button', { name: /^How do I print RFID labels\?/ }).click();
  await expect(page.getByRole('heading', { name: 'Printing RFID labels' })).toBeVisible();
  await history.getByRole('button', { name: 'Delete How do I print RFID labels?' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(history.getByRole('button', { name: /^How do I print RFID labels\?/ })).toBeHidden();
  await expect(history.getByRole('button', { name: /^What is low on stock\?/ })).toBeVisible();

  await history.getByRole('button', { name: 'Clear all' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText('No chat history yet')).toBeVisible();
});

test('an image can be attached, removed, and sent; the built-in Tallie says it cannot look at it', async ({
  page,
}) => {
  await openTallie(page, 'Image Co');
  const file = { name: 'shelf.png', mimeType: 'image/png', buffer: PNG };
  await page.getByTestId('image-input').setInputFiles(file);
  await expect(page.getByAltText('Preview of shelf.png')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByAltText('Preview of shelf.png')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  await page.getByTestId('image-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('message-assistant').last()).toContainText("can't look at images");
  await expect(page.getByAltText('Preview of shelf.png')).toBeHidden();
});
