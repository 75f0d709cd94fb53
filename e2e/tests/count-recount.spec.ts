import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { auth, epcOf, setUpHandheld } from './count-helpers';
import { registerViaApi, shoot, signInWithToken, uniqueEmail } from './helpers';
import { createLocationViaApi } from './inventory-helpers';
import { acceptViaApi, inviteViaApi } from './team-helpers';

/**
 * A recount, end to end: an operator counts on the Count screen with approval on, the admin is told (bell) and
 * sends two lines to recount from a phone, the operator sees "Recount requested" on the Count screen, finds the two
 * products (ticked off as read), and the admin approves what the recount found: the quantities change once and the
 * loss is in the shrink report.
 */

async function product(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/api/inventory', { headers: auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Types reads into the Count screen's capture field, as a DataWedge reader does (one per line). */
async function read(page: Page, ...reads: string[]) {
  await expect(page.getByLabel('Tag capture')).toBeFocused();
  await page.keyboard.type(reads.map((r) => `${r}\n`).join(''));
}

async function finishCount(page: Page) {
  await expect(page.getByText('All reads sent')).toBeVisible();
  await page.getByRole('button', { name: 'Finish count' }).click();
  await expect(page.getByText(/Count finished:/)).toBeVisible();
}

for (const width of [390, 1440]) {
  test(`an admin sends two lines to recount, the operator recounts them on the Count screen, the result is approved (${width})`, async ({
    page,
    browser,
    request,
  }) => {
    // Two people, two browsers and two counts: longer than one screen's test.
    test.setTimeout(240_000);
    const size = { width, height: width < 600 ? 844 : 900 };
    const { token } = await registerViaApi(page, { company: 'Recount Co' });
    const me = await (await request.get('/api/auth/me', { headers: auth(token) })).json();
    const companyId = (me.user ?? me).company_id as number;
    const policy = await request.put(`/api/companies/${companyId}/count-policy`, {
      headers: auth(token),
      data: { approval_units: 2, approval_value: null },
    });
    expect(policy.status(), await policy.text()).toBe(200);
    const bar = await createLocationViaApi(request, token, { name: 'Back bar' });
    const malt = await product(request, token, {
      name: 'Single malt',
      sku: 'MALT',
      quantity: 5,
      unit_cost: 30,
      location_id: bar.id,
    });
    const gin = await product(request, token, {
      name: 'London gin',
      sku: 'GIN',
      quantity: 5,
      unit_cost: 12,
      location_id: bar.id,
    });
    const email = uniqueEmail('operator');
    const link = await inviteViaApi(request, token, { email, name: 'Olly Operator', role: 'operator' });
    const operator = await acceptViaApi(request, link, 'Olly Operator');

    // The operator counts the bar on their handheld: one of each found (4 short each, over the 2-unit policy).
    const handheld = await browser.newContext({ viewport: size });
    const op = await handheld.newPage();
    await signInWithToken(op, operator.token);
    await setUpHandheld(op, 'Bar handheld');
    await op.getByLabel('Location', { exact: true }).selectOption({ label: 'Back bar' });
    await op.getByLabel('Count name (optional)').fill('Bar count');
    await op.getByRole('button', { name: 'Start count' }).click();
    await read(op, epcOf('MALT'), epcOf('GIN'));
    await finishCount(op);

    // The admin is told and reviews on a phone: both lines go to recount.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, token);
    await page.getByRole('button', { name: /notifications/i }).click();
    await page.getByText('Bar count is awaiting review').first().click();
    const review = page.getByRole('dialog', { name: 'Review count: Bar count' });
    const lines = review.getByTestId('review-line');
    await expect(lines).toHaveCount(2);
    for (const name of ['Single malt', 'London gin']) {
      const line = lines.filter({ hasText: name });
      await line.getByRole('button', { name: 'Recount' }).click();
      await expect(line.getByText('Sent to recount')).toBeVisible();
    }
    await page.keyboard.press('Escape');

    // The operator's Count screen shows the recount; opened, it lists just what to find, ticked off as read.
    await op.goto('/count');
    // The page first looks for a count left open on this browser (IndexedDB): slow on a busy machine.
    await expect(op.getByText('Counting as Bar handheld')).toBeVisible({ timeout: 30_000 });
    const waiting = op.getByTestId('recounts-waiting');
    await expect(waiting.getByText('Recount requested')).toBeVisible();
    await expect(waiting.getByText('Back bar · 2 lines to count again')).toBeVisible();
    await shoot(op, `recount-requested-${width}`);
    await waiting.getByRole('button', { name: /Bar count/ }).click();
    await expect(op.getByTestId('count-scope')).toHaveText('Recount of Bar count · Back bar');
    const toFind = op.getByTestId('to-find-row');
    await expect(toFind).toHaveCount(2);
    await expect(op.getByTestId('to-find').getByText('0 / 2')).toBeVisible();
    // All five malts are there after all (the tag and four scans of its SKU); two gins.
    await read(op, epcOf('MALT'), 'MALT', 'MALT', 'MALT', 'MALT', epcOf('GIN'), 'GIN');
    await expect(toFind.filter({ hasText: 'Single malt' }).getByLabel('Found')).toBeVisible();
    await expect(toFind.filter({ hasText: 'London gin' }).getByText('2 / 5')).toBeVisible();
    await expect(op.getByTestId('to-find').getByText('1 / 2')).toBeVisible();
    await shoot(op, `recount-to-find-${width}`);
    await finishCount(op);
    await expect(op.getByTestId('recounts-waiting')).toHaveCount(0);

    // The review goes on with the recount's figures: the malt is as expected, the gin 3 short is approved.
    const list = await (await request.get('/api/audits?limit=5', { headers: auth(token) })).json();
    const first = list.data.find((a: { name: string }) => a.name === 'Bar count');
    expect(first).toMatchObject({ tags_expected: 10, tags_found: 7, discrepancies_count: 3, accuracy: 70 });
    await page.reload();
    await page.getByRole('button', { name: /notifications/i }).click();
    await page.getByText('Bar count is awaiting review').first().click();
    await expect(lines.filter({ hasText: 'Single malt' }).getByText('Under the policy')).toBeVisible();
    const ginLine = lines.filter({ hasText: 'London gin' });
    await expect(ginLine.getByText('expected 5, counted 2')).toBeVisible();
    await ginLine.getByLabel('Reason for London gin').selectOption('THEFT');
    await ginLine.getByRole('button', { name: 'Approve' }).click();
    await expect(ginLine.getByText('Approved · Theft')).toBeVisible();
    await page.keyboard.press('Escape');

    const applied = await request.post(`/api/audits/${first.id}/apply-counts`, {
      headers: auth(operator.token),
      data: { reason: 'Bar count' },
    });
    expect(applied.status(), await applied.text()).toBe(200);
    const quantity = async (id: number) =>
      (await (await request.get(`/api/inventory/${id}`, { headers: auth(token) })).json()).quantity;
    expect([await quantity(malt.id), await quantity(gin.id)]).toEqual([5, 2]);
    const shrink = await (await request.get('/api/reports/shrink', { headers: auth(token) })).json();
    expect(shrink.rows).toEqual([expect.objectContaining({ group: 'THEFT', units_lost: 3, value_lost: 36 })]);

    // Both counts stay, linked.
    await page.setViewportSize(size);
    await page.goto('/audits');
    await page
      .getByTestId('audit-row')
      .filter({ has: page.getByText('Bar count', { exact: true }) })
      .click();
    const details = page.getByRole('dialog', { name: 'Bar count' });
    await expect(details.getByTestId('recounted-in')).toHaveText(/^Recounted in #\d+$/);
    await shoot(page, `recount-audit-details-${width}`);
    await handheld.close();
  });
}
