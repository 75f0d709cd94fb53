import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { auth, epcOf, setUpHandheld } from './count-helpers';
import { registerViaApi, signInWithToken } from './helpers';
import { createLocationViaApi, createProductViaApi } from './inventory-helpers';

// Receiving on the Count screen (issue 51): a phone at the dock opens a shipment by a carton label, reads the
// cartons' labels, tags and barcodes against it, finishes, and the receipt is reviewed on a desk at 1440.

test.use({ viewport: { width: 390, height: 844 } });

const UPC = '012345678905';
/** Three cartons, as their labels are printed (AI 00 and the 18-digit SSCC). */
const TEE_CARTON = '106141412345678908';
const CAP_CARTON = '006141410000000012';
const MUG_CARTON = '006141410000000029';
const label = (sscc: string) => `00${sscc}`;
/** SGTIN-96 EPCs of GTIN 80614141123458 (the tee's), serials 1 and 2: the serialized items the sender announced. */
const TEE_GTIN = '80614141123458';
const TEE_SERIALS = ['3034257BF7194E4000000001', '3034257BF7194E4000000002'];

/**
 * Screenshots for people to look at (set SHOTS_DIR): the window at 390 and 1440, light and dark, scrolled to `subject`
 * when given (what a person looks at there).
 */
