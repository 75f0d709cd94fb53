import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MENU } from '@quantics/contracts';
import {
  axeProblems,
  checkDialogKeyboard,
  checkMenuKeyboard,
  MODES,
  mouseOnlyTargets,
  tabThrough,
} from './a11y-helpers';
import { addProduct, pairReader, runAudit } from './dashboard-helpers';
import { addSimKey } from './dutchie-helpers';
import { uniqueEmail } from './helpers';
import { inviteViaApi } from './team-helpers';

/*
 * Every page of the app and its main dialogs, in light and dark mode, 1440 and 390 wide: no serious or critical
 * axe-core violation of WCAG 2.1 A/AA, focus always visible, a bounded number of tab stops, no mouse-only control,
 * dialogs that take focus, keep it and give it back. Each mode is three tests (GROUPS), so the browser tests'
 * workers share them out; within a test, pages in sequence, each page's dialogs checked while the page is open (one
 * load a page), and axe run once a page and once a dialog. A page the router has that PAGES does not list fails the
 * first test, and a page or dialog no group checks fails the second.
 */

type Who = 'public' | 'local' | 'dutchie';
type PageCase = {
  /** Address to open (query included); its path is matched against the router. */
  url: string;
  who: Who;
  /** Shown once the page has its data. */
  ready: (page: Page) => Promise<void>;
  /**
   * Most tab stops the page may have with this test's data, menu included: about 1.3 times what it has today, so a
   * page that grows a control per row, or loses the skip link's shortcut, shows up here.
   */
  maxTabStops: number;
};

const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};
const text = (t: string | RegExp) => async (page: Page) => {
  await expect(page.getByText(t).filter({ visible: true }).first()).toBeVisible();
};

let inviteUrl = '';

const PAGES: PageCase[] = [
  { url: '/', who: 'public', ready: h1(/./), maxTabStops: 45 },
  { url: '/login', who: 'public', ready: h1('Welcome Back'), maxTabStops: 12 },
  { url: '/register', who: 'public', ready: h1('Create your account'), maxTabStops: 12 },
  { url: '/forgot-password', who: 'public', ready: h1('Forgot your password?'), maxTabStops: 8 },
  { url: '/reset-password?token=not-a-real-token', who: 'public', ready: h1(/./), maxTabStops: 8 },
  { url: '/accept-invite', who: 'public', ready: text(/invited you|Join/i), maxTabStops: 10 },
  {
    url: '/dashboard',
    who: 'local',
    // With the count plans' due and coverage cards (issue 36).
    ready: async (p) => {
      await text('Shelf A count')(p);
      await text('Location coverage')(p);
    },
    maxTabStops: 40,
  },
  { url: '/tallie', who: 'local', ready: h1(/Tallie/), maxTabStops: 40 },
  { url: '/audits', who: 'local', ready: text('Shelf A count'), maxTabStops: 35 },
  // The printable adjustments sheet (its own page, without the shell); an audit of another company says so.
  {
    url: '/audits/adjustments?audit=1',
    who: 'local',
    ready: text(/Adjustments sheet|could not be loaded/i),
    maxTabStops: 10,
  },
  { url: '/count', who: 'local', ready: h1(/./), maxTabStops: 30 },
  { url: '/devices', who: 'local', ready: text('RFD40-A11Y'), maxTabStops: 35 },
  { url: '/inventory', who: 'local', ready: text('Rain Jacket'), maxTabStops: 50 },
  // Each location's last count and next due day, from the count plans (issue 36).
  { url: '/locations', who: 'local', ready: text('Not in a plan'), maxTabStops: 45 },
  { url: '/print-labels', who: 'local', ready: h1('Print RFID Labels'), maxTabStops: 30 },
  { url: '/reports', who: 'local', ready: h1('Reports'), maxTabStops: 30 },
  { url: '/team', who: 'local', ready: text('pending.a11y'), maxTabStops: 30 },
  { url: '/company', who: 'local', ready: text('Team members'), maxTabStops: 30 },
  { url: '/settings', who: 'local', ready: h1('Settings'), maxTabStops: 35 },
  // Pages outside the spec's menu: shipments (issue 51) and the refill list (issue 52), empty for this company.
  { url: '/shipments', who: 'local', ready: text('No shipments yet'), maxTabStops: 35 },
  { url: '/refill', who: 'local', ready: text('No store yet'), maxTabStops: 35 },
  // A point-of-sale company: its own inventory screen and dashboard, and a page its menu does not have.
  { url: '/dashboard', who: 'dutchie', ready: text('From Dutchie'), maxTabStops: 35 },
  { url: '/inventory', who: 'dutchie', ready: h1(/./), maxTabStops: 65 },
  { url: '/locations', who: 'dutchie', ready: h1(/./), maxTabStops: 25 },
];

