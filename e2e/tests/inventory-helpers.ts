import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export type ProductBody = {
  name: string;
  sku: string;
  quantity?: number;
  min_stock_level?: number;
  location_id?: number | null;
  category?: string;
  gtin?: string;
};

/** Adds a product through the API (where the form itself is not under test). */
export async function createProductViaApi(request: APIRequestContext, token: string, body: ProductBody) {
  const res = await request.post('/api/inventory', { headers: auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; sku: string; rfid_tag: string };
}

export async function createLocationViaApi(
  request: APIRequestContext,
  token: string,
  body: { name: string; parent_location_id?: number | null; description?: string },
) {
  const res = await request.post('/api/locations', { headers: auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/**
 * A file for an upload, given to the file input from memory (nothing left on disk), typed by its extension as
 * Chromium types a file picked from disk.
 */
export function uploadFile(name: string, content: string) {
  const mimeType = name.endsWith('.csv') ? 'text/csv' : 'text/plain';
  return { name, mimeType, buffer: Buffer.from(content, 'utf8') };
}

/** The text of a file the page offers as a download, started by `trigger`. */
export async function downloadText(page: Page, trigger: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** The desktop table's rows (at 1440 wide the phone cards are hidden). */
export const productRows = (page: Page) => page.getByTestId('product-row');
export const productRow = (page: Page, text: string) => productRows(page).filter({ hasText: text });

/**
 * Screenshots to look at, only when SHOTS_DIR is set (as helpers.ts's shoot does), at the test's own width, light and
 * dark: what is on screen with `subject` scrolled into view (a whole page would put a phone's fixed menu mid-picture).
 */
export async function snap(page: Page, name: string, subject: Locator) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await subject.scrollIntoViewIfNeeded();
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${dir}/${name}-${width}-dark.png`, animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });
}
