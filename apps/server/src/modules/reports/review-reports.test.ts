import { randomUUID } from 'node:crypto';
import { ACCURACY_MESSAGES, type TAccuracyReport, type TDiscrepancy } from '@quantics/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, companies } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  type PairedReader,
  pairReader,
  readsOf,
} from '../../test/readers.ts';
import { addPerson, createTenant, type Person, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The reporting side of count reviews: stock accuracy over time per location (figures computed by hand below), the
 * dashboard's "Awaiting review" figure, and the adjustments sheet as JSON for the printable page.
 */

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let front: number;
let back: number;
let epcs: Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

/** A count of `location` finding `found` units of each SKU, completed at `at` (moved there afterwards). */
async function count(location: number, found: Record<string, number>, at?: string, tenant = a) {
  const id = (
    await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name: 'Shelf count',
      location_id: location,
    })
  ).json().audit_id as number;
  const reads = Object.entries(found).flatMap(([sku, n]) => readsOf(epcs[sku] as string, n));
  const sent = await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  if (at)
    await t.database.db
      .update(audits)
      .set({ completedAt: new Date(at), createdAt: new Date(at) })
      .where(and(eq(audits.companyId, tenant.companyId), eq(audits.id, id)));
  return id;
}

const accuracy = async (query: string) => {
  const res = await call('GET', `/api/reports/accuracy?${query}`, a.member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAccuracyReport;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Accuracy Co');
  reader = await pairReader(t, a, 'SN-ACCURACY');
  front = await addLocation(t, a.companyId, 'Front');
  back = await addLocation(t, a.companyId, 'Back');
  const rows = await addProducts(t, a.companyId, [
    { sku: 'FA', quantity: 10, locationId: front },
    { sku: 'FB', quantity: 10, locationId: front },
    { sku: 'FC', quantity: 10, locationId: front },
    { sku: 'BA', quantity: 10, locationId: back },
  ]);
  epcs = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc as string]));
  // Periods are the company's: New York, where 2026-03-01 03:00 UTC is still February 28.
  await t.database.db
    .update(companies)
    .set({ timeZone: 'America/New_York' })
    .where(eq(companies.id, a.companyId));
});
afterAll(() => t.close());

describe('stock accuracy over time', () => {
  it('gives each location’s mean accuracy per month and week, in the company’s time zone', async () => {
    const all = { FA: 10, FB: 10, FC: 10 };
    // Front (30 units expected): 30 found = 100 %, 27 = 90 %, 29 = 96.67 -> 97 %, 24 = 80 %.
    await count(front, all, '2026-01-10T15:00:00Z'); // Saturday: week of Monday Jan 5
    await count(front, { ...all, FA: 7 }, '2026-01-20T15:00:00Z'); // Tuesday: week of Jan 19
    await count(front, { ...all, FA: 9 }, '2026-01-25T15:00:00Z'); // Sunday: week of Jan 19
    await count(front, { ...all, FA: 4 }, '2026-03-01T03:00:00Z'); // Feb 28, 22:00 in New York
    // Back (10 units): 7 found = 70 %; 10 = 100 %, moved to a Dutchie room below.
    await count(back, { BA: 7 }, '2026-03-15T15:00:00Z');
    const vault = await count(back, { BA: 10 }, '2026-03-20T15:00:00Z');
    await t.database.db
      .update(audits)
      .set({ locationId: null, room: 'Vault', expectedAsOf: new Date('2026-03-20T14:00:00Z') })
      .where(and(eq(audits.companyId, a.companyId), eq(audits.id, vault)));
    // Left out: a count after the range, and a recount (a few lines counted again).
    await count(back, { BA: 0 }, '2026-04-02T15:00:00Z');
    const recount = await count(front, { FA: 0 }, '2026-01-12T15:00:00Z');
    await t.database.db
      .update(audits)
      .set({ recountOf: vault })
      .where(and(eq(audits.companyId, a.companyId), eq(audits.id, recount)));

    const byMonth = await accuracy('from=2026-01-01&to=2026-03-31&period=month');
    expect(byMonth).toMatchObject({ from: '2026-01-01', to: '2026-03-31', period: 'month' });
    expect(byMonth.rows).toEqual([
      { place: 'Back', period: '2026-03-01', audits: 1, accuracy: 70, record_accuracy: 0 },
      // (100 + 90 + 97) / 3 = 95.67; record accuracy (3 products, FA wrong: 2 of 3 = 66): (100 + 66 + 66) / 3
      { place: 'Front', period: '2026-01-01', audits: 3, accuracy: 95.7, record_accuracy: 77.3 },
      { place: 'Front', period: '2026-02-01', audits: 1, accuracy: 80, record_accuracy: 66 },
      { place: 'Vault', period: '2026-03-01', audits: 1, accuracy: 100, record_accuracy: 100 },
    ]);
    // Front over the range: (100 + 90 + 97 + 80) / 4 = 91.75, the mean of its counts (not of its months).
    expect(byMonth.places).toEqual([
      { place: 'Back', audits: 1, accuracy: 70, record_accuracy: 0 },
      // (100 + 66 + 66 + 66) / 4 = 74.5
      { place: 'Front', audits: 4, accuracy: 91.8, record_accuracy: 74.5 },
      { place: 'Vault', audits: 1, accuracy: 100, record_accuracy: 100 },
    ]);

    const byWeek = await accuracy('from=2026-01-01&to=2026-02-28&period=week');
    expect(byWeek.rows).toEqual([
      { place: 'Front', period: '2026-01-05', audits: 1, accuracy: 100, record_accuracy: 100 },
      // (90 + 97) / 2 = 93.5
      { place: 'Front', period: '2026-01-19', audits: 2, accuracy: 93.5, record_accuracy: 66 },
      { place: 'Front', period: '2026-02-23', audits: 1, accuracy: 80, record_accuracy: 66 },
    ]);

    const csv = await call('GET', '/api/reports/accuracy.csv?from=2026-01-01&to=2026-03-31', a.member.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      'quantics-accuracy-by-month-2026-01-01-to-2026-03-31.csv',
    );
    expect(csv.body.replace('\uFEFF', '').trim().split(/\r?\n/)).toEqual([
      'Location,Period starting,Counts,Accuracy %,Record accuracy %',
      'Back,2026-03-01,1,70.0,0.0',
      'Front,2026-01-01,3,95.7,77.3',
      'Front,2026-02-01,1,80.0,66.0',
      'Vault,2026-03-01,1,100.0,100.0',
    ]);

    // Nothing in a range without counts; the default is the last 180 days.
    expect((await accuracy('from=2020-01-01&to=2020-12-31')).rows).toEqual([]);
    const recent = await accuracy('');
    expect(recent.period).toBe('month');
    expect(recent.rows.every((r) => r.period >= recent.from.slice(0, 7))).toBe(true);
  });

  it('refuses bad input with a message', async () => {
    const bad = async (query: string) => {
      const res = await call('GET', `/api/reports/accuracy?${query}`, a.member.token);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('period=day')).toContain('period must be week or month');
    expect(await bad('from=yesterday')).toContain('from must be a date');
    expect(await bad('to=2026-02-30')).toContain('to must be a date');
    expect(await bad('from=2026-03-01&to=2026-02-01')).toContain(ACCURACY_MESSAGES.fromAfterTo);
    expect(await bad('from=2020-01-01&to=2026-01-01')).toContain(ACCURACY_MESSAGES.tooLong);
    const csv = await call('GET', '/api/reports/accuracy.csv?period=year', a.member.token);
    expect(csv.statusCode).toBe(400);
  });
});

