import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { axeProblems } from './a11y-helpers';
import { auth, epcOf, figure, setUpHandheld } from './count-helpers';
import { registerViaApi, signInWithToken } from './helpers';
import { createLocationViaApi, createProductViaApi, snap } from './inventory-helpers';

// Stock by location (issue #47) as a person sees it: a product kept in two places is shown with its places, edited
// place by place in the dialog, and counted in one place, whose audit expects that place's units only.

// The service worker's precaching plays no part here and would only race the page's own requests.
test.use({ serviceWorkers: 'block' });

async function seed(request: APIRequestContext, token: string) {
  const backroom = await createLocationViaApi(request, token, { name: 'Backroom' });
  const floor = await createLocationViaApi(request, token, { name: 'Sales Floor' });
  const res = await request.post('/api/inventory', {
    headers: auth(token),
    data: {
      name: 'Alpine 2P Tent',
      sku: 'TENT2P',
      category: 'Tents',
      vendor: 'Summit Gear',
      min_stock_level: 3,
      location_id: backroom.id,
      stock: [
        { location_id: backroom.id, quantity: 4 },
        { location_id: floor.id, quantity: 5 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  // Beside it, a product in one place, shown as it always was.
  await createProductViaApi(request, token, {
    name: 'Camp Stove',
    sku: 'STOVE1',
    quantity: 6,
    location_id: backroom.id,
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const isPhone = viewport.width < 1024;
  test.describe(`at ${viewport.width} wide`, () => {
    test.use({ viewport });

    test('a product in two places is shown, edited place by place and counted in one place', async ({
      page,
      request,
    }) => {
      await page.clock.install();
      const { token } = await registerViaApi(page, { company: 'Summit Outfitters' });
      await seed(request, token);
      await signInWithToken(page, token);
      await page.goto('/inventory');

      // The desktop table's row opens to a row per place; a phone's card lists a line per place.
      const item = (name: string): Locator =>
        isPhone
          ? page.getByTestId('product-card').filter({ hasText: name })
          : page.getByTestId('product-row').filter({ hasText: name });
      const places = isPhone
        ? item('Alpine 2P Tent').getByTestId('product-place-line')
        : page.getByTestId('product-place');
      await expect(item('Alpine 2P Tent')).toContainText('9');
      await expect(item('Alpine 2P Tent')).toContainText('2 places');
      await expect(item('Alpine 2P Tent')).toContainText('In Stock');
      await expect(item('Camp Stove')).toContainText('Backroom');
      if (!isPhone) {
        await expect(places).toHaveCount(0);
        const toggle = page.getByRole('button', { name: '2 places of Alpine 2P Tent' });
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      await expect(places).toHaveCount(2);
      await expect(places.nth(0)).toContainText('Backroom');
      await expect(places.nth(0)).toContainText('home');
      await expect(places.nth(0)).toContainText('4');
      await expect(places.nth(1)).toContainText('Sales Floor');
      await expect(places.nth(1)).toContainText('5');
      await snap(page, 'inventory-places', places.last());
      // The opened rows (or lines) and the location filter pass axe as the rest of the page does.
      expect(await axeProblems(page)).toEqual([]);

      // Filtered to the sales floor: only what has stock there, with the units there and the total under them.
      await page.getByLabel('Filter by location').selectOption({ label: 'Sales Floor' });
      await expect(item('Camp Stove')).toHaveCount(0);
      await expect(item('Alpine 2P Tent')).toContainText('5of 9 in all');
      await snap(page, 'inventory-location-filter', item('Alpine 2P Tent'));
      await page.getByLabel('Filter by location').selectOption({ label: 'All locations' });
      await expect(item('Camp Stove')).toBeVisible();

      // The dialog lists the two places with their total; one place's quantity changes.
      await page.getByRole('button', { name: 'Edit Alpine 2P Tent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Product' });
      await expect(dialog.getByTestId('place-row')).toHaveCount(2);
      await expect(dialog.getByLabel('Location of place 1')).toHaveValue(/\d+/);
      await expect(dialog.getByLabel('Location of place 2').locator('option:checked')).toHaveText(
        'Sales Floor',
      );
      await expect(dialog.getByLabel('Quantity of place 2')).toHaveValue('5');
      await expect(dialog.getByTestId('places-total')).toHaveText('9');
      await snap(page, 'inventory-dialog-places', dialog.getByTestId('places-total'));
      expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByLabel('Quantity of place 2').fill('7');
      await expect(dialog.getByTestId('places-total')).toHaveText('11');
      // The page's time stands still while the toast is looked for (it goes after 2 s).
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Product updated successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.clock.resume();
      await expect(item('Alpine 2P Tent')).toContainText('11');
      await expect(places).toHaveCount(2);
      await expect(places.nth(0)).toContainText('4');
      await expect(places.nth(1)).toContainText('7');

      // A count of the sales floor expects its 7 units only; one is read.
      await setUpHandheld(page, 'Floor handheld');
      await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Sales Floor' });
      await page.getByLabel('Count name (optional)').fill('Floor count');
      await page.getByRole('button', { name: 'Start count' }).click();
      await expect(page.getByLabel('Tag capture')).toBeFocused();
      await expect(figure(page, 'expected')).toHaveText('7');
      await page.keyboard.type(`${epcOf('TENT2P')}\n`);
      await expect(figure(page, 'found')).toHaveText('1');
      await expect(figure(page, 'Misplaced')).toHaveText('0');
      await expect(page.getByText('All reads sent')).toBeVisible();
      await page.getByRole('button', { name: 'Finish count' }).click();
      const result = page.getByRole('dialog', { name: 'Floor count' });
      await expect(result).toContainText('1 / 7');
      // The tent's discrepancy is the sales floor's (7 expected), not its total's; the stove is not in this place.
      const cards = result.getByTestId('discrepancy-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.filter({ hasText: 'TENT2P' })).toContainText('Expected 7 · Found 1');

      const [audit] = (await (await request.get('/api/audits', { headers: auth(token) })).json()).data;
      expect(audit).toMatchObject({ location: 'Sales Floor', tags_found: 1, tags_expected: 7 });
      const rows = await (
        await request.get(`/api/audits/${audit.id}/discrepancies`, { headers: auth(token) })
      ).json();
      expect(
        rows.map((r: { product_sku: string; expected_quantity: number; found_quantity: number }) => [
          r.product_sku,
          r.expected_quantity,
          r.found_quantity,
        ]),
      ).toEqual([['TENT2P', 7, 1]]);
    });
  });
}
