import { randomUUID } from 'node:crypto';
import type { TMetrcConnection, TShipment, TShipmentSummary } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import {
  type DutchieSimProcess,
  SIM_KEY,
  SIM_KEY_OTHER_STORE,
  startDutchieSim,
} from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import {
  METRC_LICENSE,
  METRC_LICENSE_OTHER,
  METRC_USER_KEY,
  METRC_USER_KEY_OTHER,
  METRC_VENDOR_KEY,
  type MetrcSimProcess,
  startMetrcSim,
} from '../../test/metrc-sim.ts';
import { asReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Metrc manifests of a Dutchie company's license become expected shipments, read through the Metrc stand-in as a
// real process (issue 51): the sync, its idempotence, a refused key (401) and a rate limit (429), receiving the
// packages by label and the accept/reject sheet, isolation, and bad input for the key.

let metrc: MetrcSimProcess;
let dutchie: DutchieSimProcess;
let t: TestApp;
let green: Tenant;
let north: Tenant;
let shop: Tenant;

const L1 = '1A4FF0300000515000000101';
const L2 = '1A4FF0300000515000000102';
const L3 = '1A4FF0300000515000000103';
const L4 = '1A4FF0300000515000000104';

type Method = 'GET' | 'POST' | 'PUT';
const call = async (token: string, method: Method, url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json(), raw: res.body };
};
const saveKey = (tenant: Tenant, payload: object) =>
  call(tenant.admin.token, 'PUT', '/api/settings/metrc', payload);
const sync = async (tenant: Tenant) => {
  const res = await call(tenant.admin.token, 'POST', '/api/settings/metrc/sync');
  expect(res.status, res.raw).toBe(200);
  return res.body;
};
const settings = async (tenant: Tenant) =>
  (await call(tenant.admin.token, 'GET', '/api/settings/metrc')).body as TMetrcConnection;
const shipments = async (tenant: Tenant) =>
  (await call(tenant.member.token, 'GET', '/api/shipments')).body.data as TShipmentSummary[];
