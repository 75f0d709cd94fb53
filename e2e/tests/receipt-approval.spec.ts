import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addProduct, pairReader } from './dashboard-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';

// Receiving (issue 51): a receipt's lines over the count policy wait for an admin on the shipment's page, and a
// transfer's units show as in transit on the Inventory page.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: object,
) {
  const res = await request[method](url, { headers: auth(token), data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test('approves a receipt line over the policy, and shows a transfer in transit', async ({ page }) => {
  const { token, user } = await registerViaApi(page, { company: 'Harbor Outfitters' });
  const companyId = (user as { company_id?: number }).company_id;
  const request = page.request;
  await call(request, token, 'put', `/api/companies/${companyId}/count-policy`, {
    approval_units: 3,
    approval_value: null,
  });
  const dock = await call(request, token, 'post', '/api/locations', {
    name: 'Receiving Dock',
    parent_location_id: null,
  });
  const uptown = await call(request, token, 'post', '/api/locations', {
    name: 'Uptown Store',
    parent_location_id: null,
  });
  const tee = await addProduct(request, token, { name: 'Crew Tee Navy M', sku: 'TEENAVYM', quantity: 0 });
  const cap = await addProduct(request, token, { name: 'Harbor Cap', sku: 'CAP01', quantity: 0 });
  const mug = await addProduct(request, token, {
    name: 'Enamel Mug',
    sku: 'MUG01',
    quantity: 30,
    location_id: dock.id,
  });
  const s = await call(request, token, 'post', '/api/shipments', {
    reference: 'ASN-24-0117',
    supplier: 'Northwind Apparel',
    destination_location_id: dock.id,
    lines: [
      { sku: tee.sku, quantity: 12 },
      { sku: cap.sku, quantity: 6 },
    ],
  });
  const reader = await pairReader(request, token, `SN-RCV-${Date.now()}`);
  const { audit_id } = await call(request, reader.device_token, 'post', '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    shipment_id: s.id,
  });
  await call(request, reader.device_token, 'post', `/api/rfid/audits/${audit_id}/reads`, {
    batch_seq: 0,
    reads: [
      { code: tee.sku, quantity: 5 },
      { code: cap.sku, quantity: 5 },
    ],
  });
  await call(request, reader.device_token, 'post', `/api/rfid/audits/${audit_id}/complete`, {
    batch_count: 1,
  });
  const transfer = await call(request, token, 'post', '/api/shipments', {
    reference: 'TR-0042',
    source_location_id: dock.id,
    destination_location_id: uptown.id,
    lines: [{ sku: mug.sku, quantity: 8 }],
  });
  await call(request, token, 'post', `/api/shipments/${transfer.id}/send`, {});

  await signInWithToken(page, token);
  await page.goto(`/shipments?shipment=${s.id}`);
  await expect(page.getByRole('heading', { name: 'ASN-24-0117' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '1 line awaiting approval' })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: 'Crew Tee Navy M' });
  await expect(line.getByText('Awaiting approval')).toBeVisible();
  await shoot(page, 'receipt-awaiting');
  // Approve without a reason: refused beside the reason.
  await line.getByRole('button', { name: 'Approve' }).click();
  await expect(line.getByText('Choose a reason code to approve a line')).toBeVisible();
  await line.getByLabel('Reason for Crew Tee Navy M').selectOption('VENDOR_SHORT');
  await line.getByLabel('Note for Crew Tee Navy M').fill('Northwind confirmed 7 on back order');
  await line.getByRole('button', { name: 'Approve' }).click();
  await expect(line.getByText('Approved')).toBeVisible();
  await expect(line.getByText(/5 added to stock · Vendor short/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approval' })).toBeVisible();
  await shoot(page, 'receipt-approved');

  await page.goto('/inventory');
  const row = page.getByRole('row', { name: /Enamel Mug/ });
  await expect(row.getByText('8 in transit')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('22', { exact: true })).toBeVisible();
  await shoot(page, 'inventory-in-transit');
});
