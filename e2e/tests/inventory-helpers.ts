import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** Writes a file for an upload into a fresh temporary folder and returns its path. */
export function tempFile(name: string, content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'quantics-e2e-csv-')), name);
  writeFileSync(path, content);
  return path;
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