const shipmentByRef = async (tenant: Tenant, reference: string) => {
  const s = (await shipments(tenant)).find((x) => x.reference === reference);
  if (!s) throw new Error(`no shipment ${reference}`);
  const res = await call(tenant.member.token, 'GET', `/api/shipments/${s.id}`);
  expect(res.status, res.raw).toBe(200);
  return res.body as TShipment;
};
const stored = async (companyId: number) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from metrc_connections where company_id = ${companyId}`,
    )
  ).rows[0]?.n;

beforeAll(async () => {
  [metrc, dutchie] = await Promise.all([startMetrcSim(), startDutchieSim(['--packages', '20'])]);
  t = await createTestApp({
    dutchie: {
      ...DUTCHIE_DEFAULTS,
      apiUrl: dutchie.url,
      timeoutMs: 3000,
      metrc: { apiUrl: metrc.url, vendorKey: METRC_VENDOR_KEY, syncSeconds: 900 },
    },
  });
  green = await createTenant(t, 'Greenleaf', { useDutchie: true, dutchieApiKey: SIM_KEY });
  north = await createTenant(t, 'Northside', { useDutchie: true, dutchieApiKey: SIM_KEY_OTHER_STORE });
  shop = await createTenant(t, 'Catalogue shop');
}, 240_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([metrc?.stop(), dutchie?.stop()]);
});
beforeEach(async () => {
  await metrc.fault({ mode: 'none' });
});

describe('the Metrc key', () => {
  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const cases: [object, string, string][] = [
      [{ licenseNumber: METRC_LICENSE }, 'apiKey', 'Metrc API key is required'],
      [{ apiKey: '   ', licenseNumber: METRC_LICENSE }, 'apiKey', 'Metrc API key is required'],
      [{ apiKey: 'has spaces in it', licenseNumber: METRC_LICENSE }, 'apiKey', 'Metrc API key must be'],
      [{ apiKey: METRC_USER_KEY }, 'licenseNumber', 'Metrc license number is required'],
      [
        { apiKey: METRC_USER_KEY, licenseNumber: 'no spaces!' },
        'licenseNumber',
        'Metrc license number must be',
      ],
      [{ apiKey: METRC_USER_KEY, licenseNumber: METRC_LICENSE, locationId: 'x' }, 'locationId', 'locationId'],
      [
        { apiKey: METRC_USER_KEY, licenseNumber: METRC_LICENSE, locationId: 99_999 },
        'locationId',
        'locationId',
      ],
      [
        { apiKey: 'msim_not_a_key_1234', licenseNumber: METRC_LICENSE },
        'apiKey',
        'Metrc refused this API key',
      ],
      [
        { apiKey: METRC_USER_KEY, licenseNumber: METRC_LICENSE_OTHER },
        'licenseNumber',
        `This Metrc key cannot read license ${METRC_LICENSE_OTHER}`,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await saveKey(green, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.field, JSON.stringify(payload)).toBe(field);
      expect(res.body.message).toContain(message);
    }
    expect(await stored(green.companyId)).toBe(0);
    expect((await settings(green)).has_key).toBe(false);
  });

  it('is for admins of a Dutchie company only', async () => {
    const payload = { apiKey: METRC_USER_KEY, licenseNumber: METRC_LICENSE };
    expect((await call(green.member.token, 'PUT', '/api/settings/metrc', payload)).status).toBe(403);
    expect((await call(green.operator.token, 'GET', '/api/settings/metrc')).status).toBe(403);
    const local = await saveKey(shop, payload);
    expect(local.status).toBe(409);
    expect(local.body.message).toBe('Metrc is for companies whose stock is in Dutchie');
    expect((await call(north.admin.token, 'POST', '/api/settings/metrc/sync')).status).toBe(409);
  });
});

describe('manifests become expected shipments', () => {
  it('reads the incoming transfers, their deliveries and packages; a second sync changes nothing', async () => {
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE,
      manifestNumber: '0000070001',
      shipperName: 'Evergreen Cultivation, LLC',
      estimatedArrival: '2026-12-01T17:00:00.000',
      packages: [
        { label: L1, itemName: 'Blue Dream 3.5g', quantity: 10, unit: 'Each' },
        {
          label: L2.toLowerCase(),
          itemName: 'Shake',
          category: 'Shake/Trim',
          quantity: 453.6,
          unit: 'Grams',
        },
      ],
    });
    // Another license's manifest is not this company's.
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE_OTHER,
      manifestNumber: '0000079999',
      packages: [],
    });
    const saved = await saveKey(green, {
      apiKey: METRC_USER_KEY,
      licenseNumber: METRC_LICENSE.toLowerCase(),
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({
      verified: true,
      connection: { has_key: true, license_number: METRC_LICENSE },
    });
    expect(saved.raw).not.toContain(METRC_USER_KEY);

    expect(await sync(green)).toMatchObject({ state: 'ok', manifests: 1, created: 1, updated: 0 });
    const s = await shipmentByRef(green, '0000070001');
    expect(s).toMatchObject({
      status: 'expected',
      supplier: 'Evergreen Cultivation, LLC',
      destination_location_id: saved.body.connection.location_id,
      expected_at: '2026-12-01T17:00:00.000Z',
    });
    expect(s.metrc?.packages).toEqual([
      expect.objectContaining({ label: L1, item: 'Blue Dream 3.5g', shipped: 10, unit: 'Each', read: false }),
      expect.objectContaining({
        label: L2,
        item: 'Shake',
        category: 'Shake/Trim',
        shipped: 453.6,
        unit: 'Grams',
      }),
    ]);
    const calls = await metrc.calls();
    expect(calls['/transfers/v2/incoming']).toBeGreaterThanOrEqual(7); // a week, a day a call
    expect(calls['/transfers/v2/{id}/deliveries']).toBeGreaterThanOrEqual(1);

    expect(await sync(green)).toMatchObject({ state: 'ok', created: 0, updated: 0 });
    expect((await shipments(green)).filter((x) => x.reference === '0000070001')).toHaveLength(1);
    const view = await settings(green);
    expect(view).toMatchObject({ state: 'ok', message: null, last_sync: expect.any(String) });
  });

  it('updates a manifest still expected when Metrc changes it', async () => {
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE,
      manifestNumber: '0000070001',
      shipperName: 'Evergreen Cultivation, LLC',
      packages: [
        { label: L1, itemName: 'Blue Dream 3.5g', quantity: 12, unit: 'Each' },
        { label: L2, itemName: 'Shake', quantity: 453.6, unit: 'Grams' },
        { label: L3, itemName: 'Gummies 10pk', quantity: 5, unit: 'Each' },
      ],
    });
    expect(await sync(green)).toMatchObject({ state: 'ok', created: 0, updated: 1 });
    const s = await shipmentByRef(green, '0000070001');
    expect(s.metrc?.packages.map((p) => [p.label, p.shipped])).toEqual([
      [L1, 12],
      [L2, 453.6],
      [L3, 5],
    ]);
    expect((await shipments(green)).filter((x) => x.reference === '0000070001')).toHaveLength(1);
  });

  it('a refused key (401) is stored for the admin to see, and changes nothing', async () => {
    const before = await shipments(green);
    await metrc.fault({ mode: 'refuse' });
    expect(await sync(green)).toMatchObject({ state: 'key_refused', created: 0 });
    const view = await settings(green);
    expect(view).toMatchObject({
      state: 'key_refused',
      message: 'Metrc refused the API key. An admin can replace it in Settings.',
      next_sync: null,
    });
    expect(await shipments(green)).toEqual(before);
  });

  it('a rate limit (429) waits its Retry-After, and the next sync loses nothing', async () => {
    await metrc.fault({ mode: 'none' });
    await saveKey(green, { apiKey: METRC_USER_KEY, licenseNumber: METRC_LICENSE });
    await sync(green);
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE,
      manifestNumber: '0000070002',
      packages: [{ label: L4, itemName: 'Vape cart', quantity: 3 }],
    });
    await metrc.fault({ mode: 'rate-limit', retryAfter: 120, times: 1 });
    const before = Date.now();
    expect(await sync(green)).toMatchObject({ state: 'rate_limited', created: 0 });
    const view = await settings(green);
    expect(view.state).toBe('rate_limited');
    expect(view.message).toContain('Metrc is limiting requests right now');
    const next = Date.parse(view.next_sync ?? '');
    expect(next - before).toBeGreaterThanOrEqual(119_000);
    expect(next - before).toBeLessThan(130_000);
    expect((await shipments(green)).some((x) => x.reference === '0000070002')).toBe(false);
    // The sweep leaves it alone until then; once Metrc answers again the manifest comes.
    expect(await sync(green)).toMatchObject({ state: 'ok', created: 1 });
    expect((await shipmentByRef(green, '0000070002')).metrc?.packages).toHaveLength(1);
  });

  it('the sweep syncs the companies that are due', async () => {
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE,
      manifestNumber: '0000070003',
      packages: [{ label: '1A4FF0300000515000000105', quantity: 1 }],
    });
    await t.database.db.execute(
      sql`update metrc_connections set next_sync_at = now() - interval '1 minute' where company_id = ${green.companyId}`,
    );
    await t.app.jobs.drain('metrc-sync');
    expect((await shipments(green)).some((x) => x.reference === '0000070003')).toBe(true);
  });
});

describe('receiving a manifest', () => {
  it('checks the labels read, and the sheet says what to accept or reject in Metrc', async () => {
    const s = await shipmentByRef(green, '0000070001');
    const reader = await pairReader(t, green);
    const start = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    expect(start.statusCode, start.body).toBe(201);
    const auditId = start.json().audit_id as number;
    // L1's tag read (its EPC is its label), L2's barcode scanned with 400 grams counted by hand, L3 not read, and
    // a label of no package of this manifest.
    const reads = [
      ...readsOf(L1, 1),
      { code: L2.toLowerCase(), quantity: 400 },
      ...readsOf('1A4FF0300000515000000999', 1),
    ];
    const batch = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/reads`, {
      batch_seq: 0,
      reads,
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const open = await shipmentByRef(green, '0000070001');
    expect(open.status).toBe('receiving');
    expect(open.metrc?.packages_read).toBe(2);
    const done = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/complete`, { batch_count: 1 });
    expect(done.statusCode, done.body).toBe(200);

    const r = await shipmentByRef(green, '0000070001');
    expect(r.status).toBe('received_with_discrepancies');
    expect(r.metrc).toMatchObject({ packages_read: 2, packages_to_reject: 1 });
    expect(r.metrc?.packages).toEqual([
      expect.objectContaining({ label: L1, action: 'accept', received: 12, shortfall: 0 }),
      expect.objectContaining({ label: L2, action: 'accept', received: 400, shortfall: 53.6 }),
      expect.objectContaining({ label: L3, action: 'reject', received: 0, shortfall: 5 }),
    ]);
    // The manifest's labels are not unknown codes; the stray one is.
    expect(r.receipt?.unknown_codes.map((u) => u.code)).toEqual(['1A4FF0300000515000000999']);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/shipments/${r.id}/receipt.csv`,
      headers: bearer(green.member.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`0000070001,metrc accept,,Blue Dream 3.5g,${L1},12,12,0,accept 12 Each`);
    expect(csv.body).toContain(`metrc accept,,Shake,${L2},453.6,400,-53.6,accept 400 Grams (53.6 short)`);
    expect(csv.body).toContain(`metrc reject,,Gummies 10pk,${L3},5,0,-5,reject: not received (5 Each short)`);

    // Metrc changing a manifest already received leaves its shipment alone.
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE,
      manifestNumber: '0000070001',
      packages: [{ label: L1, quantity: 99 }],
    });
    expect(await sync(green)).toMatchObject({ state: 'ok', updated: 0 });
    expect((await shipmentByRef(green, '0000070001')).metrc?.packages).toHaveLength(3);
  });

  it('a manifest read in full is received', async () => {
    const s = await shipmentByRef(green, '0000070002');
    const reader = await pairReader(t, green);
    const start = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      shipment_id: s.id,
    });
    const auditId = start.json().audit_id as number;
    await asReader(t, reader.token, `/api/rfid/audits/${auditId}/reads`, {
      batch_seq: 0,
      reads: readsOf(L4, 1),
    });
    const done = await asReader(t, reader.token, `/api/rfid/audits/${auditId}/complete`, { batch_count: 1 });
    expect(done.statusCode, done.body).toBe(200);
    const r = await shipmentByRef(green, '0000070002');
    expect(r.status).toBe('received');
    expect(r.metrc?.packages).toEqual([
      expect.objectContaining({ label: L4, action: 'accept', shortfall: 0 }),
    ]);
  });
});

describe('isolation', () => {
  it('another company sees neither the key nor the shipments', async () => {
    const mine = await shipmentByRef(green, '0000070001');
    expect((await call(north.member.token, 'GET', `/api/shipments/${mine.id}`)).status).toBe(404);
    expect((await call(north.member.token, 'GET', `/api/shipments/${mine.id}/receipt.csv`)).status).toBe(404);
    expect(await shipments(north)).toEqual([]);
    expect(await settings(north)).toMatchObject({ has_key: false, license_number: null });
    // Its own key reads its own license only.
    await metrc.addTransfer({
      licenseNumber: METRC_LICENSE_OTHER,
      manifestNumber: '0000080001',
      packages: [],
    });
    expect(
      (await saveKey(north, { apiKey: METRC_USER_KEY_OTHER, licenseNumber: METRC_LICENSE_OTHER })).status,
    ).toBe(200);
    await sync(north);
    expect((await shipments(north)).map((x) => x.reference).sort()).toEqual(['0000079999', '0000080001']);
    expect((await shipments(green)).some((x) => x.reference.startsWith('00000800'))).toBe(false);
  });
});
