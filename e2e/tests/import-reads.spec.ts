import { expect, test } from '@playwright/test';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { createLocationViaApi, createProductViaApi, uploadFile } from './inventory-helpers';

/** A product's EPC: its 12-character RFID tag written as ASCII, in hex. */
const epcOf = (rfidTag: string) => Buffer.from(rfidTag, 'ascii').toString('hex').toUpperCase();
const tidOf = (epc: string, n: number) =>
  `E280${epc.slice(0, 12)}${n.toString(16).padStart(8, '0')}`.toUpperCase();

test('import a reader app’s export as an audit, see its result and open it; the same file again is recognised', async ({
  page,
}) => {
  const admin = await registerViaApi(page, { company: 'File Count Co' });
  const shelf = await createLocationViaApi(page.request, admin.token, { name: 'Front shelf' });
  const jar = await createProductViaApi(page.request, admin.token, {
    name: 'Amber Jar',
    sku: 'AMB1',
    quantity: 3,
    location_id: shelf.id,
  });
  await createProductViaApi(page.request, admin.token, {
    name: 'Blue Tin',
    sku: 'TIN2',
    quantity: 1,
    location_id: shelf.id,
  });
  const jarEpc = epcOf(jar.rfid_tag);
  // 123RFID Mobile's export: summary lines, then its header; two of the three jars and a tag we don't know.
  const file = uploadFile(
    'inventory_front.csv',
    [
      'UNIQUE COUNT:,3',
      'TOTAL COUNT:,9',
      '',
      'TAG ID,COUNT,RSSI,TID',
      `${jarEpc},4,-48,${tidOf(jarEpc, 1)}`,
      `${jarEpc},3,-52,${tidOf(jarEpc, 2)}`,
      'E2801160600002086CFF4D3A,2,-67,',
      'GARBAGE LINE,1,-70,',
    ].join('\r\n'),
  );

  await signInWithToken(page, admin.token);
  await page.goto('/audits');
  await expect(page.getByText('No audits yet')).toBeVisible();

  await test.step('choose the place and the file', async () => {
    await page.getByRole('button', { name: 'Import reads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import reads' });
    await dialog.getByLabel('Location').selectOption({ label: 'Front shelf' });
    await dialog.getByLabel('Audit name (optional)').fill('Front shelf recount');
    await dialog.getByLabel('File of reads').setInputFiles(file);
    await expect(dialog.getByText('inventory_front.csv')).toBeVisible();
    await shoot(page, 'import-reads-choose');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  });

  await test.step('read what the file gave: figures and the skipped line', async () => {
    const dialog = page.getByRole('dialog', { name: 'Import reads' });
    await expect(dialog.getByTestId('import-reads-summary')).toContainText(
      'Front shelf recount: 2 of 4 expected units found',
    );
    await expect(dialog.getByTestId('import-reads-summary')).toContainText(
      '123RFID Mobile export: 3 lines imported, 1 skipped',
    );
    await expect(dialog.getByTestId('import-reads-failed')).toHaveCount(1);
    await expect(dialog.getByTestId('import-reads-failed')).toContainText('EPC must be 24 hex digits');
    await shoot(page, 'import-reads-result');
    await dialog.getByRole('button', { name: 'Open audit' }).click();
  });

  await test.step('the audit, its discrepancies and who counted', async () => {
    const details = page.getByRole('dialog', { name: 'Front shelf recount' });
    await expect(details.getByText('File import')).toBeVisible();
    await expect(details.getByText('inventory_front.csv')).toBeVisible();
    await expect(details.getByTestId('discrepancy-row')).toHaveCount(3);
    await expect(details.getByTestId('discrepancy-row').filter({ hasText: 'AMB1' })).toContainText(/[−-]1/);
    await expect(details.getByTestId('discrepancy-row').filter({ hasText: 'TIN2' })).toContainText(/[−-]1/);
    await expect(details.getByTestId('discrepancy-row').filter({ hasText: 'Unknown' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('audit-row').filter({ hasText: 'Front shelf recount' })).toBeVisible();
  });

  await test.step('the same file again answers the audit it made', async () => {
    await page.getByRole('button', { name: 'Import reads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import reads' });
    await dialog.getByLabel('File of reads').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByTestId('import-reads-summary')).toContainText('This file was imported before');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('audit-row')).toHaveCount(1);
  });
});
