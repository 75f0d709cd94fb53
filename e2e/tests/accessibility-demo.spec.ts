import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { menuFor, type TInventoryType, type TRole } from '@quantics/contracts';
import { DEMO_PASSWORD, DUTCHIE_OWNER, PEOPLE, READERS } from '../../apps/server/src/demo/demo-data.ts';
import { axeProblems, MODES } from './a11y-helpers';

/*
 * accessibility.spec.ts checks every page on data it makes for the purpose; a colour that only some data draws (a
 * battery between low and full, a long name, a figure in the thousands) escapes it. This one runs axe on every page
 * of the menu on the demo's data (`npm run demo`: months of audits, three readers, a Dutchie store), signed in as
 * the demo's admin and as the Dutchie store's owner, light at 1440 and dark at 390 wide (DEMO_MODES), and Devices in
 * all four modes.
 */

const REPO = join(import.meta.dirname, '..', '..');
const DEMO_PORT = Number(process.env.E2E_PORT ?? 3100) + 2000;
const base = `http://127.0.0.1:${DEMO_PORT}`;

let demo: ChildProcess | undefined;
let dataDir = '';
/** The demo's admin and the Dutchie store's owner, signed in once for every test (each sign-in is a full argon2). */
let people: { email: string; who: Who }[] = [];

type Who = { token: string; role: TRole; inventory: TInventoryType };

async function signIn(email: string): Promise<Who> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token: string; user: { role: TRole; inventory_type: TInventoryType } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { token: body.token, role: body.user.role, inventory: body.user.inventory_type };
}

/** The page has its data: its heading and no spinner left (on the catalogue company's Devices, its readers). */
async function ready(page: Page, path: string, who: Who) {
  // The demo's portal is busy with its readers and printer at first: more time than the usual 10 s.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0, { timeout: 30_000 });
  if (path === '/devices' && who.inventory === 'manual') {
    await expect(page.getByText(READERS[0]?.name ?? '').first()).toBeVisible({ timeout: 30_000 });
  }
}

/**
 * The menu's pages on the demo's data in two modes, each scheme once and each width once: a colour that only some
 * data draws shows in either scheme's run, and accessibility.spec.ts checks every page in all four modes on its own
 * data. All four here took four minutes each of one browser worker (the demo's pages are long), the browser tier's
 * longest file by far on the shared 2-core CI machine.
 */
const DEMO_MODES = MODES.filter(
  (m) => (m.scheme === 'light' && m.width === 1440) || (m.scheme === 'dark' && m.width === 390),
);

/** The demo's reader with a battery between low and full (57%): the case that once read at a contrast of 2.0. */
const MID_BATTERY = READERS.find((r) => r.battery > 20 && r.battery <= 60);

test.describe('accessibility on the demo data', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    dataDir = mkdtempSync(join(tmpdir(), 'quantics-e2e-demo-'));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/demo/main.ts',
        '--port',
        String(DEMO_PORT),
        '--data-dir',
        dataDir,
        '--products',
        '300',
        '--days',
        '30',
      ],
      { cwd: REPO, env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    demo = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Quantics demo is running at')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the demo stopped (exit ${code}):\n${output}`)));
    });
    people = [];
    for (const email of [PEOPLE.admin.email, DUTCHIE_OWNER.email])
      people.push({ email, who: await signIn(email) });
  });

  test.afterAll(async () => {
    if (demo && demo.exitCode === null) {
      const exited = new Promise((resolve) => demo?.once('exit', resolve));
      demo.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  // First, while every reader is still online (the demo's third reader goes offline a minute after it starts).
  test('Devices with every battery shown, in each mode', async ({ browser }) => {
    const who = people[0]?.who;
    if (!who) throw new Error('signed in in beforeAll');
    const problems: string[] = [];
    // One page, its colour scheme and width changed between loads: all four within the reader's first minute.
    const context = await browser.newContext({ baseURL: base, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), who.token);
    for (const mode of MODES) {
      await page.setViewportSize({ width: mode.width, height: mode.width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme: mode.scheme });
      await page.goto('/devices');
      await ready(page, '/devices', who);
      const battery = page.getByTestId('battery').filter({ hasText: `${MID_BATTERY?.battery}%` });
      await expect(battery.first()).toHaveAttribute('data-color', 'yellow');
      if (process.env.SHOTS_DIR) {
        const name = `demo-devices-${mode.width}${mode.scheme === 'dark' ? '-dark' : ''}.png`;
        await page.screenshot({ path: join(process.env.SHOTS_DIR, name), fullPage: true });
      }
      for (const p of await axeProblems(page)) problems.push(`${mode.scheme} ${mode.width}: ${p}`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  for (const mode of DEMO_MODES) {
    test(`every page of the menu with axe: ${mode.scheme}, ${mode.width} wide`, async ({ browser }) => {
      test.setTimeout(600_000);
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: mode.width, height: mode.width === 390 ? 844 : 900 },
        colorScheme: mode.scheme,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const { email, who } of people) {
        await page.goto('/');
        await page.evaluate((t) => localStorage.setItem('token', t), who.token);
        for (const item of menuFor(who.role, who.inventory)) {
          await test.step(`${email} ${item.path}`, async () => {
            await page.goto(item.path);
            await ready(page, item.path, who);
            for (const p of await axeProblems(page)) problems.push(`${item.path} (${email}) axe ${p}`);
          });
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
