import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';
import { linkIn, readOutbox, waitForMail } from './mail';
import { currentStep, totp } from './totp';

const PASSWORD = 'stock-count-1';

async function signInViaForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('forgot password: the emailed link sets a new password and the old one stops working', async ({
  page,
}) => {
  const { user } = await registerViaApi(page);
  const before = readOutbox().map((m) => m.file);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText('spam', { exact: false })).toBeVisible();
  await expect(page.getByText('1 hour', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
  await page.getByRole('button', { name: 'Try another email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');

  const mail = await waitForMail((m) => m.to === user.email && m.subject === 'Reset your Quantics password', {
    except: before,
  });
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('fresh-start-22');
  await page.getByLabel('Confirm new password').fill('fresh-start-22');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login now' })).toBeVisible();
  // Redirected by itself after 3 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  const notice = await waitForMail(
    (m) => m.to === user.email && m.subject === 'Your Quantics password was changed',
  );
  expect(notice.text).toContain('/forgot-password');

  await signInViaForm(page, user.email, PASSWORD);
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await signInViaForm(page, user.email, 'fresh-start-22');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reset page without a token says so and cannot be submitted; a made-up link is refused', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or missing reset token')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();

  await page.goto('/reset-password?token=made-up-token');
  await page.getByLabel('New password', { exact: true }).fill('fresh-start-22');
  await page.getByLabel('Confirm new password').fill('fresh-start-22');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Invalid or expired reset token')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password/);
});

test('two-factor: enable from Settings with the manual key, then sign in with a code and with a backup code once', async ({
  page,
}) => {
  const { token, user } = await registerViaApi(page);
  await signInWithToken(page, token);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Two-factor authentication is off')).toBeVisible();
  await page.getByRole('button', { name: 'Enable two-factor' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await dialog.getByTestId('manual-entry-key').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Verification code').fill('12345');
  await expect(dialog.getByRole('button', { name: 'Verify and enable' })).toBeDisabled();
  const step = currentStep();
  await dialog.getByLabel('Verification code').fill(totp(key, step));
  await dialog.getByRole('button', { name: 'Verify and enable' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Save your backup codes' });
  await expect(codesDialog.getByTestId('backup-code')).toHaveCount(10);
  const codes = await codesDialog.getByTestId('backup-code').allInnerTexts();
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
  const download = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: 'Download .txt' }).click();
  expect((await download).suggestedFilename()).toBe('quantics-backup-codes.txt');
  await codesDialog.getByRole('button', { name: "I've saved them" }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(page.getByTestId('backup-codes-left')).toContainText('10 of 10');

  // Password first; then the code step. The code used to switch it on can't be used again: take the next one.
  await signOut(page);
  await signInViaForm(page, user.email, PASSWORD);
  await expect(
    page.getByText('Enter the 6-digit code from your authenticator app', { exact: false }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter your 2FA code')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(key, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid 2FA code')).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveValue('');
  await page.getByLabel('Authentication code').fill(totp(key, step + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A backup code (typed in lower case) works once.
  const backup = codes[0] as string;
  await signOut(page);
  await signInViaForm(page, user.email, PASSWORD);
  await page.getByLabel('Authentication code').fill(backup.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await signInViaForm(page, user.email, PASSWORD);
  await page.getByLabel('Authentication code').fill(backup);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid 2FA code')).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveValue('');
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Another backup code still works, and Settings counts what is left.
  await signInViaForm(page, user.email, PASSWORD);
  await page.getByLabel('Authentication code').fill(codes[1] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings?tab=security');
  await expect(page.getByTestId('backup-codes-left')).toContainText('8 of 10');
});

test('change password in Settings keeps this session and needs the current password', async ({ page }) => {
  const { token, user } = await registerViaApi(page);
  await signInWithToken(page, token);
  await page.goto('/settings?tab=security');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Update password' }) });

  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByText('All password fields are required')).toBeVisible();
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await form.getByLabel('Confirm new password').fill('brand-new-pasz');
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(form.getByText('New passwords do not match')).toBeVisible();
  await form.getByLabel('Confirm new password').fill('brand-new-pass');
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  // A wrong password is not a sign-out.
  await expect(page).toHaveURL(/\/settings/);

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/settings/);

  await signOut(page);
  await signInViaForm(page, user.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('profile and theme are kept on the server and follow the person', async ({ page }) => {
  const { token } = await registerViaApi(page);
  await signInWithToken(page, token);
  await page.goto('/settings');
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Name and email are required').first()).toBeVisible();
  await page.getByLabel('Full name').fill('Dana Reyes');
  await page.getByLabel('Phone').fill('+1 (555) 010-2000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('user-display')).toHaveText('Dana Reyes');

  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole('radio', { name: /Dark/ })).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.goto('/settings');
  await expect(page.getByLabel('Full name')).toHaveValue('Dana Reyes');

  await signOut(page);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});
