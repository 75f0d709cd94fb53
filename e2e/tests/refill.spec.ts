import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';

// Zones (issue 52) on a phone: a store with a sales floor and a stockroom, a fixed reader whose antenna 1 reads the
// floor; the refill list worked through ("Moved" records the transfer; the list empties), and the product's
// "Where it is". At 390 wide, and at 1440 for the screenshots.

const SHOTS = process.env.SHOTS_DIR;
const GTIN = '80614141123458';
/** SGTIN-96 EPCs of GTIN 80614141123458 (company prefix 0614141), serials 1 and 2. */
const EPCS = ['3034257BF7194E4000000001', '3034257BF7194E4000000002'];

/** A POST as the signed-in person, failing the test on a refusal. */
function poster(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return async (url: string, data: object) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
}

/** A product with `onFloor` units on the store's floor and `inBack` in its backroom, and a floor minimum of 3. */
async function stockedWithMinimum(
  page: Page,
  token: string,
  rooms: { floor: { id: number }; back: { id: number } },
  product: { name: string; sku: string; onFloor: number; inBack: number },
) {
  const made = await poster(page.request, token)('/api/inventory', {
    name: product.name,
    sku: product.sku,
    location_id: rooms.floor.id,
    stock: [
      { location_id: rooms.floor.id, quantity: product.onFloor },
      { location_id: rooms.back.id, quantity: product.inBack },
    ],
  });
  const res = await page.request.put('/api/replenishment/minimum', {
    headers: { authorization: `Bearer ${token}` },
    data: { product_id: made.id, min_quantity: 3 },
  });
  expect(res.ok()).toBe(true);
  return made;
}

/** A store with its sales floor and backroom. */
async function storeWithRooms(post: ReturnType<typeof poster>, name: string) {
  const store = await post('/api/locations', { name, kind: 'store' });
  const floor = await post('/api/locations', {
    name: 'Sales floor',
    kind: 'sales_floor',
    parent_location_id: store.id,
  });
  const back = await post('/api/locations', {
    name: 'Backroom',
    kind: 'stockroom',
    parent_location_id: store.id,
  });
  return { store, floor, back };
}

