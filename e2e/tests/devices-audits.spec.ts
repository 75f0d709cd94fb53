import { expect, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { pairingCode, readerSim, simStateFile } from './reader-sim';

test('register a reader by its code, see it online, run an audit, open its details and add comments', async ({
  page,
  baseURL,
}) => {
  const { token } = await registerViaApi(page, { company: 'Reader Co' });
  const auth = { Authorization: `Bearer ${token}` };
  await signInWithToken(page, token);

  const state = simStateFile();
  const card = page.getByTestId('device-card').filter({ hasText: 'RFD40-0042' });
  const row = page.getByTestId('audit-row').filter({ hasText: 'Aisle 4 count' });
  const details = page.getByRole('dialog', { name: 'Aisle 4 count' });

  await test.step('an empty device list', async () => {
    await page.goto('/devices');
    await expect(page.getByRole('heading', { name: 'RFID Devices' })).toBeVisible();
    await expect(page.getByText('No devices found')).toBeVisible();
    await shoot(page, 'devices-empty');
  });

  await test.step('pair the reader with the code it shows', async () => {
    // The reader (a separate process speaking the protocol) shows its code.
    const pairing = readerSim(
      ['pair', '--server', baseURL ?? '', '--serial', 'RFD40-0042', '--model', 'Zebra RFD40'],
      state,
    );
    const code = await pairingCode(pairing);

    await page.getByRole('button', { name: 'Register First Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register Device' });
    const submit = dialog.getByRole('button', { name: 'Register Device' });
    await dialog.getByLabel('Registration code').fill('12ab3');
    await expect(dialog.getByLabel('Registration code')).toHaveValue('123');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Registration code').fill(code);
    await submit.click();
    await expect(page.getByText('Device registered successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await pairing.done).code).toBe(0);
  });

  await test.step('offline until its first heartbeat, then online with battery and signal', async () => {
    // Offline until it is heard from: a dash for battery, crossed-out signal.
    await expect(card.getByText('Offline')).toBeVisible();
    await expect(card.getByTestId('signal-offline')).toBeVisible();

    const beat = await readerSim(['heartbeat', '--battery', '72', '--signal', '3'], state).done;
    expect(beat.code).toBe(0);
    // The list refreshes by itself every 5 s.
    await expect(card.getByText('Online')).toBeVisible({ timeout: 12_000 });
    await expect(card.getByTestId('battery')).toHaveText('72%');
    await expect(card.getByTestId('signal')).toHaveAttribute('data-bars', '3');
  });

  await test.step('rename it inline; list and grid views', async () => {
    // Rename inline.
    await card.getByRole('button', { name: /Edit name of/ }).click();
    await card.getByLabel('Device name').fill('Front store reader');
    await card.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Device name updated')).toBeVisible();
    await expect(page.getByTestId('device-card').getByText('Front store reader')).toBeVisible();
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('device-row')).toHaveCount(1);
    await shoot(page, 'devices-list');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await shoot(page, 'devices-grid');
  });

  await test.step('a count with one tag missing and one unknown', async () => {
    // The catalogue the reader counts against; then a walk with one tag missing and one unknown.
    for (const [sku, quantity] of [
      ['BOLT10', 4],
      ['NUT20', 3],
      ['WASH30', 2],
    ] as const) {
      const res = await page.request.post('/api/inventory', {
        headers: auth,
        data: { name: `Item ${sku}`, sku, quantity },
      });
      expect(res.status()).toBe(201);
    }
    const scan = await readerSim(
      [
        'scan',
        '--catalogue',
        // The joined form: a token may begin with '-', which would read as an option.
        `--user-token=${token}`,
        '--name',
        'Aisle 4 count',
        '--missing',
        '1',
        '--unknown',
        '1',
        '--read-rate',
        '0',
        '--json',
      ],
      state,
    ).done;
    expect(scan.code, scan.out).toBe(0);
  });

  await test.step('the audit in the history, with its figures', async () => {
    await page.goto('/audits');
    await expect(page.getByRole('heading', { name: 'Audit History' })).toBeVisible();
    await expect(page.getByTestId('stat-Total Audits')).toHaveText('1');
    await expect(page.getByTestId('stat-Completed')).toHaveText('1');
    await expect(page.getByTestId('stat-Avg. Accuracy')).toHaveText('89%');
    await expect(row.getByText('8/9')).toBeVisible();
    await shoot(page, 'audits-list');
  });

  await test.step('its details: discrepancies as a table, and as cards on a phone', async () => {
    await row.getByRole('button', { name: /^Aisle 4 count/ }).click();
    await expect(details.getByText('Front store reader')).toBeVisible();
    await expect(details.getByText('Not specified')).toBeVisible();
    await expect(details.getByText('Handheld scan')).toBeVisible();
    await expect(details.getByTestId('discrepancy-row')).toHaveCount(2);
    await expect(details.getByTestId('discrepancy-row').filter({ hasText: 'Shortage' })).toContainText(
      /[−-]1/,
    );
    await expect(details.getByTestId('discrepancy-row').filter({ hasText: 'Unknown' })).toContainText(
      'UNKNOWN00001',
    );
    // On a phone the same discrepancies are cards that fit the dialog.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = details.getByTestId('discrepancy-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Shortage' })).toContainText(/Variance [−-]1/);
    await expect(details.getByTestId('discrepancy-row').first()).toBeHidden();
    const fits = await details.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(cards.first()).toBeHidden();
    await shoot(page, 'audit-details');
  });

  await test.step('add comments', async () => {
    await details.getByRole('button', { name: 'Add comments' }).click();
    const comments = page.getByRole('dialog', { name: 'Edit Comments' });
    await comments.getByLabel('Comments').fill('Recount the bottom shelf');
    await comments.getByRole('button', { name: 'Save Comments' }).click();
    await expect(page.getByText('Comments updated successfully')).toBeVisible();
    await expect(details.getByText('Recount the bottom shelf')).toBeVisible();
  });

  await test.step('apply the counts with a reason', async () => {
    // Apply the counts with a reason.
    await details.getByRole('button', { name: 'Apply counts' }).click();
    const apply = page.getByRole('dialog', { name: 'Apply counts to inventory' });
    await apply.getByRole('button', { name: 'Apply 1 count' }).click();
    await expect(apply.getByText('A reason is required')).toBeVisible();
    await apply.getByLabel('Reason').fill('Weekly cycle count');
    await apply.getByRole('button', { name: 'Apply 1 count' }).click();
    await expect(page.getByText(/Counts applied to the inventory/).first()).toBeVisible();
    await shoot(page, 'audit-applied');
  });

  await test.step('delete the reader, asking first', async () => {
    // Delete asks first, naming the device.
    await page.goto('/devices');
    await page.getByRole('button', { name: 'Delete Front store reader' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete device?' });
    await expect(confirm).toContainText('Delete Front store reader?');
    await confirm.getByRole('button', { name: 'Delete device' }).click();
    await expect(page.getByText('Device deleted successfully')).toBeVisible();
    await expect(page.getByText('No devices found')).toBeVisible();
  });
});

test('an empty audit history says so', async ({ page }) => {
  const { token } = await registerViaApi(page, { company: 'Quiet Co' });
  await signInWithToken(page, token);
  await page.goto('/audits');
  await expect(page.getByText('No audits yet')).toBeVisible();
  await expect(page.getByTestId('stat-Total Audits')).toHaveText('0');
});
