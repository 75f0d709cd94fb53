import { type APIRequestContext, expect, test } from '@playwright/test';
import { auth, epcOf, figure, setUpHandheld } from './count-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { createLocationViaApi, createProductViaApi } from './inventory-helpers';

// The page's own offline queue, without the service worker: with it, Background Sync sends what the page kept as
// soon as the connection is back, past the route this file fails the reads with (a page's routes do not see the
// worker's requests). The worker's sending has its own tests in pwa.spec.ts.
test.use({ serviceWorkers: 'block' });

/** 'HELLOWORLD12' as a tag: matches no product, and its text is readable. */
const READABLE_UNKNOWN = epcOf('HELLOWORLD12');

async function seed(request: APIRequestContext, token: string) {
  const store = await createLocationViaApi(request, token, { name: 'Store' });
  const warehouse = await createLocationViaApi(request, token, { name: 'Warehouse' });
  await createProductViaApi(request, token, {
    name: 'Blue Dream 3.5g',
    sku: 'CNTA',
    quantity: 2,
    location_id: store.id,
  });
  await createProductViaApi(request, token, {
    name: 'Gummies 10pk',
    sku: 'CNTB',
    quantity: 1,
    location_id: store.id,
  });
  await createProductViaApi(request, token, {
    name: 'Pre-roll 5pk',
    sku: 'CNTC',
    quantity: 4,
    location_id: store.id,
  });
  await createProductViaApi(request, token, {
    name: 'Vape cart',
    sku: 'CNTD',
    quantity: 1,
    location_id: warehouse.id,
  });
}

/** '1:05' -> 65, and back. */
const seconds = (text: string) => {
  const [m, sec] = text.trim().split(':').map(Number);
  return (m ?? 0) * 60 + (sec ?? 0);
};
const clockText = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;

