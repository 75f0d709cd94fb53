import { expect, test } from '@playwright/test';
import { addProduct, pairReader, runAudit } from './dashboard-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A count over the company's policy waits for an admin: the bell says so, the admin reviews it on a phone (approves
 * one line with a reason code, rejects the other) and the operator's apply changes only the approved quantity.
 */
test('a count over the policy is reviewed on a phone and only the approved line is applied', async ({
  page,
}) => {
  const { token } = await registerViaApi(page, { company: 'Review Co' });
  const me = await (await page.request.get('/api/auth/me', { headers: auth(token) })).json();
  const companyId = (me.user ?? me).company_id as number;
  const policy = await page.request.put(`/api/companies/${companyId}/count-policy`, {
    headers: auth(token),
    data: { approval_units: 2, approval_value: null },
  });
  expect(policy.status(), await policy.text()).toBe(200);
  const whisky = await addProduct(page.request, token, {
    name: 'Single malt',
    sku: 'MALT1',
    quantity: 10,
    unit_cost: 30,
  });
  const gin = await addProduct(page.request, token, {
    name: 'London gin',
    sku: 'GIN1',
    quantity: 10,
    unit_cost: 12,
  });
  const reader = await pairReader(page.request, token, `SN-REVIEW-${Date.now()}`);
  await runAudit(page.request, reader.device_token, 'Bar count', [
    { epc: whisky.epc, units: 4 },
    { epc: gin.epc, units: 6 },
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithToken(page, token);
  await page.getByRole('button', { name: /notifications/i }).click();
  await page.getByText('Bar count is awaiting review').click();
  const dialog = page.getByRole('dialog', { name: 'Review count: Bar count' });
  await expect(dialog).toBeVisible();
  const lines = dialog.getByTestId('review-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Single malt' }).getByText('Needs approval')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'count-review');
  await page.setViewportSize({ width: 390, height: 844 });

  const malt = lines.filter({ hasText: 'Single malt' });
  await malt.getByLabel('Reason for Single malt').selectOption('THEFT');
  await malt.getByRole('button', { name: 'Approve' }).click();
  await expect(malt.getByText('Approved · Theft')).toBeVisible();
  const ginLine = lines.filter({ hasText: 'London gin' });
  await ginLine.getByRole('button', { name: 'Reject' }).click();
  await expect(ginLine.getByText('Rejected')).toBeVisible();
  await page.keyboard.press('Escape');

  const apply = await page.request.post(`/api/audits/${await auditId(page, token)}/apply-counts`, {
    headers: auth(token),
    data: { reason: 'Monthly count' },
  });
  expect(await apply.json()).toMatchObject({ applied: 1, left: 1 });
  const malt1 = await (
    await page.request.get(`/api/inventory/${whisky.id}`, { headers: auth(token) })
  ).json();
  const gin1 = await (await page.request.get(`/api/inventory/${gin.id}`, { headers: auth(token) })).json();
  expect([malt1.quantity, gin1.quantity]).toEqual([4, 10]);

  // The loss is in the shrink report: 6 units at 30.00 for theft.
  const shrink = await (await page.request.get('/api/reports/shrink', { headers: auth(token) })).json();
  expect(shrink.rows[0]).toMatchObject({ group: 'THEFT', units_lost: 6, value_lost: 180 });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/company');
  await expect(page.getByTestId('count-policy')).toBeVisible();
  await expect(page.getByTestId('reason-code').filter({ hasText: 'THEFT' })).toBeVisible();
  await shoot(page, 'company-count-policy');
});

async function auditId(page: import('@playwright/test').Page, token: string) {
  const list = await (await page.request.get('/api/audits?limit=1', { headers: auth(token) })).json();
  return list.data[0].id as number;
}
