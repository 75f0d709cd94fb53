import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { auth, epcOf, figure, setUpHandheld } from './count-helpers';
import { registerViaApi, shoot, signInWithToken } from './helpers';
import { createLocationViaApi, createProductViaApi } from './inventory-helpers';

// The installed app (issue #37): the real service worker of the build (vite-plugin-pwa + Workbox), no mock. The
// Count screen opens with no network once used online, a count started offline is created on the server when the
// connection is back, and a new version waits for the open count.

async function seed(request: APIRequestContext, token: string) {
  const aisle = await createLocationViaApi(request, token, { name: 'Aisle 3' });
  await createProductViaApi(request, token, {
    name: 'Blue Dream 3.5g',
    sku: 'PWAA',
    quantity: 2,
    location_id: aisle.id,
  });
  await createProductViaApi(request, token, {
    name: 'Gummies 10pk',
    sku: 'PWAB',
    quantity: 1,
    location_id: aisle.id,
  });
}

/** The service worker has installed (the app shell is precached) and controls this page. */
async function untilWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('the Count screen opens with no network; a count started and finished offline completes on the server with every read', async ({
  page,
  request,
}) => {
  const { token } = await registerViaApi(page, { company: 'Offline Co' });
  await seed(request, token);

  // The worker is served as a worker must be: JavaScript, revalidated at every check (never a stale cached copy).
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toMatch(/no-cache|no-store|max-age=0/);

  await signInWithToken(page, token);
  await setUpHandheld(page, 'Backroom MC3300');
  // Used online once: the places have loaded (and are kept), the worker has the app shell.
  await expect(
    page.getByLabel('Location', { exact: true }).locator('option', { hasText: 'Aisle 3' }),
  ).toHaveCount(1);
  await untilWorkerControls(page);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page).toHaveTitle('Quantics | Count');
  await expect(page.getByText('Counting as Backroom MC3300')).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Aisle 3' });
  await page.getByLabel('Count name (optional)').fill('Backroom, no signal');
  await shoot(page, 'count-offline-start');
  await page.getByRole('button', { name: 'Start count' }).click();

  await expect(page.getByTestId('count-started-offline')).toBeVisible();
  await expect(page.getByLabel('Tag capture')).toBeFocused();
  await page.keyboard.type(`${epcOf('PWAA')}\n${epcOf('PWAB')}\n${epcOf('PWAA')}\n`);
  await expect(page.getByText('Offline: 3 reads kept on this handheld')).toBeVisible();
  await shoot(page, 'count-offline-counting');

  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for the connection…' })).toBeVisible();

  // Back in range: the audit is created (with the count's client id), the reads sent, the finish completed.
  await page.context().setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'Backroom, no signal' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2 / 3');
  await expect(page.getByText('Count finished: Backroom, no signal')).toBeVisible();

  const audits = (await (await request.get('/api/audits', { headers: auth(token) })).json()).data;
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({
    name: 'Backroom, no signal',
    status: 'completed',
    device_name: 'Backroom MC3300',
    location: 'Aisle 3',
    tags_found: 2,
    tags_expected: 3,
  });
});

/** What the Count screen keeps in IndexedDB for its open count: whether finish was asked for, and its batches. */
function keptCount(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ isFinishing: boolean; batches: number }>((resolve, reject) => {
        const open = indexedDB.open('quantics-count');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['counts', 'batches'], 'readonly');
          const counts = tx.objectStore('counts').getAll();
          const batches = tx.objectStore('batches').count();
          tx.oncomplete = () => {
            const [count] = counts.result as { isFinishing?: boolean }[];
            resolve({ isFinishing: !!count?.isFinishing, batches: batches.result });
            open.result.close();
          };
        };
      }),
  );
}

test('with the Count screen closed, Background Sync sends what it kept once the connection is back', async ({
  page,
  context,
  request,
}) => {
  const { token } = await registerViaApi(page, { company: 'Sync Co' });
  await seed(request, token);
  await signInWithToken(page, token);
  await setUpHandheld(page, 'Dock TC52');
  await untilWorkerControls(page);
  await expect(
    page.getByLabel('Location', { exact: true }).locator('option', { hasText: 'Aisle 3' }),
  ).toHaveCount(1);

  const devtools = await context.newCDPSession(page);
  await devtools.send('BackgroundService.setRecording', { shouldRecord: true, service: 'backgroundSync' });

  // No signal: a count started, read and finished on the handheld, all of it kept there.
  await context.setOffline(true);
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Aisle 3' });
  await page.getByLabel('Count name (optional)').fill('Dock, no signal');
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page.getByTestId('count-started-offline')).toBeVisible();
  await expect(page.getByLabel('Tag capture')).toBeFocused();
  await page.keyboard.type(`${epcOf('PWAA')}\n${epcOf('PWAB')}\n${epcOf('PWAA')}\n`);
  await expect(page.getByText('Offline: 3 reads kept on this handheld')).toBeVisible();
  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for the connection…' })).toBeVisible();
  // Kept: the finish, and the reads in their numbered batches (how many depends on the typing's pace).
  await expect.poll(() => keptCount(page)).toEqual({ isFinishing: true, batches: expect.any(Number) });
  expect((await keptCount(page)).batches).toBeGreaterThan(0);
  // The page asked the browser for a Background Sync.
  expect(
    await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    }),
  ).toContain('quantics-count-send');

  // The counter closes the app and walks back into range: no Quantics page is open to send anything. Chromium fires
  // `sync` when the connection is back; Playwright's offline is DevTools' network emulation, which Chromium's Background
  // Sync follows for the worker too, so going online here fires the real event at the real worker. DevTools records
  // the background service's events (Application > Background services): they show it was Background Sync.
  const blank = await context.newPage();
  await page.close({ runBeforeUnload: false });
  await context.setOffline(false);

  // The audit is created (with the count's client id), its reads sent with their numbers, the finish completed.
  await expect
    .poll(async () => (await (await request.get('/api/audits', { headers: auth(token) })).json()).data)
    .toEqual([
      expect.objectContaining({
        name: 'Dock, no signal',
        status: 'completed',
        device_name: 'Dock TC52',
        location: 'Aisle 3',
        tags_found: 2,
        tags_expected: 3,
      }),
    ]);
  // Sent by the service worker's sync event: registered by the page, then dispatched and completed.
  const events: string[] = [];
  const observer = await context.newCDPSession(blank);
  observer.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: e }) => {
    if (e.instanceId === 'quantics-count-send') events.push(e.eventName);
  });
  await observer.send('BackgroundService.startObserving', { service: 'backgroundSync' });
  await expect
    .poll(() => events)
    .toEqual(expect.arrayContaining(['Registered sync', 'Dispatched sync event', 'Sync completed']));

  // Nothing is left on the handheld: Count opens on a new count.
  await blank.goto('/count');
  await expect(blank.getByText('Counting as Dock TC52')).toBeVisible();
  await expect(blank.getByRole('button', { name: 'Start count' })).toBeVisible();
  expect(await keptCount(blank)).toEqual({ isFinishing: false, batches: 0 });
});

