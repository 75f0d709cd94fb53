import { expect, type Page, test } from '@playwright/test';
import { addProduct, dayFromToday, pairReader, runAudit } from './dashboard-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { acceptViaApi, inviteViaApi } from './team-helpers';

const panel = (page: Page, name: string) => page.getByRole('region', { name });

test('a new company sees every empty text; added products show up at the next 30 s refresh', async ({
  page,
}) => {
  const { token } = await registerViaApi(page, { company: 'Harbor Supply' });
  await page.clock.install();
  await signInWithToken(page, token);
  await expect(page.getByText('No audits yet')).toBeVisible();
  await expect(page.getByText('No recent activity')).toBeVisible();
  await expect(page.getByText('No low stock items')).toBeVisible();
  await expect(page.getByText('No products expiring within the next 30 days')).toBeVisible();
  await expect(page.getByText('No sales data available')).toBeVisible();
  await expect(page.getByTestId('inventory-cost')).toHaveText('$0.00');
  await expect(page.getByTestId('devices-online-line')).toHaveText('devices online 0/0');
  await expect(page.getByTestId('stat-Devices Online')).toHaveText('0/0');

  // 10 x 12.50 + 3 x 4.00 + 0 x 9.99 + 100 x 0.25 = 162.00
  await addProduct(page.request, token, {
    name: 'Blue Dream 3.5g',
    sku: 'BD35',
    quantity: 10,
    min_stock_level: 2,
    unit_cost: 12.5,
    vendor: 'Green Farms',
    category: 'Flower',
    expiration_date: dayFromToday(2),
  });
  await addProduct(page.request, token, {
    name: 'Mango Gummies',
    sku: 'MGUM10',
    quantity: 3,
    min_stock_level: 5,
    unit_cost: 4,
    vendor: 'Sweet Co',
    category: 'Edibles',
    expiration_date: dayFromToday(6),
  });
  await addProduct(page.request, token, {
    name: 'Hemp Lotion',
    sku: 'HEMP8',
    quantity: 0,
    min_stock_level: 2,
    unit_cost: 9.99,
    vendor: 'Green Farms',
    category: 'Topicals',
    expiration_date: dayFromToday(20),
  });
  await addProduct(page.request, token, {
    name: 'Rolling Papers',
    sku: 'RP1',
    quantity: 100,
    min_stock_level: 10,
    unit_cost: 0.25,
    expiration_date: dayFromToday(25),
  });
  // Nothing reloads the page: the dashboard asks again after 30 s.
  await expect(page.getByTestId('inventory-cost')).toHaveText('$0.00');
  await page.clock.fastForward(30_000);
  await expect(page.getByTestId('inventory-cost')).toHaveText('$162.00');
  await expect(page.getByTestId('inventory-Total Products')).toHaveText('4');
  await expect(page.getByTestId('inventory-Total Units')).toHaveText('113');
  await expect(page.getByTestId('inventory-Vendors')).toHaveText('2');
  await expect(page.getByTestId('inventory-Categories')).toHaveText('3');

  // Low stock: fewest units first.
  const low = page.getByTestId('low-stock-item');
  await expect(low).toHaveCount(2);
  await expect(low.nth(0)).toContainText('Hemp Lotion');
  await expect(low.nth(0)).toContainText('SKU HEMP8');
  await expect(low.nth(0)).toContainText('0 units');
  await expect(low.nth(1)).toContainText('Mango Gummies');
  await expect(low.nth(1)).toContainText('3 units');

  // Expiring within 30 days, soonest first: red at 3 days or fewer, yellow at 7 or fewer; Hemp Lotion has no units
  // left to expire, so it is left out.
  const expiring = page.getByTestId('expiring-item');
  await expect(expiring).toHaveCount(3);
  await expect(expiring.nth(0)).toContainText('Blue Dream 3.5g');
  await expect(expiring.nth(0)).toContainText('SKU BD35 · Qty 10');
  await expect(expiring.nth(0).getByTestId('days-left')).toHaveText('2 days left');
  await expect(expiring.nth(0)).toHaveAttribute('data-tone', 'red');
  await expect(expiring.nth(0).getByTestId('days-left')).toHaveClass(/text-red-700/);
  await expect(expiring.nth(1)).toContainText('Mango Gummies');
  await expect(expiring.nth(1)).toHaveAttribute('data-tone', 'yellow');
  await expect(expiring.nth(1).getByTestId('days-left')).toHaveClass(/text-amber-800/);
  await expect(expiring.nth(2)).toContainText('Rolling Papers');
  await expect(expiring.nth(2).getByTestId('days-left')).toHaveText('25 days left');
  await expect(expiring.nth(2)).toHaveAttribute('data-tone', 'normal');
  await expect(panel(page, 'Expiring Soon')).not.toContainText('Hemp Lotion');

  // Adding products is activity, with SKU and quantity; there are still no audits and no sales.
  const activity = page.getByTestId('activity-item');
  await expect(activity.first()).toContainText('Rolling Papers');
  await expect(activity.first()).toContainText('SKU RP1');
  await expect(activity.first()).toContainText('Qty 100');
  await expect(page.getByText('No recent activity')).toBeHidden();
  await expect(page.getByText('No audits yet')).toBeVisible();
  await expect(page.getByText('No sales data available')).toBeVisible();
});

