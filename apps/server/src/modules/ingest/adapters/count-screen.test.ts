import { randomUUID } from 'node:crypto';
import { API_MESSAGES, READER_MESSAGES, type TCountSheet } from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../../db/schema/index.ts';
import { bearer } from '../../../test/factories.ts';
import { addLocation, addProducts, asReader, pairReader } from '../../../test/readers.ts';
import { createTenant, type Tenant } from '../../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let store: number;
let backroom: number;
let elsewhere: number;
let epcs: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Count Co');
  store = await addLocation(t, a.companyId, 'Store');
  backroom = await addLocation(t, a.companyId, 'Backroom', store);
  elsewhere = await addLocation(t, a.companyId, 'Warehouse');
  const rows = await addProducts(t, a.companyId, [
    { sku: 'CNT1', quantity: 3, locationId: store, name: 'Blue Dream 3.5g' },
    { sku: 'CNT2', quantity: 2, locationId: backroom, name: 'Gummies 10pk' },
    { sku: 'CNT3', quantity: 4, locationId: elsewhere, name: 'Vape cart' },
    { sku: 'CNT4', quantity: 1, locationId: null, name: 'Loose item' },
  ]);
  epcs = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc]));
});
afterAll(() => t.close());

const createBrowser = (token: string, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/devices/browser', headers: bearer(token), payload: { name } });
const sheetOf = (token: string, auditId: number) =>
  t.app.inject({ method: 'GET', url: `/api/rfid/audits/${auditId}/sheet`, headers: bearer(token) });

describe('a browser as a device', () => {
  it('is a device of the company, kind browser, owned by the person, with a token of its own', async () => {
    const res = await createBrowser(a.operator.token, "  Alex's MC3300 ");
    expect(res.statusCode).toBe(201);
    const { device, device_token } = res.json();
    expect(device).toMatchObject({ name: "Alex's MC3300", kind: 'browser', is_paired: true });
    expect(device_token).toMatch(/^qdt_/);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.ownerUserId).toBe(a.operator.userId);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(a.admin.token) })
    ).json();
    expect(listed.map((d: { id: number }) => d.id)).toContain(device.id);

    // The token is a device token: the reader routes take it, a person's routes do not.
    const hb = await asReader(t, device_token, '/api/rfid/heartbeat', {
      battery_level: 80,
      signal_strength: 4,
    });
    expect(hb.json().device_id).toBe(device.id);
    const asPerson = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: bearer(device_token),
    });
    expect([asPerson.statusCode, asPerson.json().message]).toEqual([401, API_MESSAGES.authRequired]);
  });

  it('names the person as who counted, and the browser as the device', async () => {
    const { device, device_token } = (await createBrowser(a.operator.token, "Sam's TC52")).json();
    const start = await asReader(t, device_token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      location_id: store,
    });
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/audits/${start.json().audit_id}`,
        headers: bearer(a.admin.token),
      })
    ).json();
    expect(audit).toMatchObject({
      device_id: device.id,
      device_name: "Sam's TC52",
      started_by: a.operator.name,
    });
  });

  it("leaves a handheld's audits without a person", async () => {
    const reader = await pairReader(t, a);
    const start = await asReader(t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID() });
    const audit = (
      await t.app.inject({
        method: 'GET',
        url: `/api/audits/${start.json().audit_id}`,
        headers: bearer(a.admin.token),
      })
    ).json();
    expect(audit.started_by).toBeNull();
  });
});

describe('the count sheet', () => {
  it('says what each tag is as reconciliation will: in scope, misplaced, or (absent) unknown', async () => {
    const { device_token } = (await createBrowser(a.admin.token, 'Front till')).json();
    const auditId = (
      await asReader(t, device_token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        location_id: store,
      })
    ).json().audit_id;
    const res = await sheetOf(device_token, auditId);
    expect(res.statusCode).toBe(200);
    const sheet = res.json() as TCountSheet;
    const bySku = Object.fromEntries(sheet.items.map((i) => [i.sku, i]));
    expect(bySku.CNT1).toEqual({
      epc: epcs.CNT1,
      name: 'Blue Dream 3.5g',
      sku: 'CNT1',
      expected: 3,
      in_scope: true,
      gtin: null,
    });
    expect(bySku.CNT2).toMatchObject({ expected: 2, in_scope: true });
    expect(bySku.CNT3).toMatchObject({ expected: 0, in_scope: false });
    expect(bySku.CNT4).toMatchObject({ expected: 0, in_scope: false });
    expect(sheet.tags_expected).toBe(5);

    // Read one in scope, one misplaced, one with no location and one unknown; the sheet's figures are the audit's.
    const unknown = '5A5A5A5A5A5A5A5A5A5A5A5A';
    const read = [epcs.CNT1, epcs.CNT3, epcs.CNT4, unknown];
    const sent = await asReader(t, device_token, `/api/rfid/audits/${auditId}/reads`, {
      batch_seq: 0,
      reads: read.map((epc) => ({ epc })),
    });
    expect(sent.statusCode).toBe(200);
    const done = (
      await asReader(t, device_token, `/api/rfid/audits/${auditId}/complete`, { batch_count: 1 })
    ).json();
    const known = new Map(sheet.items.map((i) => [i.epc, i]));
    const inScope = read.filter((e) => known.get(e ?? '')?.in_scope).length;
    const misplaced = read.filter((e) => known.has(e ?? '') && !known.get(e ?? '')?.in_scope).length;
    const unknownCount = read.filter((e) => !known.has(e ?? '')).length;
    expect([inScope, misplaced, unknownCount]).toEqual([1, 2, 1]);
    expect(done).toMatchObject({
      tags_expected: sheet.tags_expected,
      tags_found: inScope,
      misplaced_count: misplaced,
      unknown_count: unknownCount,
    });
  });

  it('covers the whole catalogue for an audit without a location', async () => {
    const { device_token } = (await createBrowser(a.admin.token, 'Whole store')).json();
    const auditId = (
      await asReader(t, device_token, '/api/rfid/audits', { client_audit_id: randomUUID() })
    ).json().audit_id;
    const sheet = (await sheetOf(device_token, auditId)).json() as TCountSheet;
    // Every product of the company, each in scope (an empty list would pass every() alone).
    expect(sheet.items.map((i) => i.sku).sort()).toEqual(['CNT1', 'CNT2', 'CNT3', 'CNT4']);
    expect(sheet.items.every((i) => i.in_scope)).toBe(true);
    expect(sheet.tags_expected).toBe(10);
  });

  it('answers its totals alone, and the items of what was read by lookup, as the whole sheet would', async () => {
    const { device_token } = (await createBrowser(a.admin.token, 'Lookup till')).json();
    const auditId = (
      await asReader(t, device_token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        location_id: store,
      })
    ).json().audit_id;
    const whole = (await sheetOf(device_token, auditId)).json() as TCountSheet;
    const totals = await t.app.inject({
      method: 'GET',
      url: `/api/rfid/audits/${auditId}/sheet?items=none`,
      headers: bearer(device_token),
    });
    expect(totals.json()).toEqual({
      audit_id: auditId,
      tags_expected: whole.tags_expected,
      packages_expected: 0,
      is_point_of_sale: false,
      items: [],
    });

    const unknown = '5A5A5A5A5A5A5A5A5A5A5A5A';
    const res = await asReader(t, device_token, `/api/rfid/audits/${auditId}/sheet/lookup`, {
      epcs: [epcs.CNT1?.toLowerCase(), epcs.CNT3, unknown],
      codes: ['cnt2', 'NOTHING-HERE'],
    });
    expect(res.statusCode).toBe(200);
    const bySku = Object.fromEntries(whole.items.map((i) => [i.sku, i]));
    const found = (res.json().items as TCountSheet['items']).sort((x, y) => x.sku.localeCompare(y.sku));
    // As the whole sheet, and a product read here but kept elsewhere says where (the Count screen shows it).
    expect(found).toEqual([bySku.CNT1, bySku.CNT2, { ...bySku.CNT3, belongs: 'Warehouse' }]);
    // Nothing read names nothing; another reader's audit is not found.
    expect((await asReader(t, device_token, `/api/rfid/audits/${auditId}/sheet/lookup`, {})).json()).toEqual({
      audit_id: auditId,
      items: [],
    });
    const theirs = (await createBrowser(a.operator.token, 'Not mine')).json().device_token;
    const other = await asReader(t, theirs, `/api/rfid/audits/${auditId}/sheet/lookup`, { epcs: [unknown] });
    expect([other.statusCode, other.json().message]).toEqual([404, READER_MESSAGES.auditNotFound]);
  });

  it("is not found for another reader's audit", async () => {
    const mine = (await createBrowser(a.admin.token, 'Mine')).json().device_token;
    const theirs = (await createBrowser(a.operator.token, 'Theirs')).json().device_token;
    const auditId = (await asReader(t, theirs, '/api/rfid/audits', { client_audit_id: randomUUID() })).json()
      .audit_id;
    const res = await sheetOf(mine, auditId);
    expect([res.statusCode, res.json().message]).toEqual([404, READER_MESSAGES.auditNotFound]);
  });
});
