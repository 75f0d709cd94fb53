import { expect, test } from '@playwright/test';
import { addProduct, pairReader, runAudit } from './dashboard-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A store counted while it trades: 8 of a tent's 10 units are read, then the till sells 3 before the count
 * completes. The review dialog shows a loss of 2 (not an overage of 1) and says what moved; a sale after the count
 * survives its apply (4 left on the shelf, not 8). Looked at on a phone and at 1440.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`the review of a count where stock moved says what sold, at ${viewport.width}`, async ({ page }) => {
    const { token } = await registerViaApi(page, { company: `Trading Co ${viewport.width}` });
    const me = await (await page.request.get('/api/auth/me', { headers: auth(token) })).json();
    const companyId = (me.user ?? me).company_id as number;
    // Every line waits for an admin's review, so the review dialog opens from the bell.
    const policy = await page.request.put(`/api/companies/${companyId}/count-policy`, {
      headers: auth(token),
      data: { approval_units: 1, approval_value: null },
    });
    expect(policy.status(), await policy.text()).toBe(200);
    const tent = await addProduct(page.request, token, {
      name: 'Alpine 2P Tent',
      sku: 'TENT2P',
      quantity: 10,
    });
    const sell = async (delta: number, reference: string) => {
      const res = await page.request.post('/api/inventory/movements', {
        headers: auth(token),
        data: { movements: [{ sku: 'TENT2P', delta, reason: 'sale', reference }] },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    const reader = await pairReader(page.request, token, `SN-TRADE-${viewport.width}-${Date.now()}`);
    const auditId = await runAudit(
      page.request,
      reader.device_token,
      'Saturday count',
      [{ epc: tent.epc, units: 8 }],
      () => sell(-3, 'receipt 5001'),
    );

    await page.setViewportSize(viewport);
    await signInWithToken(page, token);
    await page.getByRole('button', { name: /notifications/i }).click();
    await page.getByText('Saturday count is awaiting review').click();
    const dialog = page.getByRole('dialog', { name: 'Review count: Saturday count' });
    const line = dialog.getByTestId('review-line').filter({ hasText: 'Alpine 2P Tent' });
    await expect(line).toBeVisible();
    await expect(
      line.getByText('10 at start · 3 sold during the count · expected 10 when counted'),
    ).toBeVisible();
    // A loss of 2, not an overage of 1.
    // The variance as every signed figure is written (lib/format.ts): a true minus sign.
    await expect(line.getByText('expected 10, counted 8 · \u22122', { exact: false })).toBeVisible();
    await shoot(page, `count-trading-review-${viewport.width}`);

    await line.getByLabel('Reason for Alpine 2P Tent').selectOption('THEFT');
    await line.getByRole('button', { name: 'Approve' }).click();
    await expect(line.getByText(/Approved/)).toBeVisible();
    await page.keyboard.press('Escape');
    // One more sold after the count, before its apply: the sale stays.
    await sell(-1, 'receipt 5002');
    const apply = await page.request.post(`/api/audits/${auditId}/apply-counts`, {
      headers: auth(token),
      data: { reason: 'Saturday count' },
    });
    expect(apply.status(), await apply.text()).toBe(200);
    const after = await (
      await page.request.get(`/api/inventory/${tent.id}`, { headers: auth(token) })
    ).json();
    expect(after.quantity).toBe(4);
  });
}
