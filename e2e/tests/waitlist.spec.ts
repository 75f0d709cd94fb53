import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers';

test('the landing page shows every section and a Login link', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/^Quantics \| /);
  for (const id of ['features', 'how-it-works', 'benefits', 'waitlist', 'demo']) {
    await expect(page.locator(`#${id}`)).toBeAttached();
  }
  await expect(page.getByText('3-10 feet').first()).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the waitlist form checks, cleans and sends, then clears itself', async ({ page }) => {
  await page.goto('/#waitlist');
  const form = page.locator('#waitlist');
  const name = form.getByLabel('Name');
  await name.fill('A');
  await form.getByLabel('Work email').fill('not-an-email');
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(form.getByText('Please enter a valid name (at least 2 characters)')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  // Characters outside the rules are stripped as they are typed.
  await name.fill('');
  await name.pressSequentially('Jo42 Smith!');
  await expect(name).toHaveValue('Jo Smith');
  const phone = form.getByLabel('Phone (optional)');
  await phone.pressSequentially('+1 (555) abc 0100');
  await expect(phone).toHaveValue('+1 (555)  0100');

  const email = uniqueEmail('wait');
  await form.getByLabel('Work email').fill(`  ${email.toUpperCase()}  `);
  await form.getByLabel('Company (optional)').fill('Leaf & Co.');
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText("Thank you for joining our waitlist! We'll be in touch soon.")).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(form.getByLabel('Work email')).toHaveValue('');
});