test('after a reader audit the cards, chart, status and recent audits show it; operators comment, members read', async ({
  page,
  browser,
}) => {
  const admin = await registerViaApi(page, { company: 'Counted Co' });
  const blue = await addProduct(page.request, admin.token, {
    name: 'Blue Dream 3.5g',
    sku: 'BD35',
    quantity: 10,
  });
  const mango = await addProduct(page.request, admin.token, {
    name: 'Mango Gummies',
    sku: 'MGUM10',
    quantity: 5,
  });
  const reader = await pairReader(page.request, admin.token, 'RFD40-E2E-1');
  await page.request.post('/api/rfid/heartbeat', {
    headers: { authorization: `Bearer ${reader.device_token}` },
    data: { battery_level: 90, signal_strength: 4 },
  });
  // A clean count, then one with 2 Blue Dream missing: 13 found of 15 expected, accuracy (15 - 2) / 15 = 87%.
  await runAudit(page.request, reader.device_token, 'Morning count', [
    { epc: blue.epc, units: 10 },
    { epc: mango.epc, units: 5 },
  ]);
  await runAudit(page.request, reader.device_token, 'Evening count', [
    { epc: blue.epc, units: 8 },
    { epc: mango.epc, units: 5 },
  ]);

  await signInWithToken(page, admin.token);
  await expect(page.getByTestId('stat-Products Scanned')).toHaveText('13');
  await expect(page.getByTestId('stat-Discrepancies')).toHaveText('2');
  // Mean of 100% and 87%, rounded.
  await expect(page.getByTestId('stat-Accuracy Rate')).toHaveText('94%');
  await expect(page.getByTestId('stat-Devices Online')).toHaveText('1/1');
  await expect(page.getByTestId('stat-hint-Devices Online')).toHaveText('100% online');
  await expect(page.getByTestId('status-Successful')).toHaveText('1');
  await expect(page.getByTestId('status-Failed')).toHaveText('1');
  await expect(page.getByTestId('devices-online-line')).toHaveText('devices online 1/1');
  await expect(
    page.getByRole('img', { name: /Audit trends over the last 30 days: 28 tags scanned, 2 discrepancies/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Audits in the last 30 days: 1 successful, 1 failed' }),
  ).toBeVisible();

  const rows = page.getByTestId('recent-audit');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Zebra RFD40');
  await expect(rows.first()).toContainText('Evening count');
  await expect(rows.first()).toContainText('13');
  const activity = page.getByTestId('activity-item');
  await expect(activity.first()).toContainText('(Device)');

  await page.getByRole('button', { name: 'View details of Evening count' }).click();
  const details = page.getByRole('dialog', { name: 'Evening count' });
  await expect(details).toContainText('Completed');
  await expect(details).toContainText('Not specified');
  await expect(details).toContainText('13 / 15');
  await expect(details).toContainText('87%');
  await expect(details).toContainText('Manual');
  const discrepancy = details.getByTestId('discrepancy-row');
  await expect(discrepancy).toHaveCount(1);
  await expect(discrepancy).toContainText('BD35');
  await expect(discrepancy).toContainText('Blue Dream 3.5g');
  await expect(discrepancy).toContainText(/[−-]2/);
  await expect(discrepancy).toContainText('Shortage');
  await shoot(page, 'dashboard-audit-details');
  await page.keyboard.press('Escape');
  await shoot(page, 'dashboard-after-audit');

  await page.getByRole('button', { name: 'Add comments on Evening count' }).click();
  const comments = page.getByRole('dialog', { name: 'Edit Comments' });
  await comments.getByRole('textbox').fill('Two Blue Dream missing from shelf B.');
  await comments.getByRole('button', { name: 'Save Comments' }).click();
  await expect(page.getByText('Comments updated successfully')).toBeVisible();
  await expect(comments).toBeHidden();
  await page.getByRole('button', { name: 'Edit comments on Evening count' }).click();
  await expect(comments.getByRole('textbox')).toHaveValue('Two Blue Dream missing from shelf B.');
  await comments.getByRole('button', { name: 'Cancel' }).click();

  // A member sees the same figures but cannot comment (operators and admins can).
  const link = await inviteViaApi(page.request, admin.token, {
    email: `member.${Date.now()}@example.com`,
    name: 'Mia Member',
    role: 'member',
  });
  const member = await acceptViaApi(page.request, link, 'Mia Member');
  const memberPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInWithToken(memberPage, member.token);
  await expect(memberPage.getByTestId('stat-Products Scanned')).toHaveText('13');
  await expect(memberPage.getByTestId('recent-audit')).toHaveCount(2);
  await expect(memberPage.getByRole('button', { name: 'View details of Evening count' })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: /comments on/ })).toHaveCount(0);
  await memberPage.close();
});
