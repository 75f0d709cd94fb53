import type {
  TAudit,
  TAuditListResponse,
  TDevice,
  TDiscrepancy,
  TDueCountsResponse,
  TLocation,
  TMetrcConnection,
  TOpenCountsResponse,
  TProduct,
  TRecountsResponse,
  TReplenishmentResponse,
  TShipment,
  TShipmentSummary,
  TShrinkReport,
  TWhereResponse,
} from '@quantics/contracts';
import { expect } from 'vitest';
import { METRC, METRC_MANIFEST } from './demo-data.ts';
import { API_KEY_NAME, FIXED_READER } from './showcase.ts';

/**
 * Every capability the demo shows (issue 54), read back through the API as a signed-in admin sees it: shared by the
 * seed test (app.inject, both databases) and the launcher test (real HTTP to `npm run demo`'s portal).
 */

export type Get = <T>(url: string) => Promise<T>;

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

async function all<T>(get: Get, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const body = await get<{ data: T[]; pagination: { hasNext: boolean } }>(`${url}&limit=100&page=${page}`);
    rows.push(...body.data);
    if (!body.pagination.hasNext) return rows;
  }
}

export async function expectEveryCapability(get: Get, o: { days: number }) {
  const locations = await get<TLocation[]>('/api/locations');
  const paths = new Map(locations.map((l) => [l.id, l.path]));
  const products = await all<TProduct>(get, '/api/inventory?sort=name');

  // One product in several stores and rooms; GTINs (barcodes) on most products.
  const storesOf = (p: TProduct) =>
    new Set(p.stock.map((s) => paths.get(s.location_id ?? 0)?.split(' > ')[0]));
  expect(products.some((p) => p.stock.length >= 3 && storesOf(p).size >= 2)).toBe(true);
  expect(products.filter((p) => p.gtin).length).toBeGreaterThan(products.length * 0.8);

  // Place kinds, from the store down to its rooms and the warehouse's dock.
  const kinds = new Set(locations.map((l) => l.kind));
  for (const k of ['store', 'warehouse', 'sales_floor', 'stockroom', 'dock']) expect(kinds).toContain(k);

  // Sales every day, sent by the till's API key as movements.
  const from = dayOf(Date.now() - o.days * 86_400_000);
  const csv = await get<string>(`/api/reports/movements.csv?from=${from}`);
  const saleDays = new Set(
    csv
      .split('\n')
      .filter((l) => /,Sale,/.test(l))
      .map((l) => /\d{4}-\d{2}-\d{2}/.exec(l)?.[0]),
  );
  expect(saleDays.size).toBeGreaterThanOrEqual(o.days - 1);
  const keys = await get<{
    data: { name: string; last_used_at: string | null; revoked_at: string | null }[];
  }>('/api/api-keys');
  expect(keys.data.map((k) => k.name)).toEqual([API_KEY_NAME]);
  expect(keys.data[0]?.last_used_at).not.toBeNull();

  // Approval on: counts awaiting review, one sent to recount, approved losses under several reason codes.
  const awaiting = await get<TAuditListResponse>('/api/audits?review=awaiting');
  expect(awaiting.data.length).toBeGreaterThan(0);
  const recounts = await get<TRecountsResponse>('/api/recounts');
  expect(recounts.data.length).toBeGreaterThan(0);
  const shrink = await get<TShrinkReport>(`/api/reports/shrink?from=${from}&group_by=reason`);
  const reasons = shrink.rows.filter((r) => r.group !== 'NONE' && r.units_lost > 0).map((r) => r.group);
  expect(reasons.length, JSON.stringify(shrink.rows)).toBeGreaterThanOrEqual(3);
  // Over the period, not all today: the reviews are dated the day after each count.
  const older = await get<TShrinkReport>(
    `/api/reports/shrink?from=${from}&to=${dayOf(Date.now() - 3 * 86_400_000)}`,
  );
  expect(older.totals.lines).toBeGreaterThan(0);

  // Counts made with barcodes beside RFID, and today's count during which the till sold from the shelf.
  const audits = await all<TAudit>(get, '/api/audits?status=completed');
  expect(audits.some((a) => a.audit_type === 'Barcode Spot Check')).toBe(true);
  const trading = audits.find((a) => a.name.endsWith('(open hours)'));
  expect(trading).toBeDefined();
  const lines = await get<TDiscrepancy[]>(`/api/audits/${trading?.id}/discrepancies`);
  expect(lines.some((l) => /\d+ sold during the count/.test(l.notes ?? ''))).toBe(true);
  expect(lines.some((l) => l.codes !== null)).toBe(true);

  // Count plans: places due today and overdue.
  const due = await get<TDueCountsResponse>('/api/counts/due');
  expect(due.data.some((d) => d.overdue)).toBe(true);
  expect(due.data.some((d) => !d.overdue && d.due_on === due.today)).toBe(true);

  // A team count under way on two handhelds.
  const open = await get<TOpenCountsResponse>('/api/audits/open');
  expect(open.data.some((c) => c.participants.length >= 2)).toBe(true);

  // Shipments: expected, received short, a transfer on its way.
  const shipments = await get<{ data: { status: string }[] }>('/api/shipments');
  const statuses = new Set(shipments.data.map((s) => s.status));
  for (const s of ['expected', 'received_with_discrepancies', 'in_transit']) expect(statuses).toContain(s);

  // A fixed reader with its antennas on places, the tags it saw, and a store's refill list with work to do.
  const devices = await get<TDevice[]>('/api/devices');
  const fixed = devices.find((d) => d.name === FIXED_READER.name);
  const antennas = await get<{ antennas: { location: string }[] }>(`/api/devices/${fixed?.id}/antennas`);
  expect(antennas.antennas.length).toBe(2);
  // Its backroom antenna's tags, the rack's first products in catalogue order (the running demo's readers count
  // Portland's floor, and a count's sighting is newer than the fixed reader's).
  const atRack = products
    .filter((p) =>
      p.stock.some((s) => paths.get(s.location_id ?? 0) === 'Portland Store > Backroom > Rack A'),
    )
    .sort((a, b) => Number(a.sku.slice(2)) - Number(b.sku.slice(2)))
    .slice(0, 6);
  let seenThere = false;
  for (const p of atRack) {
    const where = await get<TWhereResponse>(`/api/inventory/where?code=${p.sku}`);
    seenThere ||= where.places.some((w) => w.device === FIXED_READER.name && w.antenna === 2);
  }
  expect(seenThere).toBe(true);
  let toRefill = 0;
  for (const store of locations.filter((l) => l.kind === 'store')) {
    toRefill += (await get<TReplenishmentResponse>(`/api/replenishment?location_id=${store.id}`)).rows.length;
  }
  expect(toRefill).toBeGreaterThan(0);

  // Every Getting started step done by what the company did: the dashboard shows no card.
  const onboarding = await get<{ steps: { key: string; done: boolean }[]; complete: boolean }>(
    '/api/onboarding',
  );
  expect(onboarding.steps.filter((s) => !s.done)).toEqual([]);
  return { products: products.length };
}