async function snap(page: Page, name: string, subject?: Locator) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const suffix = scheme === 'dark' ? '-dark' : '';
    for (const width of [390, 1440]) {
      await page.setViewportSize(width === 390 ? { width, height: 844 } : { width, height: 900 });
      // Scrolled as a person scrolls (the wheel over the page), until the subject is near the top.
      const box = await subject?.boundingBox();
      if (subject && box && box.y > 120) {
        await page.mouse.move(width / 2, 400);
        await page.mouse.wheel(0, box.y - 100);
        await expect.poll(async () => (await subject.boundingBox())?.y ?? 0).toBeLessThan(130);
      }
      await page.screenshot({ path: `${dir}/${name}-${width}${suffix}.png` });
    }
  }
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function post(request: APIRequestContext, token: string, url: string, data: object) {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function seed(request: APIRequestContext, token: string) {
  const dock = await createLocationViaApi(request, token, { name: 'Receiving Dock' });
  const product = (name: string, sku: string, gtin?: string) =>
    createProductViaApi(request, token, {
      name,
      sku,
      quantity: 0,
      location_id: dock.id,
      ...(gtin && { gtin }),
    });
  await product('Crew Tee Navy M', 'TEENAVYM', TEE_GTIN);
  await product('Harbor Cap', 'CAP01', UPC);
  await product('Enamel Mug', 'MUG01');
  await product('Wool Socks', 'SOCKS01');
  const shipment = await post(request, token, '/api/shipments', {
    reference: 'ASN-24-0117',
    supplier: 'Northwind Apparel',
    destination_location_id: dock.id,
    expected_at: '2026-12-01',
    cartons: [
      { sscc: TEE_CARTON, lines: [{ sku: 'TEENAVYM', quantity: 2 }] },
      { sscc: CAP_CARTON, lines: [{ sku: 'CAP01', quantity: 3 }] },
      { sscc: MUG_CARTON, lines: [{ sku: 'MUG01', quantity: 2 }] },
    ],
    epcs: TEE_SERIALS,
  });
  await post(request, token, '/api/shipments', {
    reference: 'ASN-24-0118',
    supplier: 'Acme Goods',
    destination_location_id: dock.id,
    expected_at: '2026-12-03',
    lines: [{ sku: 'MUG01', quantity: 24 }],
  });
  return { dock, shipment: shipment as { id: number } };
}

const lastReads = (page: Page) => page.getByRole('list', { name: 'Last reads' }).getByRole('listitem');
const line = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Shipment lines' }).getByRole('listitem').filter({ hasText: name });

test('a phone receives a shipment by carton and by item, then the receipt is reviewed at 1440', async ({
  page,
  request,
}) => {
  // A whole journey on two shared cores: sign-up, a handheld, a receipt read and finished, the review.
  test.setTimeout(180_000);
  await page.clock.install();
  const { token } = await registerViaApi(page, { company: 'Harbor Outfitters' });
  await seed(request, token);
  await signInWithToken(page, token);
  await setUpHandheld(page, 'Dock TC22');

  // Receive: the shipments to receive, with their supplier, destination, cartons and units.
  await page.getByRole('tab', { name: 'Receive' }).click();
  const list = page.getByRole('list', { name: 'Expected shipments' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const first = list.getByRole('listitem').filter({ hasText: 'ASN-24-0117' });
  await expect(first).toContainText('Northwind Apparel · to Receiving Dock');
  await expect(first).toContainText('3 cartons');
  await expect(first).toContainText('7 units');
  await expect(list.getByRole('listitem').filter({ hasText: 'ASN-24-0118' })).toContainText('24 units');

  // A code that is no carton label is refused where it was typed; a carton's label opens its shipment.
  const carton = page.getByLabel('Carton label (SSCC)');
  await carton.fill(UPC);
  await carton.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This is not a carton label');
  await snap(page, 'receive-picker');
  await carton.fill(label(CAP_CARTON));
  await carton.press('Enter');

  // Receiving: the shipment's lines, nothing received yet.
  await expect(page.getByTestId('count-scope')).toContainText('Receipt ASN-24-0117');
  const capture = page.getByLabel('Tag capture');
  await expect(capture).toBeFocused();
  await expect(page.getByTestId('receipt-expected')).toHaveText('7');
  await expect(page.getByTestId('receipt-received')).toHaveText('0');
  await expect(page.getByTestId('receipt-cartons')).toHaveText('0 / 3');
  await expect(line(page, 'Harbor Cap')).toContainText('0 / 3');

  // By carton: the tee carton's label (twice: one carton). By item: the tee's SKU tag and one of its announced
  // serials, the cap's UPC twice, and a product that is not on the shipment.
  await page.keyboard.type(`${label(TEE_CARTON)}\n${label(TEE_CARTON)}\n`);
  await expect(lastReads(page).nth(0)).toContainText('Carton received');
  await expect(lastReads(page).nth(0)).toContainText(`SSCC ${TEE_CARTON}`);
  await expect(lastReads(page).nth(0)).toContainText('×2');
  await expect(page.getByTestId('receipt-cartons')).toHaveText('1 / 3');
  await page.keyboard.type(`${epcOf('TEENAVYM')}\n${TEE_SERIALS[0]}\n${UPC}\n${UPC}\n${epcOf('SOCKS01')}\n`);
  await expect(page.getByTestId('receipt-received')).toHaveText('5');
  await expect(page.getByTestId('receipt-cartons')).toHaveText('2 / 3');
  await expect(line(page, 'Crew Tee Navy M')).toContainText('2 / 2');
  await expect(line(page, 'Crew Tee Navy M')).toContainText('Complete');
  await expect(line(page, 'Harbor Cap')).toContainText('2 / 3');
  await expect(line(page, 'Harbor Cap')).toContainText('Short');
  await expect(line(page, 'Enamel Mug')).toContainText('0 / 2');
  await expect(line(page, 'Wool Socks')).toContainText('Not on shipment');
  await expect(lastReads(page).nth(0)).toContainText('Wool Socks');
  await expect(page.getByText('All reads sent')).toBeVisible();
  // The portal's receipt so far: one announced serial is not read yet.
  await expect(page.getByTestId('receipt-figures')).toContainText('1 announced serial not read yet');
  await snap(page, 'receive-in-progress', page.getByTestId('receipt-figures'));

  await page.getByRole('button', { name: 'Finish receiving' }).click();
  await expect(page.getByText('Shipment ASN-24-0117 received')).toBeVisible();
  await page.getByRole('link', { name: 'View receipt' }).click();

  // The receipt, on a desk.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('heading', { name: 'ASN-24-0117' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Received with discrepancies')).toBeVisible();
  const lines = page.getByRole('table', { name: 'Receipt lines' });
  await expect(lines.getByRole('row', { name: /Crew Tee Navy M.*2.*2.*0.*OK/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /Harbor Cap.*3.*2.*\u22121.*Short/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /Enamel Mug.*2.*0.*\u22122.*Short/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /Wool Socks.*0.*1.*\+1.*Not on shipment/ })).toBeVisible();
  const cartons = page.getByRole('listitem').filter({ hasText: /^SSCC / });
  await expect(cartons.filter({ hasText: TEE_CARTON })).toContainText('Received');
  await expect(cartons.filter({ hasText: CAP_CARTON })).toContainText('Received');
  await expect(cartons.filter({ hasText: MUG_CARTON })).toContainText('Missing');
  await expect(page.getByText('Serials not read')).toBeVisible();
  await expect(page.getByText(`GTIN ${TEE_GTIN}, serial 2`)).toBeVisible();
  await snap(page, 'receive-receipt');
});