/** A PNG's width and height, from its IHDR chunk (bytes 16-23). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test('the app passes the installability checks: manifest, icons, service worker, start URL offline', async ({
  page,
  request,
}) => {
  // The checks Lighthouse's PWA audit made (installable manifest, maskable icon, service worker, offline start URL).
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href ?? '');
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Quantics',
    short_name: 'Quantics',
    start_url: '/count',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const size of ['192x192', '512x512'])
    for (const purpose of ['any', 'maskable'])
      expect(icons.filter((i) => i.sizes === size && i.purpose === purpose)).toHaveLength(1);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
  }
  // Light and dark theme colours for the browser's bar, and the icon iOS uses.
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveCount(1);
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(touch ?? '')).body())).toBe('180x180');

  // A service worker registered for the whole app, which serves the start URL with no network.
  await untilWorkerControls(page);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.scope))).toBe(
    new URL('/', page.url()).href,
  );
  await page.context().setOffline(true);
  const offline = await page.goto(manifest.start_url);
  expect(offline?.status()).toBe(200);
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.context().setOffline(false);
});

/**
 * The portal as a browser reaches it after a deploy: a proxy in front of the test server that passes everything
 * through, except that it can serve a new service worker. Its own origin, so the deploy touches no other test.
 */
async function deployableOrigin() {
  const target = new URL(test.info().project.use.baseURL ?? '');
  const state = { swSuffix: '' };
  const proxy = createServer((req, res) => {
    const upstream = httpRequest(
      // Uncompressed, so the worker's text can be changed.
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        // Not conditional: a "not modified" would keep the browser on the worker it has.
        headers: {
          ...req.headers,
          'accept-encoding': 'identity',
          'if-none-match': '',
          'if-modified-since': '',
        },
      },
      (answer) => {
        if (req.url?.split('?')[0] !== '/sw.js' || !state.swSuffix) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(state.swSuffix)]);
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers.etag;
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    /** The next check for a new version finds one. */
    deploy: () => {
      state.swSuffix = `\n// deployed ${Date.now()}\n`;
    },
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

test('a new version waits for the open count, then is taken and the person told', async ({
  page,
  request,
}) => {
  const portal = await deployableOrigin();
  try {
    const { token } = await registerViaApi(page, { company: 'Update Co' });
    await seed(request, token);
    await page.goto(`${portal.origin}/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto(`${portal.origin}/count`);
    await page.getByLabel('Handheld name').fill('Front TC52');
    await page.getByRole('button', { name: 'Set up this handheld' }).click();
    await expect(page.getByText('Counting as Front TC52')).toBeVisible();
    await untilWorkerControls(page);

    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Aisle 3' });
    await page.getByRole('button', { name: 'Start count' }).click();
    await expect(page.getByLabel('Tag capture')).toBeFocused();
    await page.keyboard.type(`${epcOf('PWAA')}\n`);
    await expect(figure(page, 'found')).toHaveText('1');

    // A deploy: the server now has another service worker; the app checks for it.
    portal.deploy();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const waiting = page.getByText(
      'A new version of Quantics is ready: it is installed when this count is finished.',
    );
    await expect(waiting).toBeVisible();
    // Not taken: the count is there, reads and all, and goes on.
    await page.keyboard.type(`${epcOf('PWAB')}\n`);
    await expect(figure(page, 'found')).toHaveText('2');
    await expect(page.getByText('All reads sent')).toBeVisible();

    await page.getByRole('button', { name: 'Finish count' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Count finished')).toBeVisible();
    // The result stays until the person leaves the Count screen; then the new version is taken, and they are told.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audits' }).click();
    // The new worker takes over and the page reloads; where Chromium keeps it waiting, the page lets the old
    // registration go after 8 s and reloads (src/lib/pwa-update.ts): either way the person is on the new version.
    await expect(page.getByText('Quantics was updated to its latest version')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveTitle(/Audits/);
    // The deployed worker is the one running now, with nothing left waiting.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return r?.active?.state === 'activated' && !r.waiting && !r.installing;
        }),
      )
      .toBe(true);
    const audits = (await (await request.get('/api/audits', { headers: auth(token) })).json()).data;
    expect(audits[0]).toMatchObject({ status: 'completed', tags_found: 2 });
  } finally {
    await portal.close();
  }
});
