import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { epcFromSku, type TShipment, type TShipmentSummary } from '@quantics/contracts';

/**
 * Screenshots of every page of a running demo (`npm run demo`), at 1440 and 390 wide, light mode, for the README;
 * the first hour's screens (issue 54: dashboard, inventory with its places, a review, the refill list) in dark mode too (`<name>-dark-<width>.png`),
 * and last the Count screen receiving the demo's expected shipment from Summit Gear (`receiving-<width>.png`: this
 * browser is set up as a handheld at each width, so the demo's Devices list has two more "Receiving phone" rows after):
 *   node --import tsx e2e/demo-screenshots.ts [--url http://localhost:3000] [--out docs/screenshots]
 * Long pages are cut at a fixed height so the folder stays small.
 */

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    out: { type: 'string', default: 'docs/screenshots' },
  },
});
const BASE = (values.url ?? '').replace(/\/$/, '');
const OUT = values.out ?? 'docs/screenshots';
const WIDTHS = [
  { width: 1440, height: 900, maxHeight: 1800 },
  { width: 390, height: 844, maxHeight: 2400 },
];

async function api<T>(path: string, token: string | null, body?: object): Promise<T> {
  const res = await fetch(BASE + path, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Shot = { name: string; path: string; prepare?: (page: Page) => Promise<void> };

/** Opens something on the page (a conversation) before the picture. */
const clicking = (text: string) => async (page: Page) => {
  await page.getByText(text).first().click();
  await settle(page);
};

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // A page's chunk and its figures can take a while on a busy machine: its spinner and skeletons gone first.
  await page
    .waitForFunction(() => !document.querySelector('svg.size-8.animate-spin, .animate-pulse'), null, {
      timeout: 60_000,
    })
    .catch(() => {});
  // Charts animate in; skeletons give way to figures.
  await page.waitForTimeout(900);
}

async function shoot(browser: Browser, token: string, shots: Shot[], scheme: 'light' | 'dark' = 'light') {
  for (const size of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      colorScheme: scheme,
    });
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    for (const shot of shots) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(BASE + shot.path);
      await settle(page);
      await shot.prepare?.(page);
      // The whole page up to maxHeight, as one tall window (so sticky sidebars and headers stay where they belong).
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({
        width: size.width,
        height: Math.min(Math.max(height, size.height), size.maxHeight),
      });
      await page.waitForTimeout(400);
      const file = `${shot.name}${scheme === 'dark' ? '-dark' : ''}-${size.width}.png`;
      await page.screenshot({ path: `${OUT}/${file}` });
      process.stdout.write(`${file}\n`);
    }
    await context.close();
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const login = await api<{ token: string }>('/api/auth/login', null, {
    email: 'alex@harborpine.example',
    password: 'quantics-demo',
  });
  const companies = await api<{ id: number; name: string; is_current: boolean }[]>(
    '/api/team/companies',
    login.token,
  );
  const home = companies.find((c) => c.is_current);
  const dutchie = companies.find((c) => !c.is_current);
  if (!home || !dutchie) throw new Error('the demo admin should belong to two companies');
  // The first hour's screens (issue 54): a count awaiting review, and the first store's refill list.
  const awaiting = await api<{ data: { id: number }[] }>('/api/audits?review=awaiting&limit=1', login.token);
  const stores = (await api<{ id: number; kind: string }[]>('/api/locations', login.token)).filter(
    (l) => l.kind === 'store',
  );
  const firstHour: Shot[] = [
    { name: 'dashboard', path: '/dashboard' },
    // Every product's places (a row per place) in the list.
    { name: 'inventory', path: '/inventory' },
    { name: 'review', path: `/audits?audit=${awaiting.data[0]?.id}&review=1` },
    { name: 'refill', path: `/refill?store=${stores[0]?.id}` },
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await shoot(browser, '', [
      { name: 'landing', path: '/' },
      { name: 'sign-in', path: '/login' },
    ]);
    await shoot(browser, login.token, [
      { name: 'locations', path: '/locations' },
      { name: 'audits', path: '/audits' },
      {
        name: 'audit-details',
        path: '/audits',
        // An audit someone commented on: the seed comments on ones with discrepancies.
        // The live readers' newest counts come first: page on until one of the seeded, commented audits.
        prepare: async (page) => {
          const row = page.getByTestId('audit-row').filter({ has: page.getByLabel('Has comments') });
          const next = page.getByRole('button', { name: 'Next page' });
          for (let i = 0; i < 20 && (await row.count()) === 0; i++) {
            if (!(await next.isVisible()) || !(await next.isEnabled())) break;
            await next.click();
            await settle(page);
          }
          // A small demo's (or one whose comments are off the pages): the first count.
          const target = (await row.count()) > 0 ? row : page.getByTestId('audit-row');
          await target.first().locator('button').first().click();
          await settle(page);
        },
      },
      ...firstHour,
      { name: 'devices', path: '/devices' },
      { name: 'reports', path: '/reports' },
      { name: 'print-labels', path: '/print-labels' },
      { name: 'tallie', path: '/tallie', prepare: clicking('What is low on stock?') },
      { name: 'team', path: '/team' },
      { name: 'company', path: '/company' },
      { name: 'settings', path: '/settings' },
    ]);
    await shoot(browser, login.token, firstHour, 'dark');
    const switched = await api<{ token: string }>('/api/team/switch-company', login.token, {
      companyId: dutchie.id,
    });
    await shoot(browser, switched.token, [
      { name: 'dutchie-dashboard', path: '/dashboard' },
      { name: 'dutchie-inventory', path: '/inventory' },
    ]);
    // Back home, so the admin's next sign-in lands in the local catalogue again.
    const back = await api<{ token: string }>('/api/team/switch-company', switched.token, {
      companyId: home.id,
    });
    await shoot(browser, back.token, [await receivingShot(back.token)]);
  } finally {
    await browser.close();
  }
}

