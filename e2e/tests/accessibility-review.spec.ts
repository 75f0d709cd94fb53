import { type APIRequestContext, expect, test } from '@playwright/test';
import { axeProblems, focusNow, MODES, mouseOnlyTargets, tabThrough } from './a11y-helpers';
import { auth, setUpHandheld } from './count-helpers';
import { addProduct, pairReader, runAudit } from './dashboard-helpers';
import { signInWithToken, uniqueEmail } from './helpers';
import { acceptViaApi, inviteViaApi } from './team-helpers';

/*
 * The screens of a count's review, with their data, in light and dark mode, 1440 and 390 wide: the review of a count
 * awaiting approval (reason codes, decisions made and to make), the operator's Count screen with a recount
 * requested, the Reports page's shrink and accuracy with approved losses, the adjustments sheet, and the Company
 * page's count policy and reason codes once approval is on. accessibility.spec.ts walks every page with a company
 * that has none of this; the same checks run here: no serious or critical axe-core violation of WCAG 2.1 A/AA, focus
 * always visible, no mouse-only control, and the review dialog takes focus, keeps it and gives it back.
 */

type Seeded = { admin: string; operator: string; reviewed: number; applied: number };
let seeded: Seeded | undefined;

async function post(request: APIRequestContext, token: string, url: string, data: unknown, status = 200) {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

/**
 * A company with approval over 1 unit: "Bar count" awaits review with one line approved, one sent to recount and
 * two undecided; "Shelf count" was approved line by line and applied (the shrink report's and the sheet's data).
 */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const registered = await request.post('/api/auth/register', {
    data: { email: uniqueEmail('a11y-review'), password: 'stock-count-1', company: 'Harbor Review Co' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const me = await (await request.get('/api/auth/me', { headers: auth(token) })).json();
  const companyId = (me.user ?? me).company_id as number;
  const policy = await request.put(`/api/companies/${companyId}/count-policy`, {
    headers: auth(token),
    data: { approval_units: 1, approval_value: 50 },
  });
  expect(policy.status(), await policy.text()).toBe(200);
  await post(request, token, '/api/reason-codes', { code: 'SPILL', label: 'Spilled at the bar' }, 201);

  const bar = (
    await post(request, token, '/api/locations', { name: 'Back bar', parent_location_id: null }, 201)
  ).id as number;
  const products: { epc: string }[] = [];
  for (const [i, name] of [
    'Single malt',
    'London gin',
    'Dark rum',
    'Blanco tequila',
    'Dry vermouth',
  ].entries()) {
    products.push(
      await addProduct(request, token, {
        name,
        sku: `A11YREV${i}`,
        quantity: 6,
        unit_cost: 18 + i * 4,
        vendor: 'Harbor Spirits',
        category: i < 2 ? 'Whisky & gin' : 'Other spirits',
        location_id: bar,
      }),
    );
  }
  const epc = (i: number) => products[i]?.epc ?? '';
  const reader = await pairReader(request, token, 'RFD40-REVIEW');
  const reviewed = await runAudit(request, reader.device_token, 'Bar count', [
    { epc: epc(0), units: 2 },
    { epc: epc(1), units: 3 },
    { epc: epc(2), units: 4 },
    { epc: epc(3), units: 6 },
  ]);
  const applied = await runAudit(request, reader.device_token, 'Shelf count', [
    { epc: epc(0), units: 6 },
    { epc: epc(1), units: 6 },
    { epc: epc(2), units: 6 },
    { epc: epc(3), units: 6 },
    { epc: epc(4), units: 3 },
  ]);
  type Line = { id: number; product_name: string };
  const lines = async (id: number) =>
    (await (await request.get(`/api/audits/${id}/discrepancies`, { headers: auth(token) })).json()) as Line[];

  // The shelf count's one loss, approved and applied: the shrink report, the accuracy chart and the sheet.
  const shelf = await lines(applied);
  expect(shelf.length).toBeGreaterThan(0);
  await post(request, token, `/api/audits/${applied}/review`, {
    lines: shelf.map((l) => ({
      discrepancy_id: l.id,
      decision: 'approve',
      reason_code: 'SPILL',
      note: 'Broken',
    })),
  });
  await post(request, token, `/api/audits/${applied}/apply-counts`, { reason: 'Shelf count' });

  // The bar count: one line approved, one sent to recount, the rest waiting.
  const barLines = await lines(reviewed);
  const line = (name: string) => barLines.find((l) => l.product_name === name)?.id;
  await post(request, token, `/api/audits/${reviewed}/review`, {
    lines: [
      { discrepancy_id: line('Single malt'), decision: 'approve', reason_code: 'THEFT' },
      { discrepancy_id: line('London gin'), decision: 'recount' },
    ],
  });

  const link = await inviteViaApi(request, token, {
    email: uniqueEmail('a11y-operator'),
    name: 'Olly Operator',
    role: 'operator',
  });
  const operator = await acceptViaApi(request, link, 'Olly Operator');
  return { admin: token, operator: operator.token, reviewed, applied };
}

test.describe('accessibility of reviews, recounts and shrink', () => {
  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    seeded = await seed(request);
    await request.dispose();
  });

  for (const mode of MODES) {
    test(`review, recount, shrink and adjustments with axe and the keyboard: ${mode.scheme}, ${mode.width} wide`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      if (!seeded) throw new Error('not seeded');
      const data = seeded;
      const context = await browser.newContext({
        baseURL,
        viewport: { width: mode.width, height: mode.width === 390 ? 844 : 900 },
        colorScheme: mode.scheme,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const problems: string[] = [];
      const suffix = `${mode.width}${mode.scheme === 'dark' ? '-dark' : ''}`;
      const check = async (where: string, include?: string) => {
        for (const p of await axeProblems(page, include)) problems.push(`${where}: axe ${p}`);
        if (!include) {
          for (const t of await mouseOnlyTargets(page)) problems.push(`${where}: mouse only: ${t}`);
          for (const s of (await tabThrough(page, 60)).filter((s) => s.problem)) {
            problems.push(`${where}: focus: ${s.name}: ${s.problem}`);
          }
        }
        if (process.env.SHOTS_DIR) {
          await page.screenshot({
            path: `${process.env.SHOTS_DIR}/review-${where}-${suffix}.png`,
            fullPage: true,
          });
        }
      };

      await test.step('the review of a count awaiting approval', async () => {
        await signInWithToken(page, data.admin);
        await page.goto('/audits');
        await expect(page.getByText('Bar count', { exact: true }).first()).toBeVisible();
        await check('audits');
        // The bell's link opens the review (as the notification does).
        await page.goto(`/audits?audit=${data.reviewed}&review=1`);
        const dialog = page.getByRole('dialog', { name: 'Review count: Bar count' });
        await expect(dialog).toBeVisible();
        const lines = dialog.getByTestId('review-line');
        await expect(lines.filter({ hasText: 'Single malt' }).getByText(/^Approved/)).toBeVisible();
        await expect(lines.filter({ hasText: 'London gin' }).getByText('Sent to recount')).toBeVisible();
        await expect(dialog.locator('.animate-spin')).toHaveCount(0);
        await check('review-dialog', '[role="dialog"]');
        // Keyboard alone: focus is inside, Tab and Shift+Tab stay inside with focus visible, Escape closes it.
        await expect
          .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
            message: 'focus moves into the review',
          })
          .toBe(true);
        const tabbables = await dialog.evaluate(
          (d) =>
            d.querySelectorAll('button:not([disabled]), select:not([disabled]), input:not([disabled])')
              .length,
        );
        for (const key of [...Array(tabbables + 2).fill('Tab'), 'Shift+Tab', 'Shift+Tab']) {
          await page.keyboard.press(key);
          const stop = await focusNow(page, '[role="dialog"]');
          if (!stop.isInside) problems.push(`review: ${key} left the dialog for ${stop.name}`);
          if (stop.problem) problems.push(`review: ${stop.name}: ${stop.problem}`);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step('the shrink report and stock accuracy', async () => {
        await page.goto('/reports');
        await expect(page.getByText('Spilled at the bar').first()).toBeVisible();
        await check('reports');
      });

      await test.step('the adjustments sheet', async () => {
        await page.goto(`/audits/adjustments?audit=${data.applied}`);
        await expect(page.getByText('Dry vermouth').first()).toBeVisible();
        await check('adjustments');
      });

      await test.step('the count policy and reason codes', async () => {
        await page.goto('/company');
        await expect(page.getByText('Spilled at the bar').first()).toBeVisible();
        await check('company');
      });

      await test.step("the operator's Count screen with a recount requested", async () => {
        await page.evaluate(() => localStorage.clear());
        await signInWithToken(page, data.operator);
        await setUpHandheld(page, `Bar handheld ${suffix}`);
        const waiting = page.getByTestId('recounts-waiting');
        await expect(waiting.getByText('Recount requested')).toBeVisible();
        await check('count');
      });

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
