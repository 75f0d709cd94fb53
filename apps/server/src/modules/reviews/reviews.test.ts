import { randomUUID } from 'node:crypto';
import {
  AUDIT_MESSAGES,
  DEFAULT_REASON_CODES,
  REVIEW_MESSAGES,
  type TDiscrepancy,
  type TReasonCode,
} from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  finishCount,
  type PairedReader,
  pairReader,
} from '../../test/readers.ts';
import { addPerson, createTenant, type Person, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Counts a manager can trust: a count's lines over the company's policy wait for an admin's approval with a reason
 * code; rejected lines are never applied; recounts replace figures; apply happens once; the shrink report adds up.
 */

let t: TestApp;
let a: Tenant;
let secondAdmin: Person;
let reader: PairedReader;
let shelf: number;
let epcs: Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

/** A count of the shelf finding `found` units of each SKU, by `token` (a reader or a Count screen). */
async function count(found: Record<string, number>, token = reader.token, name = 'Shelf count') {
  const id = (
    await asReader(t, token, '/api/rfid/audits', { client_audit_id: randomUUID(), name, location_id: shelf })
  ).json().audit_id as number;
  return finish(id, found, token);
}

const finish = (id: number, found: Record<string, number>, token = reader.token) =>
  finishCount(t, token, id, epcs, found);

const lines = async (id: number) =>
  (await call('GET', `/api/audits/${id}/discrepancies`, a.member.token)).json() as TDiscrepancy[];
const lineOf = async (id: number, sku: string) =>
  (await lines(id)).find((l) => l.product_sku === sku) as TDiscrepancy;
const quantity = async (sku: string) =>
  (await t.database.db.select({ q: products.quantity }).from(products).where(eq(products.sku, sku)))[0]?.q;
const setPolicy = (units: number | null, value: number | null) =>
  call('PUT', `/api/companies/${a.companyId}/count-policy`, a.admin.token, {
    approval_units: units,
    approval_value: value,
  });
const review = (id: number, body: object, token = secondAdmin.token) =>
  call('POST', `/api/audits/${id}/review`, token, body);
const apply = (id: number, token = a.operator.token, body: object = { reason: 'Cycle count' }) =>
  call('POST', `/api/audits/${id}/apply-counts`, token, body);

/** Resets the shelf's products to 10 of each (between scenarios). */
async function restock() {
  await t.database.db.update(products).set({ quantity: 10 }).where(eq(products.companyId, a.companyId));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Review Co');
  secondAdmin = await addPerson(t, a.companyId, 'admin', 'Second Admin');
  reader = await pairReader(t, a, 'SN-REVIEW');
  shelf = await addLocation(t, a.companyId, 'Back shelf');
  const rows = await addProducts(t, a.companyId, [
    { sku: 'CHEAP', quantity: 10, locationId: shelf },
    { sku: 'PRICY', quantity: 10, locationId: shelf },
    { sku: 'BULK', quantity: 10, locationId: shelf },
  ]);
  epcs = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc as string]));
  const cost = { CHEAP: '2.00', PRICY: '50.00', BULK: '1.50' } as const;
  const kind = { CHEAP: ['Snacks', 'Acme'], PRICY: ['Spirits', 'Bolt'], BULK: ['Snacks', 'Bolt'] } as const;
  for (const sku of ['CHEAP', 'PRICY', 'BULK'] as const) {
    await t.database.db
      .update(products)
      .set({ unitCost: cost[sku], category: kind[sku][0], vendor: kind[sku][1] })
      .where(eq(products.sku, sku));
  }
});
afterAll(() => t.close());

describe('approval off (the default): counts are applied as they always were', () => {
  it('has no policy, marks no line and applies every variance once', async () => {
    const policy = await call('GET', `/api/companies/${a.companyId}/count-policy`, a.admin.token);
    expect(policy.json()).toEqual({ approval_units: null, approval_value: null });
    const id = await count({ CHEAP: 9, PRICY: 2, BULK: 10 });
    const audit = (await call('GET', `/api/audits/${id}`, a.member.token)).json();
    expect(audit).toMatchObject({ review_status: 'none', recount_of: null, shipment_id: null });
    expect((await lines(id)).every((l) => !l.needs_approval && l.decision === null)).toBe(true);
    const applied = await apply(id);
    expect(applied.json()).toMatchObject({ applied: 2, left: 0 });
    expect(await quantity('PRICY')).toBe(2);
    expect((await apply(id)).json()).toEqual({ message: AUDIT_MESSAGES.alreadyApplied });
    await restock();
  });
});