type DialogCase = {
  name: string;
  from: string;
  /** Brings the opener on screen (a tab, a row). */
  before?: (page: Page) => Promise<void>;
  opener: (page: Page) => ReturnType<Page['getByRole']>;
  onlyNarrow?: boolean;
};

const DIALOGS: DialogCase[] = [
  {
    name: 'Add Product',
    from: '/inventory',
    opener: (p) => p.getByRole('button', { name: 'Add Product' }).first(),
  },
  {
    name: 'Add Location',
    from: '/locations',
    opener: (p) => p.getByRole('button', { name: 'Add Location' }).first(),
  },
  {
    name: 'Register Device',
    from: '/devices',
    opener: (p) => p.getByRole('button', { name: 'Register Device' }).first(),
  },
  {
    name: 'Shelf A count',
    from: '/audits',
    opener: (p) =>
      p
        .getByTestId('audit-row')
        .first()
        .getByRole('button', { name: /^Shelf A count/ }),
  },
  {
    name: 'New count plan',
    from: '/audits',
    before: async (p) => {
      await p.getByRole('tab', { name: 'Plans' }).click();
      await expect(p.getByText('Floor weekly')).toBeVisible();
    },
    opener: (p) => p.getByRole('button', { name: 'New plan' }),
  },
  {
    name: 'Invite Member',
    from: '/team',
    opener: (p) => p.getByRole('button', { name: 'Invite Member' }),
  },
  {
    name: 'Set up two-factor authentication',
    from: '/settings',
    before: async (p) => {
      await p.getByRole('tab', { name: 'Security' }).click();
    },
    opener: (p) => p.getByRole('button', { name: 'Enable two-factor' }),
  },
  {
    name: 'Menu',
    from: '/dashboard',
    opener: (p) => p.getByRole('button', { name: 'Open menu' }),
    onlyNarrow: true,
  },
];

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A catalogue company with locations, products, a reader, an audit and a pending invitation; and a Dutchie one. */
async function seed(request: APIRequestContext) {
  const register = async (body: Record<string, unknown>) => {
    const res = await request.post('/api/auth/register', {
      data: { email: uniqueEmail('a11y'), password: 'stock-count-1', ...body },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };
  const token = await register({ company: 'Harbor & Pine' });
  const location = async (name: string, parent: number | null) => {
    const res = await request.post('/api/locations', {
      headers: auth(token),
      data: { name, parent_location_id: parent },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const store = await location('Main Street Store', null);
  const floor = await location('Sales Floor', store);
  const backroom = await location('Backroom', store);
  const products = [];
  for (const [i, name] of ['Rain Jacket', 'Trail Boots', 'Wool Socks', 'Camp Mug', 'Head Lamp'].entries()) {
    products.push(
      await addProduct(request, token, {
        name,
        sku: `A11Y${i}`,
        quantity: i === 3 ? 0 : 4 + i,
        min_stock_level: 5,
        unit_cost: 1200 + i * 350,
        vendor: 'Northwind',
        category: 'Outdoor',
        ...(i === 1
          ? { expiration_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) }
          : {}),
      }),
    );
  }
  const placed = await request.post('/api/inventory', {
    headers: auth(token),
    data: { name: 'Fleece Vest', sku: 'A11YPLACED', quantity: 6, location_id: floor },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const reader = await pairReader(request, token, 'RFD40-A11Y');
  await runAudit(request, reader.device_token, 'Shelf A count', [
    { epc: products[0]?.epc ?? '', units: 4 },
    { epc: products[1]?.epc ?? '', units: 3 },
    { epc: 'E2801160600002AA11F00001', units: 1 },
  ]);
  // Count plans (issue 36): the Plans tab, the dashboard's due and coverage cards, the Locations page's next counts.
  for (const plan of [
    { name: 'Floor weekly', location_ids: [floor], every_days: 7, grace_days: 1, blind: false },
    { name: 'Backroom Mondays', location_ids: [backroom], weekdays: [1], grace_days: 0, blind: true },
  ]) {
    const made = await request.post('/api/count-plans', { headers: auth(token), data: plan });
    expect(made.status(), await made.text()).toBe(201);
  }
  // A second company: the menu shows the company switcher (a menu to use with the keyboard).
  const second = await request.post('/api/companies', {
    headers: auth(token),
    data: { name: 'Harbor Outlet' },
  });
  expect(second.status(), await second.text()).toBe(201);
  inviteUrl = await inviteViaApi(request, token, {
    email: uniqueEmail('pending.a11y'),
    name: 'Pat Pending',
    role: 'member',
  });

  const dutchie = await register({
    company: 'Greenleaf',
    useDutchie: true,
    dutchieApiKey: await addSimKey(),
  });
  return { local: token, dutchie };
}

/** The router's addresses: its literal paths, and the menu's pages it builds from the contracts' MENU. */
function routerPaths(): string[] {
  const source = readFileSync(join(import.meta.dirname, '../../apps/web/src/app/router.tsx'), 'utf8');
  const paths: string[] = [];
  for (const m of source.matchAll(/\bpath:\s*('[^']*'|`[^`]*`|[^,\s]+)/g)) {
    const value = (m[1] ?? '').trim();
    if (value === '`/$' + '{key}`' && source.includes('MENU_KEYS.map((key)')) {
      paths.push(...MENU.map((item) => item.path));
    } else if (/^'[^']*'$/.test(value)) {
      if (value !== "'*'") paths.push(value.slice(1, -1));
    } else {
      throw new Error(`router.tsx has a route path this test cannot read: ${value}; list the page in PAGES`);
    }
  }
  return [...new Set(paths)].sort();
}

test('every page of the router is on the accessibility list', () => {
  const listed = [...new Set(PAGES.map((p) => new URL(p.url, 'http://x').pathname))].sort();
  expect(listed).toEqual(routerPaths());
});

type Mode = (typeof MODES)[number];

/**
 * The pages in three groups of about the same length (each a test a mode): a page is named by who and its address.
 * The catalogue company's pages come with their dialogs, the Plans tab and the menus.
 */
const GROUPS: { name: string; pages: string[] }[] = [
  {
    name: 'public pages and the Dutchie company',
    pages: [
      'public /',
      'public /login',
      'public /register',
      'public /forgot-password',
      'public /reset-password?token=not-a-real-token',
      'public /accept-invite',
      'dutchie /dashboard',
      'dutchie /inventory',
      'dutchie /locations',
    ],
  },
  {
    name: 'dashboard, Tallie, audits, count, devices, shipments, refill',
    pages: [
      'local /dashboard',
      'local /tallie',
      'local /audits',
      'local /audits/adjustments?audit=1',
      'local /count',
      'local /devices',
      'local /shipments',
      'local /refill',
    ],
  },
  {
    name: 'inventory, locations, labels, reports, team, company, settings',
    pages: [
      'local /inventory',
      'local /locations',
      'local /print-labels',
      'local /reports',
      'local /team',
      'local /company',
      'local /settings',
    ],
  },
];
const pageKey = (c: PageCase) => `${c.who} ${c.url}`;

test('every page of the accessibility list is in one group, and every dialog on a page of one', () => {
  const grouped = GROUPS.flatMap((g) => g.pages);
  expect([...grouped].sort()).toEqual(PAGES.map(pageKey).sort());
  for (const d of DIALOGS) expect(grouped, `dialog ${d.name}`).toContain(`local ${d.from}`);
});

let tokens: { local: string; dutchie: string } | undefined;

/** Checks one page as it is shown now: axe, mouse-only controls, the Tab walk (and the skip link first). */
async function checkPage(page: Page, c: PageCase, mode: Mode, problems: string[]) {
  const where = `${c.url} (${c.who})`;
  await test.step('axe', async () => {
    for (const p of await axeProblems(page)) problems.push(`${where} axe ${p}`);
  });
  for (const t of await mouseOnlyTargets(page)) problems.push(`${where} mouse only: ${t}`);
  const stops = await test.step('Tab walk', () => tabThrough(page, c.maxTabStops));
  if (process.env.SHOTS_DIR) {
    const name = `${c.who}${c.url.split('?')[0]?.replaceAll('/', '-')}-${mode.width}${mode.scheme === 'dark' ? '-dark' : ''}`;
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
  }
  if (stops.length > c.maxTabStops) problems.push(`${where} more than ${c.maxTabStops} tab stops`);
  for (const s of stops.filter((s) => s.problem)) problems.push(`${where} focus: ${s.name}: ${s.problem}`);
  // The first stop skips the menu; Enter on it lands in the page's content.
  if (c.who !== 'public' && !/Skip to content/.test(stops[0]?.name ?? '')) {
    problems.push(`${where} first tab stop is ${stops[0]?.name}, not the skip link`);
  }
}

/** A dialog of the page shown now: the keyboard check, and axe on it while it is open with its data. */
async function checkDialog(page: Page, d: DialogCase, problems: string[]) {
  await d.before?.(page);
  const dialog = page.getByRole('dialog', { name: d.name });
  const found = await checkDialogKeyboard(page, d.opener(page), dialog, async () => {
    for (const p of await axeProblems(page, '[role="dialog"]')) problems.push(`dialog ${d.name}: axe ${p}`);
  });
  for (const p of found) problems.push(`dialog ${d.name}: ${p}`);
}

test.describe('accessibility', () => {
  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    tokens = await seed(request);
    await request.dispose();
  });

  for (const mode of MODES) {
    for (const group of GROUPS) {
      test(`${group.name} with axe and the keyboard: ${mode.scheme}, ${mode.width} wide`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(600_000);
        // The context starts signed in as the group's first page needs (its token in localStorage).
        let who = PAGES.find((p) => pageKey(p) === group.pages[0])?.who ?? 'public';
        const token = who === 'public' ? undefined : tokens?.[who];
        const context = await browser.newContext({
          baseURL,
          viewport: { width: mode.width, height: mode.width === 390 ? 844 : 900 },
          colorScheme: mode.scheme,
          reducedMotion: 'reduce',
          storageState: {
            cookies: [],
            origins: [
              {
                origin: new URL(baseURL ?? '').origin,
                localStorage: token ? [{ name: 'token', value: token }] : [],
              },
            ],
          },
        });
        const page = await context.newPage();
        const problems: string[] = [];

        const open = async (c: PageCase) => {
          if (c.who !== who) {
            // Signed in (or out) on the page shown.
            await page.evaluate(
              (t) => (t ? localStorage.setItem('token', t) : localStorage.clear()),
              tokens?.[c.who as 'local'] ?? '',
            );
            who = c.who;
          }
          const url =
            c.url === '/accept-invite' ? new URL(inviteUrl).pathname + new URL(inviteUrl).search : c.url;
          await page.goto(url);
          await c.ready(page);
          await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
        };

        for (const key of group.pages) {
          const c = PAGES.find((p) => pageKey(p) === key);
          if (!c) throw new Error(`no page ${key} in PAGES`);
          await test.step(key, async () => {
            await open(c);
            await checkPage(page, c, mode, problems);
          });
          if (c.who !== 'local') continue;
          for (const d of DIALOGS.filter((d) => d.from === c.url && (!d.onlyNarrow || mode.width < 1024))) {
            await test.step(`dialog ${d.name}`, () => checkDialog(page, d, problems));
          }
          if (c.url === '/audits') {
            await test.step('the Plans tab of the Audits page', async () => {
              await page.getByRole('tab', { name: 'Plans' }).click();
              await expect(page.getByText('Backroom Mondays')).toBeVisible();
              for (const p of await axeProblems(page)) problems.push(`/audits Plans tab: axe ${p}`);
              if (process.env.SHOTS_DIR) {
                await page.screenshot({
                  path: `${process.env.SHOTS_DIR}/local-audits-plans-${mode.width}${mode.scheme === 'dark' ? '-dark' : ''}.png`,
                  fullPage: true,
                });
              }
            });
          }
          if (c.url === '/dashboard' && mode.width >= 1024) {
            await test.step('the company menu', async () => {
              const trigger = page.getByRole('button', { name: /Switch company/ });
              for (const p of await checkMenuKeyboard(page, trigger)) problems.push(`company menu: ${p}`);
              await trigger.press('Enter');
              for (const p of await axeProblems(page, '[role="menu"]'))
                problems.push(`company menu: axe ${p}`);
              await page.keyboard.press('Escape');
            });
          }
        }

        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