/** The Dutchie company (switched to): its Sales Floor counted by Metrc packages, tags read and labels scanned. */
export async function expectPackageCount(get: Get) {
  const audits = await get<{ data: TAudit[] }>('/api/audits?limit=50');
  const count = audits.data.find((a) => a.name === 'Sales Floor packages' && a.status === 'completed');
  expect(count).toBeDefined();
  const lines = await get<TDiscrepancy[]>(`/api/audits/${count?.id}/discrepancies`);
  const short = lines.find((l) => l.discrepancy_type === 'shortage');
  expect(short?.codes, JSON.stringify(lines)).toBe(short?.product_sku);
  expect(short?.expected_quantity).toBe((short?.found_quantity ?? 0) + 1);
  const onboarding = await get<{ steps: { key: string; done: boolean }[] }>('/api/onboarding');
  expect(onboarding.steps.filter((s) => !s.done)).toEqual([]);
}

/** The manifest on its way to the Dutchie company (switched to), once a Metrc sync has read it: null before. */
export async function metrcShipment(get: Get) {
  const shipments = await get<{ data: TShipmentSummary[] }>('/api/shipments');
  return shipments.data.find((s) => s.reference === METRC_MANIFEST.manifestNumber) ?? null;
}

/**
 * The Dutchie company's Metrc connection (the stand-in's license, its last sync good) and the expected shipment the
 * metrc-sync sweep made of the manifest, with every package of it.
 */
export async function expectMetrcManifest(get: Get) {
  const metrc = await get<TMetrcConnection>('/api/settings/metrc');
  expect(metrc).toMatchObject({ has_key: true, license_number: METRC.license, state: 'ok' });
  const summary = await metrcShipment(get);
  expect(summary?.status).toBe('expected');
  expect(summary?.supplier).toBe(METRC_MANIFEST.shipperName);
  const shipment = await get<TShipment>(`/api/shipments/${summary?.id}`);
  expect(shipment.metrc?.packages.map((p) => [p.label, p.shipped])).toEqual(
    METRC_MANIFEST.packages.map((p) => [p.label, p.quantity]),
  );
}