/** The demo's shipment expected from Summit Gear. */
const RECEIVED_SHIPMENT = 'ASN-SG-20417';

/**
 * The Count screen receiving a shipment on the dock: this browser set up as a handheld, the shipment picked from the
 * Receive tab, and one tag of each of its lines read (typed into the capture field, as a reader's keyboard wedge does).
 */
async function receivingShot(token: string): Promise<Shot> {
  const list = await api<{ data: TShipmentSummary[] }>('/api/shipments', token);
  const summary = list.data.find((s) => s.reference === RECEIVED_SHIPMENT);
  if (!summary) throw new Error(`the demo should expect shipment ${RECEIVED_SHIPMENT}`);
  const shipment = await api<TShipment>(`/api/shipments/${summary.id}`, token);
  return {
    name: 'receiving',
    path: '/count',
    prepare: async (page) => {
      const name = page.getByLabel('Handheld name');
      if (await name.isVisible()) {
        await name.fill('Receiving phone');
        await page.getByRole('button', { name: 'Set up this handheld' }).click();
        await page.getByText('Counting as Receiving phone').waitFor();
      }
      await page.getByRole('tab', { name: 'Receive' }).click();
      // Receive it, or join the receipt this script opened at the other width.
      await page.getByRole('button', { name: new RegExp(`^(Receive|Join) ${RECEIVED_SHIPMENT}$`) }).click();
      await page.getByTestId('count-scope').filter({ hasText: RECEIVED_SHIPMENT }).waitFor();
      const capture = page.getByLabel('Tag capture');
      for (const line of shipment.lines) {
        await capture.fill(epcFromSku(line.sku));
        await capture.press('Enter');
      }
      await page
        .getByTestId('receipt-received')
        .filter({ hasText: String(shipment.lines.length) })
        .waitFor();
      await settle(page);
    },
  };
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