describe('count policy and reason codes', () => {
  it('is set by admins only, with positive thresholds', async () => {
    expect(
      (await call('PUT', `/api/companies/${a.companyId}/count-policy`, a.operator.token, {})).statusCode,
    ).toBe(403);
    expect((await setPolicy(0, null)).statusCode).toBe(400);
    expect((await setPolicy(null, -5)).statusCode).toBe(400);
    const other = await createTenant(t, 'Other Co');
    expect(
      (await call('GET', `/api/companies/${other.companyId}/count-policy`, a.admin.token)).statusCode,
    ).toBe(404);
    const saved = await setPolicy(3, 40);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ approval_units: 3, approval_value: 40 });
  });

  it('starts with the default list; admins add, rename and retire; a code in use cannot be deleted', async () => {
    const list = (await call('GET', '/api/reason-codes', a.member.token)).json() as TReasonCode[];
    expect(list.map((c) => c.code)).toEqual(DEFAULT_REASON_CODES.map((c) => c.code));
    expect(
      (await call('POST', '/api/reason-codes', a.operator.token, { code: 'X', label: 'X' })).statusCode,
    ).toBe(403);
    const made = await call('POST', '/api/reason-codes', a.admin.token, {
      code: 'water_leak',
      label: 'Water leak',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      code: 'WATER_LEAK',
      label: 'Water leak',
      retired: false,
      in_use: false,
    });
    const again = await call('POST', '/api/reason-codes', a.admin.token, {
      code: 'Water_Leak',
      label: 'Again',
    });
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.reasonCodeTaken });
    const id = made.json().id as number;
    const renamed = await call('PUT', `/api/reason-codes/${id}`, a.admin.token, {
      label: 'Leak',
      retired: true,
    });
    expect(renamed.json()).toMatchObject({ label: 'Leak', retired: true });
    expect((await call('DELETE', `/api/reason-codes/${id}`, a.admin.token)).statusCode).toBe(200);
    expect((await call('PUT', `/api/reason-codes/${id}`, a.admin.token, { label: 'Gone' })).statusCode).toBe(
      404,
    );
  });
});

