import { expect, type Page } from '@playwright/test';

/** The EPC a SKU's label carries: the SKU padded to 12 characters, as hex (the contracts' epcFromSku). */
export const epcOf = (sku: string) =>
  [...sku.toUpperCase().padEnd(12, '0')]
    .map((c) => c.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Names this browser's handheld on the Count screen (once per person and browser). */
export async function setUpHandheld(page: Page, name: string) {
  await page.goto('/count');
  await page.getByLabel('Handheld name').fill(name);
  await page.getByRole('button', { name: 'Set up this handheld' }).click();
  await expect(page.getByText(`Counting as ${name}`)).toBeVisible();
}

/** One of the Count screen's live figures ('found', 'expected', 'Misplaced'…). */
export const figure = (page: Page, name: string) => page.getByTestId(`count-${name}`);
