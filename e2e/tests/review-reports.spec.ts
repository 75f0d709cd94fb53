import { expect as baseExpect, test } from '@playwright/test';
import { addProduct, pairReader, runAudit } from './dashboard-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { downloadText } from './inventory-helpers';

// Pages wait for what they show; on a 2-core machine shared by several runs a first page can take over 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The reporting side of count reviews: the dashboard's "Awaiting review" leads to the counts to review; once a line
 * is approved and applied, the Reports page shows the shrink (chart, table, CSV) and each location's accuracy, and
 * the count's adjustments sheet prints.
 */
test('awaiting review on the dashboard, shrink and accuracy on the Reports page, the printable sheet', async ({
  page,
}) => {
  const { token } = await registerViaApi(page, { company: 'Shrink Co' });
  const me = await (await page.request.get('/api/auth/me', { headers: auth(token) })).json();
  const companyId = (me.user ?? me).company_id as number;
  await page.request.put(`/api/companies/${companyId}/count-policy`, {
    headers: auth(token),
    data: { approval_units: 2, approval_value: null },
  });
  const malt = await addProduct(page.request, token, {
    name: 'Single malt',
    sku: 'MALT1',
    quantity: 10,
    unit_cost: 30,
    vendor: 'Highland Co',
  });
  const gin = await addProduct(page.request, token, {
    name: 'London gin',
    sku: 'GIN1',
    quantity: 10,
    unit_cost: 12,
  });
  const reader = await pairReader(page.request, token, `SN-SHRINK-${Date.now()}`);
  const auditId = await runAudit(page.request, reader.device_token, 'Bar count', [
    { epc: malt.epc, units: 4 },
    { epc: gin.epc, units: 6 },
  ]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithToken(page, token);
  await page.goto('/dashboard');
  const tile = page.getByTestId('awaiting-review');
  await expect(tile.getByTestId('awaiting-review-count')).toHaveText('1');
  await shoot(page, 'dashboard-awaiting-review');
  await tile.click();
  await expect(page).toHaveURL(/\/audits\?status=awaiting_review/);
  await expect(page.getByLabel('Filter by status')).toHaveValue('awaiting_review');
  await expect(page.getByText('Bar count').first()).toBeVisible();

  // Nothing approved yet: the shrink section says so; accuracy already has the count (10 of 20 units off: 50 %).
  await page.goto('/reports');
  const shrink = page.getByRole('region', { name: 'Shrink', exact: true });
  await expect(shrink.getByText('No approved adjustments in this period')).toBeVisible();
  const accuracy = page.getByRole('region', { name: 'Stock accuracy', exact: true });
  await expect(
    accuracy.getByTestId('accuracy-table').getByRole('row', { name: /No location/ }),
  ).toContainText('50%');

  // The admin approves the malt's shortage (theft) and rejects the gin's; the operator applies.
  const lines = await (
    await page.request.get(`/api/audits/${auditId}/discrepancies`, { headers: auth(token) })
  ).json();
  const lineOf = (sku: string) => lines.find((l: { product_sku: string }) => l.product_sku === sku).id;
  const reviewed = await page.request.post(`/api/audits/${auditId}/review`, {
    headers: auth(token),
    data: {
      lines: [
        { discrepancy_id: lineOf('MALT1'), decision: 'approve', reason_code: 'THEFT', note: 'Back door' },
        { discrepancy_id: lineOf('GIN1'), decision: 'reject' },
      ],
    },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);
  const applied = await page.request.post(`/api/audits/${auditId}/apply-counts`, {
    headers: auth(token),
    data: { reason: 'Monthly count' },
  });
  expect(applied.status(), await applied.text()).toBe(200);

  await page.reload();
  const table = shrink.getByTestId('shrink-table');
  await expect(table.getByRole('row', { name: /Theft/ })).toContainText('$180.00');
  await expect(shrink.getByTestId('shrink-Value lost')).toHaveText('$180.00');
  await shrink.getByLabel('Group by').selectOption('vendor');
  await expect(table.getByRole('row', { name: /Highland Co/ })).toContainText('6');
  await expect(table.getByRole('columnheader', { name: 'Vendor' })).toBeVisible();
  const csv = await downloadText(page, () => shrink.getByRole('button', { name: 'Download CSV' }).click());
  expect(csv.name).toMatch(/^quantics-shrink-by-vendor-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.text).toContain('Highland Co,1,6,0,-6,180.00,0.00,-180.00');
  await shrink.getByLabel('Group by').selectOption('reason');
  await expect(table.getByRole('row', { name: /Theft/ })).toBeVisible();
  await shoot(page, 'reports-shrink-accuracy');

  // The count's printable adjustments sheet, from its details.
  await page.goto(`/audits?audit=${auditId}`);
  await page.getByRole('link', { name: 'Print adjustments sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/audits/adjustments\\?audit=${auditId}$`));
  const sheet = page.getByTestId('adjustments');
  await expect(sheet.getByRole('row', { name: /MALT1/ })).toContainText('THEFT');
  await expect(sheet.getByRole('row', { name: /MALT1/ })).toContainText(/[−-]6/);
  await expect(sheet.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await shoot(page, 'adjustments-sheet');
});