describe('review of a count over the policy (3 units, 40.00 at cost)', () => {
  let id: number;

  it('marks lines over the threshold by units and by value, and asks the admins', async () => {
    // CHEAP 1 off (2.00): under. PRICY 1 off (50.00): over by value. BULK 5 off (7.50): over by units.
    id = await count({ CHEAP: 9, PRICY: 9, BULK: 5 });
    expect(await lineOf(id, 'CHEAP')).toMatchObject({ needs_approval: false, unit_cost: 2 });
    expect(await lineOf(id, 'PRICY')).toMatchObject({ needs_approval: true, unit_cost: 50 });
    expect(await lineOf(id, 'BULK')).toMatchObject({ needs_approval: true, unit_cost: 1.5 });
    const awaiting = (await call('GET', '/api/audits?review=awaiting', a.member.token)).json();
    expect(awaiting.data.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(awaiting.data[0].review_status).toBe('awaiting');
    expect((await call('GET', '/api/audits?review=maybe', a.member.token)).statusCode).toBe(400);
    const bell = (await call('GET', '/api/notifications', a.admin.token)).json();
    expect(bell.data[0]).toMatchObject({
      type: 'audit.review_requested',
      title: 'Shelf count is awaiting review',
      body: "2 lines over the count policy need an admin's approval.",
    });
    // Members are not told: they do not review.
    const memberBell = (await call('GET', '/api/notifications', a.member.token)).json();
    expect(memberBell.data.some((n: { type: string }) => n.type === 'audit.review_requested')).toBe(false);
  });

  it('refuses an approval without a reason code, a retired code, and lines that are not variances', async () => {
    const pricy = await lineOf(id, 'PRICY');
    const noReason = await review(id, { lines: [{ discrepancy_id: pricy.id, decision: 'approve' }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({
      message: REVIEW_MESSAGES.reasonRequired,
      field: 'lines.0.reason_code',
    });
    const unknown = await review(id, {
      lines: [{ discrepancy_id: pricy.id, decision: 'approve', reason_code: 'NOPE' }],
    });
    expect(unknown.json()).toEqual({
      message: REVIEW_MESSAGES.reasonCodeNotFound,
      field: 'lines.0.reason_code',
    });
    const retired = (
      await call('POST', '/api/reason-codes', a.admin.token, { code: 'OLD', label: 'Old' })
    ).json();
    await call('PUT', `/api/reason-codes/${retired.id}`, a.admin.token, { retired: true });
    const old = await review(id, {
      lines: [{ discrepancy_id: pricy.id, decision: 'approve', reason_code: 'OLD' }],
    });
    expect(old.json()).toEqual({
      message: REVIEW_MESSAGES.reasonCodeRetired,
      field: 'lines.0.reason_code',
    });
    const foreign = await review(id, { lines: [{ discrepancy_id: 999_999, decision: 'reject' }] });
    expect(foreign.json()).toEqual({ message: REVIEW_MESSAGES.linesNotReviewable });
    expect((await review(id, { lines: [] })).statusCode).toBe(400);
    expect(
      (await review(id, { lines: [{ discrepancy_id: pricy.id, decision: 'approve' }] }, a.operator.token))
        .statusCode,
    ).toBe(403);
    expect((await lineOf(id, 'PRICY')).decision).toBeNull();
  });

  it('applies only approved and under-threshold lines, never a rejected one, then the rest once approved', async () => {
    const pricy = await lineOf(id, 'PRICY');
    const bulk = await lineOf(id, 'BULK');
    const decided = await review(id, {
      lines: [{ discrepancy_id: pricy.id, decision: 'reject', note: 'Seen on the top shelf' }],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().lines.find((l: TDiscrepancy) => l.id === pricy.id)).toMatchObject({
      decision: 'reject',
      decision_note: 'Seen on the top shelf',
      decided_by: 'Second Admin',
    });
    // The operator applies what is under the threshold: CHEAP; BULK waits, PRICY is rejected.
    const first = await apply(id);
    expect(first.json()).toMatchObject({ applied: 1, left: 2, audit: { review_status: 'partly_applied' } });
    expect([await quantity('CHEAP'), await quantity('PRICY'), await quantity('BULK')]).toEqual([9, 10, 10]);
    await review(id, { lines: [{ discrepancy_id: bulk.id, decision: 'approve', reason_code: 'damaged' }] });
    expect((await call('GET', `/api/audits/${id}`, a.member.token)).json().review_status).toBe('approved');
    // Two clicks at once: one applies, the other finds nothing left.
    const [x, y] = await Promise.all([apply(id), apply(id)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((x.statusCode === 200 ? x : y).json()).toMatchObject({ applied: 1, left: 1 });
    expect([await quantity('CHEAP'), await quantity('PRICY'), await quantity('BULK')]).toEqual([9, 10, 5]);
    // A rejected line stays unapplied however often apply is asked.
    expect((await apply(id)).statusCode).toBe(409);
    expect(await quantity('PRICY')).toBe(10);
    // An applied line cannot be decided again.
    const late = await review(id, { lines: [{ discrepancy_id: bulk.id, decision: 'reject' }] });
    expect(late.json()).toEqual({ message: REVIEW_MESSAGES.linesNotReviewable });
    const log = (await call('GET', '/api/stats/activity', a.admin.token)).json();
    const entries = JSON.stringify(log);
    expect(entries).toContain('set from 10 to 5 by Shelf count (approved by Second Admin, reason DAMAGED)');
    await restock();
  });
});

describe('four eyes', () => {
  it('keeps the admin who counted from approving their own lines over the policy while another admin exists', async () => {
    const browser = await call('POST', '/api/devices/browser', a.admin.token, { name: 'Admin phone' });
    expect(browser.statusCode, browser.body).toBe(201);
    const id = await count({ CHEAP: 10, PRICY: 8, BULK: 10 }, browser.json().device_token, 'Own count');
    const pricy = await lineOf(id, 'PRICY');
    const own = await review(
      id,
      { lines: [{ discrepancy_id: pricy.id, decision: 'approve', reason_code: 'THEFT' }] },
      a.admin.token,
    );
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: REVIEW_MESSAGES.fourEyes, code: 'four_eyes' });
    // Rejecting or sending for recount is not approving.
    const reject = await review(
      id,
      { lines: [{ discrepancy_id: pricy.id, decision: 'reject' }] },
      a.admin.token,
    );
    expect(reject.statusCode).toBe(200);
    const other = await review(id, {
      lines: [{ discrepancy_id: pricy.id, decision: 'approve', reason_code: 'THEFT' }],
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().audit.review_status).toBe('approved');
  });
});

describe('recount', () => {
  it('counts just the chosen lines again, and its figures replace theirs for the review to go on', async () => {
    const id = await count({ CHEAP: 10, PRICY: 6, BULK: 2 }, reader.token, 'Weekly count');
    const pricy = await lineOf(id, 'PRICY');
    const bulk = await lineOf(id, 'BULK');
    await review(id, {
      lines: [
        { discrepancy_id: pricy.id, decision: 'recount' },
        { discrepancy_id: bulk.id, decision: 'recount' },
      ],
    });
    expect((await call('POST', `/api/audits/${id}/recount`, a.member.token, {})).statusCode).toBe(403);
    // The Count screen's "Recount requested": the count and how many lines wait, no recount under way yet.
    expect((await call('GET', '/api/recounts', a.member.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/recounts', a.operator.token)).json().data).toEqual([
      {
        audit_id: id,
        name: 'Weekly count',
        place: 'Back shelf',
        lines: 2,
        recount_id: null,
        recount_device_id: null,
        recount_device: null,
      },
    ]);
    const first = (await call('GET', `/api/audits/${id}`, a.member.token)).json();
    expect(first).toMatchObject({ tags_expected: 30, tags_found: 18, discrepancies_count: 12, accuracy: 60 });
    const noDevice = await call('POST', `/api/audits/${id}/recount`, a.operator.token, {});
    expect(noDevice.json()).toEqual({ message: REVIEW_MESSAGES.noCountDevice });
    const started = await call('POST', `/api/audits/${id}/recount`, a.operator.token, {
      device_id: reader.deviceId,
    });
    expect(started.statusCode, started.body).toBe(201);
    const recount = started.json();
    expect(recount).toMatchObject({ recount_of: id, status: 'in_progress', name: 'Recount of Weekly count' });
    expect((await call('GET', '/api/recounts', a.operator.token)).json().data).toEqual([
      expect.objectContaining({
        audit_id: id,
        lines: 2,
        recount_id: recount.id,
        recount_device_id: reader.deviceId,
      }),
    ]);
    // A paired handheld hears of it in its heartbeat, to join it.
    const recountsToJoin = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/rfid/heartbeat',
          headers: bearer(reader.token),
          payload: { battery_level: 80, signal_strength: 3 },
        })
      ).json().recounts;
    expect(await recountsToJoin()).toEqual([
      {
        audit_id: recount.id,
        name: 'Recount of Weekly count',
        recount_of: id,
        location_id: expect.any(Number),
      },
    ]);
    // Its short list alone, without the rest of the catalogue.
    const expected = await t.app.inject({
      method: 'GET',
      url: `/api/rfid/audits/${recount.id}/sheet?items=expected`,
      headers: bearer(reader.token),
    });
    expect(expected.json()).toMatchObject({ tags_expected: 20 });
    expect(
      expected
        .json()
        .items.map((i: { sku: string }) => i.sku)
        .sort(),
    ).toEqual(['BULK', 'PRICY']);
    // The reader's sheet is a short list: the two products to find.
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/rfid/audits/${recount.id}/sheet`,
      headers: bearer(reader.token),
    });
    const toFind = sheet.json().items.filter((i: { in_scope: boolean }) => i.in_scope);
    expect(toFind.map((i: { sku: string; location: string }) => [i.sku, i.location]).sort()).toEqual([
      ['BULK', 'Back shelf'],
      ['PRICY', 'Back shelf'],
    ]);
    // PRICY was all there after all; BULK is 4 short (over the 3 units), CHEAP is read but not recounted.
    await finish(recount.id, { CHEAP: 10, PRICY: 10, BULK: 6 });
    const done = (await call('GET', `/api/audits/${recount.id}`, a.member.token)).json();
    expect(await recountsToJoin()).toEqual([]);
    expect(done).toMatchObject({ expected_count: 2, tags_expected: 20, tags_found: 16 });
    expect(await lineOf(id, 'PRICY')).toMatchObject({
      found_quantity: 10,
      variance: 0,
      decision: null,
      needs_approval: false,
      recount_audit_id: recount.id,
    });
    expect(await lineOf(id, 'BULK')).toMatchObject({
      found_quantity: 6,
      variance: -4,
      decision: null,
      needs_approval: true,
    });
    const audit = (await call('GET', `/api/audits/${id}`, a.member.token)).json();
    expect(audit.review_status).toBe('awaiting');
    // The first count's totals follow the replaced figures: 26 of 30 found, 4 units off.
    expect(audit).toMatchObject({ tags_expected: 30, tags_found: 26, discrepancies_count: 4, accuracy: 87 });
    expect((await call('GET', '/api/recounts', a.operator.token)).json().data).toEqual([]);
    await review(id, {
      lines: [{ discrepancy_id: bulk.id, decision: 'approve', reason_code: 'VENDOR_SHORT' }],
    });
    expect((await apply(id)).json()).toMatchObject({ applied: 2, left: 0 });
    expect([await quantity('PRICY'), await quantity('BULK')]).toEqual([10, 6]);
    expect(
      (
        await call('POST', `/api/audits/${id}/recount`, a.operator.token, { device_id: reader.deviceId })
      ).json(),
    ).toEqual({
      message: REVIEW_MESSAGES.nothingToRecount,
    });
    await restock();
  });
});

describe('shrink report', () => {
  it('adds up the applied adjustments by reason, location, category and vendor, in units and at cost', async () => {
    const all = (await call('GET', '/api/reports/shrink?group_by=reason', a.member.token)).json();
    // Applied so far: approval off: CHEAP -1 (2.00), PRICY -8 (400.00), no reason code. Under review: CHEAP -1
    // (2.00) under the policy, BULK -5 DAMAGED (7.50); recount: PRICY 0, BULK -4 VENDOR_SHORT (6.00).
    expect(all.rows).toEqual([
      {
        group: 'NONE',
        label: 'No reason code',
        lines: 3,
        units_lost: 10,
        units_found: 0,
        units_net: -10,
        value_lost: 404,
        value_found: 0,
        value_net: -404,
      },
      expect.objectContaining({ group: 'DAMAGED', label: 'Damaged', units_lost: 5, value_lost: 7.5 }),
      expect.objectContaining({ group: 'VENDOR_SHORT', label: 'Vendor short', units_lost: 4, value_lost: 6 }),
    ]);
    expect(all.totals).toMatchObject({ lines: 5, units_lost: 19, value_lost: 417.5, value_net: -417.5 });
    const byVendor = (await call('GET', '/api/reports/shrink?group_by=vendor', a.member.token)).json();
    expect(byVendor.rows.map((r: { label: string; value_lost: number }) => [r.label, r.value_lost])).toEqual([
      ['Bolt', 413.5],
      ['Acme', 4],
    ]);
    const byCategory = (await call('GET', '/api/reports/shrink?group_by=category', a.member.token)).json();
    expect(
      byCategory.rows.map((r: { label: string; units_lost: number }) => [r.label, r.units_lost]),
    ).toEqual([
      ['Spirits', 8],
      ['Snacks', 11],
    ]);
    const byLocation = (await call('GET', '/api/reports/shrink?group_by=location', a.member.token)).json();
    expect(byLocation.rows.map((r: { label: string }) => r.label)).toEqual(['Back shelf']);
    const csv = await call('GET', '/api/reports/shrink.csv?group_by=reason', a.member.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n').slice(0, 2)).toEqual([
      '\uFEFFReason code,Lines,Units lost,Units found,Net units,Value lost,Value found,Net value',
      'No reason code,3,10,0,-10,404.00,0.00,-404.00',
    ]);
    const empty = (
      await call('GET', '/api/reports/shrink?from=2020-01-01&to=2020-01-31', a.member.token)
    ).json();
    expect(empty).toMatchObject({ rows: [], totals: { lines: 0, value_lost: 0 } });
    expect((await call('GET', '/api/reports/shrink?group_by=colour', a.member.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/reports/shrink?from=yesterday', a.member.token)).statusCode).toBe(400);
  });

  it('gives the adjustments sheet of a count: its approved lines with reason and approver', async () => {
    const list = (await call('GET', '/api/audits?limit=100', a.member.token)).json();
    const own = list.data.find((x: { name: string }) => x.name === 'Own count');
    const sheet = await call('GET', `/api/audits/${own.id}/adjustments.csv`, a.operator.token);
    expect(sheet.body.split('\n').slice(0, 2)).toEqual([
      '\uFEFFPackage label,Product,Room,Expected,Counted,Difference,Reason code,Note,Approved by',
      'PRICY,Product PRICY,Back shelf,10,8,-2,THEFT,,Second Admin',
    ]);
  });
});
