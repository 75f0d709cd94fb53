import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken, uniqueEmail } from './helpers';
import { acceptViaApi, inviteViaApi } from './team-helpers';

test('an admin creates a company, switches to it and renames it', async ({ page }) => {
  const admin = await registerViaApi(page, { company: 'Harbor Supply' });
  await signInWithToken(page, admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click();
  await expect(page).toHaveTitle('Quantics | Company');
  await expect(page.getByTestId('current-company-name')).toHaveText('Harbor Supply');
  await expect(page.getByTestId('company-stat-users')).toHaveText('1');

  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('region', { name: 'Companies' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide help' }).click();

  await page.getByRole('button', { name: 'Create New Company' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Company' });
  await create.getByRole('button', { name: 'Create Company' }).click();
  await expect(create.getByText('Company name is required')).toBeVisible();
  await create.getByLabel('Company name').fill('Harbor Supply Northside');
  await create.getByRole('button', { name: 'Create Company' }).click();
  await expect(page.getByText('Harbor Supply Northside created.')).toBeVisible();
  const rows = page.getByTestId('company-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Harbor Supply Northside' })).toContainText('Admin');
  await expect(rows.filter({ hasText: /^Harbor SupplyAdminCurrent$/ })).toHaveCount(1);

  const before = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Switch to Harbor Supply Northside' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-Company')).toHaveText('Harbor Supply Northside');
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe(before);

  await page.goto('/company');
  await expect(page.getByTestId('current-company-name')).toHaveText('Harbor Supply Northside');
  await page.getByRole('button', { name: 'Edit Company' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Company' });
  await expect(edit.getByLabel('Company name')).toHaveValue('Harbor Supply Northside');
  await edit.getByLabel('Company name').fill('Northside Warehouse');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company updated')).toBeVisible();
  await expect(page.getByTestId('current-company-name')).toHaveText('Northside Warehouse');
  await expect(page.getByRole('button', { name: /Current company: Northside Warehouse/ })).toBeVisible();
});

test('an operator sees the Company page without admin controls and can switch between companies', async ({
  page,
}) => {
  const adminA = await registerViaApi(page, { company: 'Alpha Stores' });
  const adminB = await registerViaApi(page, { company: 'Beta Stores' });
  const email = uniqueEmail('op');
  const operator = await acceptViaApi(
    page.request,
    await inviteViaApi(page.request, adminA.token, { email, name: 'Olga Operator', role: 'operator' }),
    'Olga Operator',
  );
  // The same person joins Beta as a member, with the account they already have.
  const linkB = await inviteViaApi(page.request, adminB.token, { email, name: 'Olga', role: 'member' });
  const joined = await page.request.post('/api/team/accept-invite', {
    headers: { authorization: `Bearer ${operator.token}` },
    data: { token: new URL(linkB).searchParams.get('token') },
  });
  expect(joined.status()).toBe(200);
  const { token } = (await joined.json()) as { token: string };
  // Accepting moved that session to Beta; switch back so the page opens in Alpha, where Olga is operator.
  const alpha = await page.request.get('/api/companies/current', {
    headers: { authorization: `Bearer ${adminA.token}` },
  });
  const back = await page.request.post('/api/team/switch-company', {
    headers: { authorization: `Bearer ${token}` },
    data: { companyId: ((await alpha.json()) as { id: number }).id },
  });
  expect(back.status()).toBe(200);
  const { token: operatorToken } = (await back.json()) as { token: string };

  await signInWithToken(page, operatorToken);
  await page.goto('/company');
  await expect(page.getByTestId('current-company-name')).toHaveText('Alpha Stores');
  await expect(page.getByText('Your role: Operator')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Company' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Company' })).toHaveCount(0);
  await expect(page.getByTestId('company-row').filter({ hasText: 'Beta Stores' })).toContainText(
    'Team Member',
  );

  await page.getByRole('button', { name: 'Switch to Beta Stores' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-Company')).toHaveText('Beta Stores');
  await expect(page.getByTestId('dashboard-Your role')).toHaveText('Team Member');
});