test('counts what a DataWedge reader types, survives going offline and a reload, and the result is exact', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const { token, user } = await registerViaApi(page);
  await seed(request, token);
  await signInWithToken(page, token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Count' }).click();
  await expect(page).toHaveTitle('Quantics | Count');
  await setUpHandheld(page, "Alex's MC3300");

  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Store' });
  await page.getByLabel('Count name (optional)').fill('Front count');
  await shoot(page, 'count-idle');
  // The live list names what is read by the sheet's lookup: the sheet of every product is never downloaded.
  const sheetCalls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname + new URL(r.url()).search;
    if (/\/api\/rfid\/audits\/\d+\/sheet/.test(path))
      sheetCalls.push(`${r.method()} ${path.replace(/\d+/, 'N')}`);
  });
  await page.getByRole('button', { name: 'Start count' }).click();
  const capture = page.getByLabel('Tag capture');
  await expect(capture).toBeFocused();
  await expect(capture).toHaveAttribute('inputmode', 'none');
  await expect(figure(page, 'expected')).toHaveText('7');

  // As DataWedge types: EPC + Enter at machine speed, lower case too, a repeat, two tags run together with no
  // separator, and something that is not a tag followed by Tab: a code (a barcode scanner's), matching no product.
  await page.keyboard.type(`${epcOf('CNTA')}\n${epcOf('CNTB').toLowerCase()}\n${epcOf('CNTA')}\n`);
  await page.keyboard.type(`${epcOf('CNTD')}${READABLE_UNKNOWN}\n`);
  await page.keyboard.type('garbage\t');
  await expect(figure(page, 'found')).toHaveText('2');
  await expect(figure(page, 'Misplaced')).toHaveText('1');
  await expect(figure(page, 'Unknown')).toHaveText('2');
  await expect(figure(page, 'Ignored')).toHaveText('0');
  const last = page.getByRole('list', { name: 'Last reads' }).getByRole('listitem');
  await expect(last.nth(0)).toContainText('garbage');
  await expect(last.nth(0)).toContainText('Unknown code');
  await expect(last.nth(1)).toContainText('Unknown tag');
  await expect(last.nth(1)).toContainText('Reads as “HELLOWORLD12”');
  await expect(last.nth(2)).toContainText('Vape cart');
  await expect(last.nth(2)).toContainText('Misplaced');
  expect(sheetCalls[0]).toBe('GET /api/rfid/audits/N/sheet?items=none');
  expect(sheetCalls.slice(1).every((c) => c === 'POST /api/rfid/audits/N/sheet/lookup')).toBe(true);
  expect(sheetCalls.length).toBeGreaterThan(1);
  await shoot(page, 'count-counting');
  await expect(capture).toBeFocused();

  // Within half a second the batch goes out; a minute on, the elapsed time says so. The clock stands still while
  // the minute passes, so however long the typing took on a busy machine, exactly a minute is added.
  await expect(page.getByText('All reads sent')).toBeVisible();
  const elapsed = page.getByTestId('count-elapsed');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const before = seconds(await elapsed.innerText());
  await page.clock.fastForward(60_000);
  // The display ticks each second: it shows the minute later, or the second after it.
  await expect(elapsed).toHaveText(new RegExp(`^(${clockText(before + 60)}|${clockText(before + 61)})$`));
  await page.clock.resume();

  // A dead Wi-Fi corner: the next read is kept on the handheld.
  await page.context().setOffline(true);
  await page.keyboard.type(`${epcOf('CNTC')}\n`);
  // Never read before, it cannot be named with no connection: it waits for its name, and counts once named.
  await expect(page.getByText('Offline: 1 reads kept on this handheld')).toBeVisible();
  await expect(last.nth(0)).toContainText('Waiting to be named');
  await expect(page.getByTestId('count-waiting')).toHaveText(
    '1 read is waiting to be named: they count once the portal answers.',
  );
  await expect(figure(page, 'found')).toHaveText('2');
  await shoot(page, 'count-waiting-names');

  // Reloading with reads unsent asks first; the page comes back (the reads route still failing) with the count.
  await page.route('**/api/rfid/audits/*/reads', (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(false);
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  // Back online, the read is named (by the lookup; the names read before came back from the handheld's storage).
  await expect(figure(page, 'found')).toHaveText('3');
  await expect(last.nth(0)).toContainText('Pre-roll 5pk');
  await expect(figure(page, 'Unknown')).toHaveText('2');
  await expect(page.getByTestId('count-scope')).toHaveText('Front count · Store');
  await expect(page.getByText('Offline: 1 reads kept on this handheld')).toBeVisible();

  // The connection is back: the kept batch goes out with its own number.
  await page.unroute('**/api/rfid/audits/*/reads');
  await page.clock.fastForward(11_000);
  await expect(page.getByText('All reads sent')).toBeVisible();

  await page.getByRole('button', { name: 'Finish count' }).click();
  const dialog = page.getByRole('dialog', { name: 'Front count' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Alex's MC3300");
  await expect(dialog).toContainText('3 / 7');
  await expect(dialog).toContainText('43%');
  await expect(dialog).toContainText('(1 misplaced, 2 unknown)');
  await shoot(page, 'count-finished');

  // The audit's figures, exactly: CNTA 1 of 2, CNTB 1 of 1, CNTC 1 of 4 (no TIDs: one unit per EPC).
  const audits = (await (await request.get('/api/audits', { headers: auth(token) })).json()).data;
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({
    name: 'Front count',
    status: 'completed',
    device_name: "Alex's MC3300",
    location: 'Store',
    tags_found: 3,
    tags_expected: 7,
    expected_count: 3,
    discrepancies_count: 4,
    misplaced_count: 1,
    unknown_count: 2,
    accuracy: 43,
    started_by: user.email,
  });
  const rows = await (
    await request.get(`/api/audits/${audits[0].id}/discrepancies`, { headers: auth(token) })
  ).json();
  const bySku = Object.fromEntries(
    rows.map(
      (r: {
        product_sku: string | null;
        rfid_tag: string;
        expected_quantity: number;
        found_quantity: number;
        discrepancy_type: string;
      }) => [r.product_sku ?? r.rfid_tag, [r.discrepancy_type, r.expected_quantity, r.found_quantity]],
    ),
  );
  expect(bySku).toEqual({
    CNTA: ['shortage', 2, 1],
    CNTC: ['shortage', 4, 1],
    CNTD: ['misplaced', 0, 1],
    HELLOWORLD12: ['unknown', 0, 1],
    garbage: ['unknown', 0, 1],
  });

  // The browser is a device of the company, seen just now.
  const devices = await (await request.get('/api/devices', { headers: auth(token) })).json();
  expect(devices).toEqual([
    expect.objectContaining({ name: "Alex's MC3300", kind: 'browser', status: 'online' }),
  ]);
});

test('a blind count of bursts with no separator and a DataWedge prefix hides expected and counts every tag once', async ({
  page,
  request,
}) => {
  // 850 keystrokes at machine speed: on a shared CI machine, beside the accessibility runs, typing 2,300 of them
  // took over a minute.
  test.slow();
  await page.clock.install();
  const { token } = await registerViaApi(page);
  await seed(request, token);
  await signInWithToken(page, token);
  await setUpHandheld(page, 'Backroom TC52');

  // Test the reader first: each key shows, Enter as a key.
  await page.getByLabel('Read a tag to test your reader').click();
  await page.keyboard.type(`${epcOf('CNTA')}\n`);
  await expect(page.getByRole('log', { name: 'Keys received' })).toContainText('⏎ Enter');
  await expect(page.getByTestId('reader-test-result')).toContainText(`25 keys: 1 EPC (${epcOf('CNTA')})`);
  await shoot(page, 'count-reader-test');

  await page.getByLabel('DataWedge prefix (optional)').fill('#');
  await page.getByLabel('Blind count').check();
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByLabel('Tag capture')).toBeFocused();
  await expect(page.getByText('Blind count', { exact: true })).toBeVisible();
  await expect(figure(page, 'expected')).toHaveCount(0);

  // Ten unknown tags, each read three times, typed with the prefix and nothing else between them.
  const tags = Array.from({ length: 10 }, (_, i) => `E2801170${String(i).padStart(16, '0')}`);
  await page.keyboard.type(
    tags
      .flatMap((t) => [t, t, t])
      .map((t) => `#${t}`)
      .join(''),
  );
  // No separator at all after the last one: it is counted as soon as its 24th digit arrives.
  await expect(figure(page, 'Unknown')).toHaveText('10');
  // Catalogue tags in one burst with no separator and no prefix: split on 24-digit boundaries.
  await page.keyboard.type(`${epcOf('CNTA')}${epcOf('CNTB')}${epcOf('CNTC')}`);
  await expect(figure(page, 'found')).toHaveText('3');
  await expect(figure(page, 'Ignored')).toHaveText('0');
  // A reader sending its data as one string (DataWedge's IME output): a tag with a broken tail before a space is
  // counted, its tail ignored, never dropped silently.
  await page.keyboard.insertText(`${epcOf('CNTA')}7F ${epcOf('CNTB')}`);
  await expect(figure(page, 'Ignored')).toHaveText('1');
  await expect(figure(page, 'found')).toHaveText('3');
  await shoot(page, 'count-blind');

  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByRole('dialog')).toContainText('3 / 8');
  const [audit] = (await (await request.get('/api/audits', { headers: auth(token) })).json()).data;
  expect(audit).toMatchObject({
    status: 'completed',
    location: null,
    audit_type: 'Blind count',
    tags_found: 3,
    // The whole catalogue: 2 + 1 + 4 + 1.
    tags_expected: 8,
    unknown_count: 10,
    misplaced_count: 0,
  });
});
