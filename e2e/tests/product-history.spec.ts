import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { axeProblems } from './a11y-helpers';
import { auth } from './count-helpers';
import { registerViaApi, signInWithToken } from './helpers';
import { createLocationViaApi, snap } from './inventory-helpers';

// A product's history (issue #48) as a person sees it: a till and the stockroom send movements through the API, and
// the product's dialog lists them newest first, draws its quantity over time, and narrows both to one place.

// The service worker's precaching plays no part here and would only race the page's own requests.
test.use({ serviceWorkers: 'block' });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A tent kept in the backroom and on the sales floor, with a week of receipts, transfers, sales and a return. */
async function seed(request: APIRequestContext, token: string, email: string) {
  // The stockroom's person, named as the history shows who moved what.
  const named = await request.put('/api/settings/profile', {
    headers: auth(token),
    data: { name: 'Dana Reyes', email },
  });
  expect(named.status(), await named.text()).toBe(200);
  const backroom = await createLocationViaApi(request, token, { name: 'Backroom' });
  const floor = await createLocationViaApi(request, token, { name: 'Sales Floor' });
  const created = await request.post('/api/inventory', {
    headers: auth(token),
    data: {
      name: 'Alpine 2P Tent',
      sku: 'TENT2P',
      location_id: backroom.id,
      stock: [
        { location_id: backroom.id, quantity: 0 },
        { location_id: floor.id, quantity: 0 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const now = Date.now();
  const at = (ago: number) => new Date(now - ago).toISOString();
  const sent = await request.post('/api/inventory/movements', {
    headers: auth(token),
    data: {
      movements: [
        {
          sku: 'TENT2P',
          location_id: backroom.id,
          delta: 12,
          reason: 'receipt',
          at: at(6 * DAY),
          reference: 'PO-2211',
        },
        { sku: 'TENT2P', location_id: backroom.id, delta: -4, reason: 'transfer_out', at: at(5 * DAY) },
        { sku: 'TENT2P', location_id: floor.id, delta: 4, reason: 'transfer_in', at: at(5 * DAY - 60_000) },
        {
          sku: 'TENT2P',
          location_id: floor.id,
          delta: -3,
          reason: 'sale',
          at: at(3 * DAY),
          reference: 'Order 1042',
        },
        {
          sku: 'TENT2P',
          location_id: floor.id,
          delta: -1,
          reason: 'sale',
          at: at(DAY),
          reference: 'Order 1077',
        },
        { sku: 'TENT2P', location_id: floor.id, delta: 1, reason: 'return', at: at(3 * HOUR) },
        {
          sku: 'TENT2P',
          location_id: backroom.id,
          delta: -2,
          reason: 'adjustment',
          at: at(2 * HOUR),
          reference: 'Damaged',
        },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toMatchObject({ applied: 7, duplicates: 0 });
  return { sixDaysAgo: new Date(now - 6 * DAY), fiveDaysAgo: new Date(now - 5 * DAY + 60_000) };
}

/** The chart's canvas: how many of its pixels are the line's colour (indigo in light mode), so it was drawn. */
const linePixels = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')?.getImageData(0, 0, c.width, c.height) ?? { data: [] };
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 200 && Math.abs(r - 79) < 30 && Math.abs(g - 70) < 30 && Math.abs(b - 229) < 30) n += 1;
    }
    return n;
  });

/** The page's time zone: dates are shown on the person's own calendar. */
const TIME_ZONE = 'America/New_York';
const shortDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: TIME_ZONE });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const isPhone = viewport.width < 640;
  test.describe(`at ${viewport.width} wide`, () => {
    test.use({ viewport, locale: 'en-US', timezoneId: TIME_ZONE });

    test("a product's movements are listed newest first and its quantity is drawn over time", async ({
      page,
      request,
    }) => {
      const { token, user } = await registerViaApi(page, { company: 'Summit Outfitters' });
      const { sixDaysAgo, fiveDaysAgo } = await seed(request, token, user.email);
      await signInWithToken(page, token);
      await page.goto('/inventory');

      // The row's (or card's) History button opens the dialog on its History tab.
      await page.getByRole('button', { name: 'History of Alpine 2P Tent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Product' });
      await expect(dialog.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
      const entries = dialog.getByTestId(isPhone ? 'movement-card' : 'movement-row');
      await expect(entries).toHaveCount(7);
      const expected = [
        ['Adjustment', 'Backroom', 'Damaged', '−2'],
        ['Return', 'Sales Floor', '+1'],
        ['Sale', 'Sales Floor', 'Order 1077', '−1'],
        ['Sale', 'Sales Floor', 'Order 1042', '−3'],
        ['Transfer in', 'Sales Floor', '+4'],
        ['Transfer out', 'Backroom', '−4'],
        ['Receipt', 'Backroom', 'PO-2211', '+12'],
      ];
      for (const [i, texts] of expected.entries()) {
        for (const text of texts) await expect(entries.nth(i)).toContainText(text);
      }
      // Who sent them (the person behind the token), each change's colour, and what it left in its place.
      await expect(entries.first()).toContainText('Dana Reyes');
      await expect(entries.first().getByTestId('movement-delta')).toHaveClass(/text-red-700/);
      await expect(entries.last().getByTestId('movement-delta')).toHaveClass(/text-emerald-700/);
      await expect(entries.last()).toContainText(shortDate(sixDaysAgo));
      if (!isPhone) await expect(entries.last().getByTestId('movement-after')).toHaveText('12');

      // The total over time, walked back from 7 now: 12 after the receipt six days ago, lowest 7, highest 12.
      const chart = dialog.getByRole('img', { name: /^Total on hand over time/ });
      await expect(chart).toHaveAccessibleName(
        `Total on hand over time: 12 on ${shortDate(sixDaysAgo)}, 7 now; lowest 7, highest 12`,
      );
      await expect(dialog.getByTestId('history-current')).toHaveText('7');
      await expect.poll(() => linePixels(chart)).toBeGreaterThan(200);
      await snap(page, 'product-history', chart);
      expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
      if (isPhone) await snap(page, 'product-history-list', entries.last());

      // One place: its movements only, and its own units over time (4 in from the backroom, 3 sold, 1 sold, 1 back).
      await dialog.getByLabel('Place', { exact: true }).selectOption({ label: 'Sales Floor' });
      await expect(entries).toHaveCount(4);
      await expect(entries.first()).toContainText('Return');
      await expect(entries.last()).toContainText('Transfer in');
      const placeChart = dialog.getByRole('img', { name: /^On hand at Sales Floor over time/ });
      await expect(placeChart).toHaveAccessibleName(
        `On hand at Sales Floor over time: 4 on ${shortDate(fiveDaysAgo)}, 1 now; lowest 0, highest 4`,
      );
      await expect(dialog.getByTestId('history-current')).toHaveText('1');
      await expect.poll(() => linePixels(placeChart)).toBeGreaterThan(200);
      await snap(page, 'product-history-place', placeChart);

      // The details are one tab away, as they were.
      await dialog.getByRole('tab', { name: 'Details' }).click();
      await expect(dialog.getByLabel('Product Name')).toHaveValue('Alpine 2P Tent');
    });
  });
}
