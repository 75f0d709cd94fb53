import { expect, type Page, test } from '@playwright/test';
import { auth, epcOf, figure, setUpHandheld } from './count-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { createLocationViaApi, createProductViaApi } from './inventory-helpers';

/** Screenshots at 1440 and 390 (SHOTS_DIR), back at the phone's width after. */
async function shootWide(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
}

test('"Due now" on a phone starts the planned count there, and the dashboard\'s coverage moves', async ({
  page,
  request,
}) => {
  // The page's timers stand still (the due list's and the dashboard's refreshes); nothing here waits on them.
  await page.clock.install();
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await registerViaApi(page);
  const me = (await (await request.get('/api/auth/me', { headers: auth(token) })).json()) as { id: number };
  const store = await createLocationViaApi(request, token, { name: 'Sales Floor' });
  const back = await createLocationViaApi(request, token, { name: 'Backroom' });
  await createProductViaApi(request, token, {
    name: 'Gummies 10pk',
    sku: 'CYCA',
    quantity: 3,
    location_id: store.id,
  });
  await createProductViaApi(request, token, {
    name: 'Vape cart',
    sku: 'CYCB',
    quantity: 1,
    location_id: back.id,
  });
  const plan = await request.post('/api/count-plans', {
    headers: auth(token),
    data: {
      name: 'Daily',
      location_ids: [store.id, back.id],
      every_days: 1,
      grace_days: 1,
      blind: false,
      assignee_user_id: me.id,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);

  await signInWithToken(page, token);
  const cycle = page.getByTestId('cycle-counts');
  await expect(cycle.getByTestId('stat-Location coverage')).toHaveText('0%');
  await expect(cycle.getByTestId('stat-Counts due')).toHaveText('2');

  await setUpHandheld(page, 'Floor phone');
  const dueNow = page.getByTestId('due-now');
  await expect(dueNow.getByRole('button')).toHaveCount(2);
  await shootWide(page, 'count-due-now');
  await dueNow.getByRole('button', { name: /Sales Floor/ }).click();
  await expect(page.getByTestId('count-scope')).toHaveText('Daily: Sales Floor · Sales Floor');
  await expect(figure(page, 'expected')).toHaveText('3');
  await page.keyboard.type(`${epcOf('CYCA')}\n`);
  await expect(figure(page, 'found')).toHaveText('1');
  await page.clock.fastForward(11_000);
  await expect(page.getByText('All reads sent')).toBeVisible();
  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByRole('dialog', { name: 'Daily: Sales Floor' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Only the backroom is left to count; the dashboard says half the places and three units in four are covered.
  await expect(dueNow.getByRole('button')).toHaveCount(1);
  await expect(dueNow.getByRole('button')).toContainText('Backroom');
  await page.goto('/dashboard');
  await expect(cycle.getByTestId('stat-Location coverage')).toHaveText('50%');
  await expect(cycle.getByTestId('stat-Unit coverage')).toHaveText('75%');
  await expect(cycle.getByTestId('stat-Counts due')).toHaveText('1');
  await shootWide(page, 'dashboard-cycle-counts');
});

test("the Audits page's Plans tab makes a plan that the Count screen then shows as due", async ({
  page,
  request,
}) => {
  await page.clock.install();
  const { token } = await registerViaApi(page);
  await createLocationViaApi(request, token, { name: 'Aisle 3' });
  await signInWithToken(page, token);
  await page.goto('/audits');
  await page.getByRole('tab', { name: 'Plans' }).click();
  await expect(page.getByText('No count plans yet')).toBeVisible();
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New count plan' });
  await dialog.getByLabel('Plan name').fill('Aisles weekly');
  await dialog.getByRole('checkbox', { name: 'Aisle 3' }).check();
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();
  const plans = page.getByRole('list', { name: 'Count plans' });
  await expect(plans).toContainText('Aisles weekly');
  await expect(plans).toContainText('Every 7 days');
  await shoot(page, 'audits-plans');
  await setUpHandheld(page, 'Aisle phone');
  await expect(page.getByTestId('due-now').getByRole('button', { name: /Aisle 3/ })).toBeVisible();
});
