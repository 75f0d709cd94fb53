import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { createProductViaApi } from './inventory-helpers';

const input = (page: Page) => page.getByPlaceholder('Ask Tallie anything...');

test('an unclear question gets what Tallie understood and suggestion buttons that ask for it', async ({
  page,
}) => {
  const admin = await registerViaApi(page, { company: 'Suggest Co' });
  await createProductViaApi(page.request, admin.token, {
    name: 'Amber Jar',
    sku: 'AMB1',
    quantity: 1,
    min_stock_level: 4,
  });
  await signInWithToken(page, admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tallie Chat' }).click();

  await input(page).fill('zzkq plorf wibble');
  await input(page).press('Enter');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toContainText('I didn\'t understand "zzkq plorf wibble"');
  const offered = reply.getByRole('list', { name: 'Suggested questions' });
  await expect(offered.getByRole('button')).toHaveText([
    'What is low on stock?',
    'How did the last audits go?',
    'How do I get started with Quantics?',
  ]);
  await shoot(page, 'tallie-suggestions');

  // A suggestion asks its question as it is; the reply answers it, and the old buttons go.
  await offered.getByRole('button', { name: 'What is low on stock?' }).click();
  await expect(page.getByTestId('message-user').last()).toHaveText(/What is low on stock\?/);
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer.getByRole('heading', { name: 'Low stock' })).toBeVisible();
  await expect(answer).toContainText('Amber Jar');
  await expect(page.getByRole('list', { name: 'Suggested questions' })).toHaveCount(0);
  await expect(input(page)).toHaveValue('');

  // A greeting offers where to begin; the suggestions stay with the saved reply when the chat is opened again.
  await input(page).fill('hey there');
  await input(page).press('Enter');
  await expect(page.getByTestId('message-assistant').last()).toContainText("I'm Tallie");
  await expect(page.getByRole('list', { name: 'Suggested questions' }).getByRole('button')).toHaveCount(3);
  await page.reload();
  const history = page.getByRole('complementary', { name: 'Chat History' });
  await history.getByRole('button', { name: /^zzkq plorf wibble/ }).click();
  await expect(page.getByTestId('message-assistant')).toHaveCount(3);
  await page.setViewportSize({ width: 390, height: 844 });
  const kept = page.getByRole('list', { name: 'Suggested questions' });
  await kept.getByRole('button', { name: 'How do I get started with Quantics?' }).click();
  await expect(page.getByRole('heading', { name: 'Getting started with Quantics' })).toBeVisible();
});