describe('awaiting review (the dashboard) and the adjustments sheet', () => {
  let admin2: Person;
  const dashboard = async () =>
    (await call('GET', '/api/stats/dashboard', a.member.token)).json().reviews as {
      approvalOn: boolean;
      awaiting: number;
    };
  const awaitingList = async () =>
    (await call('GET', '/api/audits?review=awaiting&limit=100', a.member.token)).json().pagination.totalItems;

  beforeAll(async () => {
    admin2 = await addPerson(t, a.companyId, 'admin', 'Second Admin');
  });

  it('counts the audits awaiting review, as the Audits page filters them', async () => {
    expect(await dashboard()).toEqual({ approvalOn: false, awaiting: 0 });
    const policy = await call('PUT', `/api/companies/${a.companyId}/count-policy`, a.admin.token, {
      approval_units: 2,
      approval_value: null,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(await dashboard()).toEqual({ approvalOn: true, awaiting: 0 });

    const full = { FA: 10, FB: 10, FC: 10 };
    const first = await count(front, { ...full, FA: 5, FB: 6 }); // two lines over 2 units
    const second = await count(front, { ...full, FC: 2 }); // one line over
    await count(front, { ...full, FA: 9 }); // under the policy: nothing to review
    expect(await dashboard()).toEqual({ approvalOn: true, awaiting: 2 });
    expect(await awaitingList()).toBe(2);

    // Deciding one of the first count's two lines leaves it awaiting; deciding both does not.
    const lines = (
      await call('GET', `/api/audits/${first}/discrepancies`, a.member.token)
    ).json() as TDiscrepancy[];
    const [fa, fb] = ['FA', 'FB'].map((sku) => lines.find((l) => l.product_sku === sku) as TDiscrepancy);
    const decide = (body: object) => call('POST', `/api/audits/${first}/review`, admin2.token, body);
    const one = await decide({
      lines: [{ discrepancy_id: fa?.id, decision: 'approve', reason_code: 'DAMAGED', note: 'Crushed box' }],
    });
    expect(one.statusCode, one.body).toBe(200);
    expect((await dashboard()).awaiting).toBe(2);
    await decide({ lines: [{ discrepancy_id: fb?.id, decision: 'reject' }] });
    expect(await dashboard()).toEqual({ approvalOn: true, awaiting: 1 });
    expect(await awaitingList()).toBe(1);

    // The printable sheet: the approved line only, with its difference, reason, note and approver.
    const sheet = await call('GET', `/api/audits/${first}/adjustments`, a.operator.token);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().audit.id).toBe(first);
    expect(sheet.json().lines).toEqual([
      {
        package_label: 'FA',
        product: expect.any(String),
        room: 'Front',
        expected: 10,
        counted: 5,
        difference: -5,
        reason_code: 'DAMAGED',
        note: 'Crushed box',
        approved_by: 'Second Admin',
      },
    ]);
    expect((await call('GET', `/api/audits/${first}/adjustments`, a.member.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/audits/999999/adjustments', a.operator.token)).statusCode).toBe(404);

    // Turning approval off keeps showing what still waits.
    await call('PUT', `/api/companies/${a.companyId}/count-policy`, a.admin.token, {
      approval_units: null,
      approval_value: null,
    });
    expect(await dashboard()).toEqual({ approvalOn: false, awaiting: 1 });
    expect(second).toBeGreaterThan(first);
  });
});