async function setUp(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = poster(request, token);
  const { store, floor, back } = await storeWithRooms(post, 'Alpine Store');
  const tent = await post('/api/inventory', {
    name: 'Alpine tent 2P',
    sku: 'ALPTENT2',
    gtin: GTIN,
    location_id: floor.id,
    stock: [
      { location_id: floor.id, quantity: 1 },
      { location_id: back.id, quantity: 6 },
    ],
  });
  const res = await request.put('/api/replenishment/minimum', {
    headers,
    data: { product_id: tent.id, min_quantity: 4 },
  });
  expect(res.ok()).toBe(true);
  await post('/api/inventory/movements', {
    movements: [{ product_id: tent.id, location_id: floor.id, delta: -1, reason: 'sale' }],
  });
  await post('/api/inventory/movements', {
    movements: [{ product_id: tent.id, location_id: floor.id, delta: 1, reason: 'return' }],
  });
  // A fixed reader at the store whose antenna 1 reads the sales floor, and one post of the tent's two tags.
  const reader = await post('/api/devices/fixed', {
    name: 'Front door reader',
    serial_number: `FX-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
    location_id: store.id,
  });
  const antennas = await request.put(`/api/devices/${reader.device.id}/antennas`, {
    headers,
    data: { antennas: [{ port: 1, location_id: floor.id, name: 'Floor' }] },
  });
  expect(antennas.ok()).toBe(true);
  const basic = Buffer.from(`${reader.webhook.username}:${reader.webhook.password}`).toString('base64');
  const posted = await request.post('/api/rfid/impinj/events', {
    headers: { authorization: `Basic ${basic}` },
    data: EPCS.map((epcHex) => ({
      eventType: 'tagInventory',
      tagInventoryEvent: {
        epcHex,
        antennaPort: 1,
        peakRssiCdbm: -5200,
        lastSeenTime: new Date().toISOString(),
      },
    })),
  });
  expect(posted.status()).toBe(204);
  return { store, floor, back, tent };
}

async function shot(page: Page, name: string, width: number) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

// The service worker's precaching plays no part here and would only race the page's own requests.
test.use({ serviceWorkers: 'block' });

for (const width of [390, 1440]) {
  test(`the refill list worked through, and where the tent is, at ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.clock.install();
    const admin = await registerViaApi(page, { company: `Refill Co ${width}` });
    await setUp(page.request, admin.token);
    await signInWithToken(page, admin.token);

    await test.step('the Locations page shows the kinds and leads to the refill list', async () => {
      await page.goto('/locations');
      await expect(page).toHaveTitle('Quantics | Locations');
      const rows = page.getByTestId(width === 390 ? 'location-card' : 'location-row');
      await expect(rows.filter({ hasText: 'Backroom' })).toContainText('Stockroom');
      await expect(rows.filter({ hasText: 'Sales floor' })).toContainText('Sales floor');
      await shot(page, 'locations-kinds', width);
      await page.getByRole('button', { name: 'Refill list' }).click();
    });

    await test.step('the refill list: 3 to move from the backroom to the sales floor', async () => {
      await expect(page).toHaveTitle('Quantics | Refill list');
      const card = page.getByTestId('refill-row');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Alpine tent 2P');
      await expect(card).toContainText('Alpine Store > Backroom');
      await expect(card).toContainText('Alpine Store > Sales floor');
      await expect(card).toContainText('1 sold in 7 days');
      await expect(card.getByLabel('Units of Alpine tent 2P moved')).toHaveText('3');
      await shot(page, 'refill-list', width);
      await card.getByRole('button', { name: 'Moved' }).click();
      await expect(page.getByText('Moved 3 × Alpine tent 2P to the sales floor')).toBeVisible();
      await expect(page.getByText('Nothing to refill')).toBeVisible();
      await expect(card).toHaveCount(0);
      await shot(page, 'refill-done', width);
    });

    await test.step("the Devices page edits the reader's antennas", async () => {
      await page.goto('/devices');
      await page.getByRole('button', { name: 'Antennas' }).click();
      const dialog = page.getByRole('dialog', { name: 'Antennas' });
      await expect(dialog.getByTestId('antenna-row')).toHaveCount(1);
      await expect(dialog.getByLabel('Place of antenna 1')).toHaveValue(/\d+/);
      await dialog.getByRole('button', { name: 'Add antenna' }).click();
      await expect(dialog.getByTestId('antenna-row')).toHaveCount(2);
      await dialog.getByRole('button', { name: 'Save antennas' }).click();
      await expect(dialog.getByRole('alert')).toContainText('location_id must be a location id');
      await shot(page, 'antennas', width);
      await dialog.getByLabel('Place of antenna 2').selectOption({ label: 'Alpine Store > Backroom' });
      await dialog.getByRole('button', { name: 'Save antennas' }).click();
      await expect(page.getByText('Antennas saved')).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await test.step('the product dialog: where it is', async () => {
      await page.goto('/inventory');
      await page.getByRole('button', { name: 'History of Alpine tent 2P' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Product' });
      await dialog.getByRole('tab', { name: 'Where it is' }).click();
      const places = dialog.getByTestId('where-place');
      await expect(places).toHaveCount(2);
      await expect(places.nth(0)).toContainText('Alpine Store > Sales floor');
      await expect(places.nth(0)).toContainText('4 units');
      await expect(places.nth(0)).toContainText('by Front door reader, antenna 1');
      await expect(places.nth(1)).toContainText('Alpine Store > Backroom');
      await expect(places.nth(1)).toContainText('3 units');
      await expect(places.nth(1)).toContainText('No tag seen here yet');
      await shot(page, 'where-it-is', width);
    });
  });
}

// A long list (more than a page of 24): the first page, then "Load more" for the rest, at 390 and 1440.
for (const width of [390, 1440]) {
  test(`a long refill list, a page at a time, at ${width}`, async ({ page }) => {
    // 26 products made and given a minimum through the API before the page opens: 52 calls.
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.clock.install();
    const admin = await registerViaApi(page, { company: `Long Refill Co ${width}` });
    const post = poster(page.request, admin.token);
    const rooms = await storeWithRooms(post, 'Harbor Store');
    // 26 mugs, each 1 on the floor of a minimum of 3 (2 missing) and 5 in the back; the last one's floor is empty
    // (3 missing), so it comes first.
    for (let i = 1; i <= 26; i++) {
      const n = String(i).padStart(2, '0');
      await stockedWithMinimum(page, admin.token, rooms, {
        name: `Camp mug ${n}`,
        sku: `MUG${n}`,
        onFloor: i === 26 ? 0 : 1,
        inBack: 5,
      });
    }
    await signInWithToken(page, admin.token);
    await page.goto('/refill');
    // The page's first load (the app and the route's chunk): on a loaded 2-core machine past the default 10 s.
    await expect(page).toHaveTitle('Quantics | Refill list', { timeout: 30_000 });
    const cards = page.getByTestId('refill-row');
    await expect(page.getByTestId('refill-count')).toHaveText('26 to go');
    await expect(cards).toHaveCount(24);
    await expect(cards.nth(0)).toContainText('Camp mug 26');
    await expect(cards.nth(1)).toContainText('Camp mug 01');
    await expect(cards.nth(23)).toContainText('Camp mug 23');
    await expect(page.getByText('24 of 26 shown')).toBeVisible();
    const more = page.getByRole('button', { name: 'Load more' });
    await more.scrollIntoViewIfNeeded();
    await shot(page, 'refill-long', width);
    await more.click();
    await expect(cards).toHaveCount(26);
    await expect(cards.nth(25)).toContainText('Camp mug 25');
    await expect(more).toHaveCount(0);
    // Moving one from the second page: the list is read again, every page, and the mug leaves it.
    const mug24 = cards.filter({ hasText: 'Camp mug 24' });
    await mug24.getByRole('button', { name: 'Moved' }).click();
    await expect(page.getByText('Moved 2 × Camp mug 24 to the sales floor')).toBeVisible();
    await expect(cards).toHaveCount(25);
    await expect(page.getByTestId('refill-count')).toHaveText('25 to go');
    await expect(cards.filter({ hasText: 'Camp mug 24' })).toHaveCount(0);
  });
}

// A person works the list of their own store: the page opens on the store they last chose on this browser.
test('the refill list opens on the store last chosen, at 390', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  const admin = await registerViaApi(page, { company: 'Two Stores Co' });
  const post = poster(page.request, admin.token);
  await storeWithRooms(post, 'Alpine Store');
  const harbor = await storeWithRooms(post, 'Harbor Store');
  await stockedWithMinimum(page, admin.token, harbor, {
    name: 'Camp lamp',
    sku: 'LAMP1',
    onFloor: 0,
    inBack: 5,
  });
  await signInWithToken(page, admin.token);
  await page.goto('/refill');
  await expect(page).toHaveTitle('Quantics | Refill list', { timeout: 30_000 });
  const store = page.getByLabel('Store');
  await expect(store.locator('option:checked')).toHaveText('Alpine Store');
  await expect(page.getByText('Nothing to refill')).toBeVisible();
  await store.selectOption({ label: 'Harbor Store' });
  await expect(page.getByTestId('refill-row')).toHaveCount(1);
  // Away and back by the menu's address, which names no store.
  await page.goto('/dashboard');
  await page.goto('/refill');
  await expect(store.locator('option:checked')).toHaveText('Harbor Store');
  await expect(page.getByTestId('refill-row')).toHaveCount(1);
  await expect(page.getByTestId('refill-row')).toContainText('Camp lamp');
});
