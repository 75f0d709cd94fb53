import { expect, type Page, test } from '@playwright/test';
import { axeProblems, MODES } from './a11y-helpers';
import { addProduct, runAudit } from './dashboard-helpers';
import { registerViaUi, shoot, uniqueEmail } from './helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The card's row for a step, by its key (data-step) and title. */
const stepRow = (page: Page, key: string) =>
  page.getByTestId('getting-started').locator(`li[data-step="${key}"]`);

/** Back on the dashboard, the step shows as done and the count of done steps moved on. */
async function expectTicked(page: Page, key: string, done: number) {
  await page.goto('/dashboard');
  await expect(stepRow(page, key)).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await expect(stepRow(page, key).getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByTestId('getting-started').getByText(`${done} of 5 done`)).toBeVisible();
}

for (const width of [1440, 390]) {
  test(`a new company is guided through its first steps, each ticked by the work itself (${width})`, async ({
    page,
  }) => {
    // Sign-up, five steps and six dashboards on a shared 2-core machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await registerViaUi(page, { company: 'Fresh Start Supply' });
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    const card = page.getByTestId('getting-started');
    // The first dashboard after signing up (argon2 on a busy machine) may take a while.
    await expect(card.getByRole('heading', { name: 'Get started with Quantics' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByText('0 of 5 done')).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(5);
    expect(await axeProblems(page, '[data-testid="getting-started"]')).toEqual([]);
    for (const mode of MODES.filter((m) => m.width === width && m.scheme === 'dark')) {
      await page.emulateMedia({ colorScheme: mode.scheme });
      expect(await axeProblems(page, '[data-testid="getting-started"]')).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await shoot(page, `onboarding-new-${width}`);

    // Each step's link opens its page; the step is done by the work there, not by the click.
    await stepRow(page, 'places').getByRole('link', { name: 'Start: Add your places' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await page.goto('/dashboard');
    await expect(stepRow(page, 'places')).toHaveAttribute('data-done', 'false', { timeout: 30_000 });
    const place = await page.request.post('/api/locations', {
      headers: auth(token),
      data: { name: 'Main store' },
    });
    expect(place.status()).toBe(201);
    await expectTicked(page, 'places', 1);

    await stepRow(page, 'catalogue').getByRole('link', { name: 'Start: Add your catalogue' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    const product = await addProduct(page.request, token, { name: 'Canvas tote', sku: 'TOTE1', quantity: 2 });
    await expectTicked(page, 'catalogue', 2);

    // The Count screen sets this browser up as a device: the reader step.
    const browser = await page.request.post('/api/devices/browser', {
      headers: auth(token),
      data: { name: 'Front desk phone' },
    });
    expect(browser.status()).toBe(201);
    const { device_token } = (await browser.json()) as { device_token: string };
    await expectTicked(page, 'reader', 3);

    await runAudit(page.request, device_token, 'First count', [{ epc: product.epc, units: 2 }]);
    await expectTicked(page, 'count', 4);

    await stepRow(page, 'team').getByRole('link', { name: 'Start: Invite your team' }).click();
    await expect(page).toHaveURL(/\/team$/);
    const invite = await page.request.post('/api/team/invite', {
      headers: auth(token),
      data: { email: uniqueEmail('colleague'), name: 'Sam Colleague', role: 'operator' },
    });
    expect(invite.status()).toBe(201);

    // Every step done: the card is gone, the dashboard stays.
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-Company')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get started with Quantics' })).toBeHidden();
    const answer = await page.request.get('/api/onboarding', { headers: auth(token) });
    expect(((await answer.json()) as { complete: boolean }).complete).toBe(true);
  });
}
