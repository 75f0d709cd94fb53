import { expect, type Page, test } from '@playwright/test';
import { registerViaApi, signInWithToken } from './helpers';

/**
 * The Reports page's default dates are the company's days (issue 50 §5): a company on Kiritimati (UTC+14) sees its
 * own today as the end date, a second either side of its midnight, while UTC's date is the same at both instants.
 */
async function companyOnKiritimati(page: Page) {
  const admin = await registerViaApi(page, { company: 'Far Co' });
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${admin.token}` } });
  const id = (await me.json()).company_id as number;
  const set = await page.request.put(`/api/companies/${id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { time_zone: 'Pacific/Kiritimati' },
  });
  expect(set.status()).toBe(200);
  return admin.token;
}

async function openReports(page: Page, token: string, at: string) {
  await page.clock.setFixedTime(new Date(at));
  await signInWithToken(page, token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await page.getByText('Audit Report').click();
}

for (const [at, start, end, from] of [
  ['2026-11-29T09:59:59Z', '2026-10-30', '2026-11-29', '2026-09-01'],
  ['2026-11-29T10:00:00Z', '2026-10-31', '2026-11-30', '2026-09-02'],
] as const) {
  test(`the report dates end on the company's today at ${at}`, async ({ page }) => {
    const token = await companyOnKiritimati(page);
    await openReports(page, token, at);
    await expect(page.getByLabel('Start Date')).toHaveValue(start);
    await expect(page.getByLabel('End Date')).toHaveValue(end);
    // Shrink and stock accuracy: the company's last 90 days.
    await expect(page.getByLabel('From')).toHaveValue(from);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(end);
  });
}
