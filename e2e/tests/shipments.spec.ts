import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addProduct, pairReader } from './dashboard-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';

// The Shipments page (issue 51): a list of what is expected and received, and a shipment's receipt.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test('lists shipments and shows a receipt with its short lines, missing carton and unknown code', async ({
  page,
}) => {
  const { token } = await registerViaApi(page, { company: 'Harbor Outfitters' });
  const request = page.request;
  const dock = await post(request, token, '/api/locations', {
    name: 'Receiving Dock',
    parent_location_id: null,
  });
  const tee = await addProduct(request, token, { name: 'Crew Tee Navy M', sku: 'TEENAVYM', quantity: 0 });
  const cap = await addProduct(request, token, { name: 'Harbor Cap', sku: 'CAP01', quantity: 0 });
  const mug = await addProduct(request, token, { name: 'Enamel Mug', sku: 'MUG01', quantity: 0 });
  const received = await post(request, token, '/api/shipments', {
    reference: 'ASN-24-0117',
    supplier: 'Northwind Apparel',
    destination_location_id: dock.id,
    expected_at: '2026-12-01',
    cartons: [
      { sscc: '106141412345678908', lines: [{ sku: tee.sku, quantity: 12 }] },
      { sscc: '006141410000000012', lines: [{ sku: cap.sku, quantity: 6 }] },
      { sscc: '006141410000000029', lines: [{ sku: mug.sku, quantity: 4 }] },
    ],
  });
  await post(request, token, '/api/shipments', {
    reference: 'ASN-24-0118',
    supplier: 'Acme Goods',
    destination_location_id: dock.id,
    expected_at: '2026-12-03',
    lines: [{ sku: mug.sku, quantity: 24 }],
  });
  const reader = await pairReader(request, token, `SN-SHIP-${Date.now()}`);
  const { audit_id } = await post(request, reader.device_token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    shipment_id: received.id,
  });
  await post(request, reader.device_token, `/api/rfid/audits/${audit_id}/reads`, {
    batch_seq: 0,
    reads: [
      { code: '00106141412345678908' },
      { code: tee.sku, quantity: 12 },
      { code: cap.sku, quantity: 4 },
      { code: 'UNLABELLED-7' },
    ],
  });
  await post(request, reader.device_token, `/api/rfid/audits/${audit_id}/complete`, { batch_count: 1 });

  await signInWithToken(page, token);
  await page.goto('/shipments');
  // The page's code loads on first visit: on a busy machine that takes longer than a click's answer.
  await expect(page.getByRole('heading', { name: 'Shipments', level: 1 })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Shipments' });
  await expect(table.getByRole('button', { name: 'ASN-24-0117' })).toBeVisible();
  await expect(table.getByText('Received with discrepancies')).toBeVisible();
  await expect(table.getByRole('row', { name: /ASN-24-0118.*Expected/ })).toBeVisible();
  await shoot(page, 'shipments-list');

  await table.getByRole('button', { name: 'ASN-24-0117' }).click();
  await expect(page.getByRole('heading', { name: 'ASN-24-0117' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Receipt lines' });
  await expect(lines.getByRole('row', { name: /Harbor Cap.*6.*4.*\u22122.*Short/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /UNLABELLED-7/ })).toBeVisible();
  await expect(page.getByText('SSCC 006141410000000029')).toBeVisible();
  await expect(page.getByText('Missing')).toBeVisible();
  await shoot(page, 'shipments-receipt');

  await page.getByRole('button', { name: 'All shipments' }).click();
  await page.getByLabel('Status').selectOption('expected');
  await expect(table.getByRole('button', { name: 'ASN-24-0118' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'ASN-24-0117' })).toHaveCount(0);
});
