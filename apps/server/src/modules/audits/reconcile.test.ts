import { randomUUID } from 'node:crypto';
import {
  AUDIT_MESSAGES,
  auditAccuracy,
  decodeEpc,
  matchTag,
  rfidTagFromSku,
  sheetCatalogue,
  type TCountSheet,
  type TDiscrepancy,
} from '@quantics/contracts';
import {
  GARBLED,
  GHOST,
  GTIN_PRODUCTS,
  GTIN_WALK,
  RECONCILE_LOCATIONS,
  RECONCILE_PRODUCTS,
  RECONCILE_WALK,
  reconcileEpc,
  storeReads,
  type TReconcileLocation,
  type TTagCase,
} from '@quantics/contracts/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import {
  addLocation,
  addProducts,
  asReader,
  type PairedReader,
  pairReader,
  readsOf,
} from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
// The cases are the contracts' (testing/reconcile-cases.ts): the Count screen's matchTag is tested with the same.
let loc: Record<TReconcileLocation, number>;
let epc: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Reconcile Co');
  reader = await pairReader(t, a);
  loc = {} as Record<TReconcileLocation, number>;
  for (const l of RECONCILE_LOCATIONS) {
    loc[l.key] = await addLocation(t, a.companyId, l.name, l.parent ? loc[l.parent] : null);
  }
  const rows = await addProducts(
    t,
    a.companyId,
    RECONCILE_PRODUCTS.map((p) => ({
      sku: p.sku,
      quantity: p.quantity,
      locationId: p.location ? loc[p.location] : null,
    })),
  );
  epc = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc]));
});
afterAll(() => t.close());

/** The product the Count screen names for each read of each case, on the audit's own count sheet. */
async function sheetAnswers(token: string, auditId: number, cases: readonly TTagCase[]) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/rfid/audits/${auditId}/sheet`,
    headers: bearer(token),
  });
  const catalogue = sheetCatalogue(res.json() as TCountSheet);
  return cases.map((c) => c.reads.map((r) => matchTag(r.epc, catalogue)?.sku ?? null));
}
const tableAnswers = (cases: readonly TTagCase[]) => cases.map((c) => c.reads.map(() => c.product));

async function runAudit(locationId: number | null, reads: object[]) {
  const start = await asReader(t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    location_id: locationId,
    name: 'Walk',
  });
  const id = start.json().audit_id as number;
  // Split in two batches, the second first: order does not matter.
  const half = Math.ceil(reads.length / 2);
  await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 1, reads: reads.slice(half) });
  await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, {
    batch_seq: 0,
    reads: reads.slice(0, half),
  });
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 2 });
  expect(done.statusCode).toBe(200);
  const rows = await t.app.inject({
    method: 'GET',
    url: `/api/audits/${id}/discrepancies`,
    headers: bearer(a.member.token),
  });
  return { audit: done.json(), rows: rows.json() as TDiscrepancy[] };
}

const bySku = (rows: TDiscrepancy[]) => Object.fromEntries(rows.map((r) => [r.product_sku ?? r.epc, r]));

describe('reconciliation on a location tree', () => {
  it('finds shortage, overage, misplaced and unknown for a location and its sub-locations', async () => {
    const { audit, rows } = await runAudit(loc.store, storeReads());
    expect(audit).toMatchObject({
      status: 'completed',
      location: 'Store',
      tags_expected: 15,
      tags_found: 11,
      expected_count: 5,
      discrepancies_count: 8,
      misplaced_count: 3,
      unknown_count: 2,
      accuracy: auditAccuracy(15, 8),
    });
    expect(audit.accuracy).toBe(47);
    const r = bySku(rows);
    expect(r.P2).toMatchObject({
      discrepancy_type: 'shortage',
      expected_quantity: 3,
      found_quantity: 1,
      variance: -2,
    });
    expect(r.P3).toMatchObject({
      discrepancy_type: 'overage',
      expected_quantity: 2,
      found_quantity: 4,
      variance: 2,
    });
    expect(r.P4).toMatchObject({
      discrepancy_type: 'shortage',
      found_quantity: 0,
      notes: '4 fewer than expected',
    });
    expect(r.P5).toMatchObject({
      discrepancy_type: 'misplaced',
      found_quantity: 2,
      notes: 'Read here, but belongs in Other store',
    });
    expect(r.P6).toMatchObject({
      discrepancy_type: 'misplaced',
      notes: 'Read here, but this product has no location set',
    });
    expect(r[GHOST]).toMatchObject({
      discrepancy_type: 'unknown',
      product_sku: null,
      rfid_tag: decodeEpc(GHOST),
      notes: 'Unknown tag: reads as "GHOST0000000" and matches no product',
    });
    expect(r[GARBLED]).toMatchObject({
      discrepancy_type: 'unknown',
      notes: 'Unknown tag: matches no product',
    });
    expect(decodeEpc(GARBLED)).toBeNull();
    expect(rows.map((x) => x.discrepancy_type)).toEqual([
      'shortage',
      'shortage',
      'overage',
      'misplaced',
      'misplaced',
      'unknown',
      'unknown',
    ]);
    expect(r.P1).toBeUndefined();
    expect(r.P7).toBeUndefined();
  });

  it('scopes a sub-location to itself and its children only', async () => {
    const { audit, rows } = await runAudit(loc.backroom, storeReads());
    // P2, P3, P4, P7 are in scope; P1 (Store, the parent) is misplaced here.
    expect(audit).toMatchObject({
      tags_expected: 10,
      tags_found: 6,
      discrepancies_count: 8,
      expected_count: 4,
    });
    expect(bySku(rows).P1).toMatchObject({
      discrepancy_type: 'misplaced',
      notes: 'Read here, but belongs in Store',
    });
    expect(bySku(rows).P5?.notes).toBe('Read here, but belongs in Other store');
  });

  it('takes the whole catalogue without a location: nothing is misplaced', async () => {
    const { audit, rows } = await runAudit(null, storeReads());
    expect(audit).toMatchObject({
      location: null,
      tags_expected: 23,
      tags_found: 14,
      discrepancies_count: 13,
      misplaced_count: 0,
      accuracy: auditAccuracy(23, 13),
    });
    expect(rows.filter((r) => r.discrepancy_type === 'misplaced')).toEqual([]);
    expect(bySku(rows).P5).toMatchObject({
      discrepancy_type: 'shortage',
      expected_quantity: 7,
      found_quantity: 2,
    });
  });

  it('stamps last_scanned on every product read, never moving it back', async () => {
    const [p5] = await t.database.db.select().from(products).where(eq(products.sku, 'P5'));
    const lastScanned = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/inventory/${p5?.id}`,
          headers: bearer(a.member.token),
        })
      ).json().last_scanned;
    const seenAt = '2031-05-06T07:08:09.000Z';
    await runAudit(loc.other, [{ epc: epc.P5, tid: 'E2809999', seen_at: seenAt }]);
    expect(await lastScanned()).toBe(seenAt);
    // An audit whose reads are older (a reader that uploads late) leaves the newer scan.
    await runAudit(loc.other, [{ epc: epc.P5, tid: 'E2809999', seen_at: '2031-05-01T00:00:00.000Z' }]);
    expect(await lastScanned()).toBe(seenAt);
    await runAudit(loc.other, [{ epc: epc.P5, tid: 'E2809999', seen_at: '2031-06-01T00:00:00.000Z' }]);
    expect(await lastScanned()).toBe('2031-06-01T00:00:00.000Z');
  });
});

describe('accuracy edge cases', () => {
  it('is 100 with nothing expected and nothing found, 0 with nothing expected and something off', async () => {
    const empty = await addLocation(t, a.companyId, 'Empty aisle');
    expect((await runAudit(empty, [])).audit).toMatchObject({ tags_expected: 0, accuracy: 100 });
    // Only an unknown tag: counted apart, accuracy stays 100.
    expect((await runAudit(empty, [{ epc: GHOST }])).audit).toMatchObject({
      accuracy: 100,
      unknown_count: 1,
    });
  });

  it('stops at 0 when overages exceed what was expected', async () => {
    const bin = await addLocation(t, a.companyId, 'Bin');
    const { OVER } = await addProducts(t, a.companyId, [{ sku: 'OVER', quantity: 1, locationId: bin }]);
    const { audit } = await runAudit(bin, readsOf(OVER?.epc ?? '', 4));
    expect(audit).toMatchObject({ tags_expected: 1, tags_found: 4, discrepancies_count: 3, accuracy: 0 });
  });
});

describe('applying counts', () => {
  const apply = (id: number, body: object, token = a.operator.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/audits/${id}/apply-counts`,
      headers: bearer(token),
      payload: body,
    });

  it('sets chosen rows once, with a reason in the activity log', async () => {
    const { audit, rows } = await runAudit(loc.backroom, storeReads());
    const r = bySku(rows);
    // An unknown tag has no product to apply to (a misplaced line named by id is stocked where it was found:
    // stock-places-audit.test.ts).
    const unknown = rows.find((x) => x.discrepancy_type === 'unknown');
    const refused = await apply(audit.id, { reason: 'Count', discrepancy_ids: [unknown?.id] });
    expect([refused.statusCode, refused.json().message]).toEqual([400, AUDIT_MESSAGES.rowsNotApplicable]);
    expect((await apply(audit.id, {})).statusCode).toBe(400);

    const [first, second] = await Promise.all([
      apply(audit.id, { reason: 'Cycle count week 12', discrepancy_ids: [r.P2?.id, r.P3?.id] }),
      apply(audit.id, { reason: 'Cycle count week 12', discrepancy_ids: [r.P2?.id, r.P3?.id] }),
    ]);
    const results = [first, second].map((x) => x?.statusCode).sort();
    expect(results).toEqual([200, 409]);
    const ok = first?.statusCode === 200 ? first : second;
    expect(ok?.json()).toMatchObject({ applied: 2, audit: { counts_applied_by: 'Reconcile Co Operator' } });
    const quantities = await t.database.db.select({ sku: products.sku, q: products.quantity }).from(products);
    const q = Object.fromEntries(quantities.map((x) => [x.sku, x.q]));
    expect([q.P2, q.P3, q.P4]).toEqual([1, 4, 4]);

    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/stats/activity',
      headers: bearer(a.member.token),
    });
    expect(activity.json().recentActivity[0]).toMatchObject({
      performer_name: 'Reconcile Co Operator',
      performer_type: 'user',
      message: 'Reconcile Co Operator applied the counts of Walk to 2 products: Cycle count week 12',
    });
    const again = await apply(audit.id, { reason: 'Again' });
    expect([again.statusCode, again.json().message]).toEqual([409, AUDIT_MESSAGES.alreadyApplied]);
    // Restore for the other tests.
    await t.database.db.update(products).set({ quantity: 3 }).where(eq(products.sku, 'P2'));
    await t.database.db.update(products).set({ quantity: 2 }).where(eq(products.sku, 'P3'));
  });

  it('refuses an audit that is not completed, and members', async () => {
    // A reader of its own: it stays counting this one.
    const busy = await pairReader(t, a);
    const start = await asReader(t, busy.token, '/api/rfid/audits', { client_audit_id: randomUUID() });
    const id = start.json().audit_id;
    const res = await apply(id, { reason: 'x' });
    expect([res.statusCode, res.json().message]).toEqual([409, AUDIT_MESSAGES.notCompleted]);
    expect((await apply(id, { reason: 'x' }, a.member.token)).statusCode).toBe(403);
  });
});

describe('which product is this EPC: reconciliation and the Count screen agree', () => {
  it('names every read of the walk as the table does, on the count sheet of the same audit', async () => {
    expect(epc).toEqual(Object.fromEntries(RECONCILE_PRODUCTS.map((p) => [p.sku, reconcileEpc(p.sku)])));
    const start = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      location_id: loc.store,
    });
    expect(await sheetAnswers(reader.token, start.json().audit_id, RECONCILE_WALK)).toEqual(
      tableAnswers(RECONCILE_WALK),
    );
  });

  it('counts SGTIN tags for the product with their GTIN unless one carries the EPC, as matchTag does', async () => {
    const b = await createTenant(t, 'Reconcile GTIN Co');
    const bReader = await pairReader(t, b);
    const aisle = await addLocation(t, b.companyId, 'Aisle');
    await t.database.db.insert(products).values(
      GTIN_PRODUCTS.map((p) => ({
        companyId: b.companyId,
        name: `Product ${p.sku}`,
        sku: p.sku,
        rfidTag: rfidTagFromSku(p.sku),
        epc: p.epc ?? reconcileEpc(p.sku),
        isEpcExplicit: p.epc !== null,
        gtin: p.gtin,
        quantity: p.quantity,
        locationId: aisle,
      })),
    );
    const start = await asReader(t, bReader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      location_id: aisle,
    });
    const id = start.json().audit_id as number;
    expect(await sheetAnswers(bReader.token, id, GTIN_WALK)).toEqual(tableAnswers(GTIN_WALK));

    await asReader(t, bReader.token, `/api/rfid/audits/${id}/reads`, {
      batch_seq: 0,
      reads: GTIN_WALK.flatMap((c) => c.reads),
    });
    const done = await asReader(t, bReader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
    expect(done.json()).toMatchObject({ status: 'completed', tags_found: 5, unknown_count: 1 });
    const rows = (
      await t.app.inject({
        method: 'GET',
        url: `/api/audits/${id}/discrepancies`,
        headers: bearer(b.member.token),
      })
    ).json() as TDiscrepancy[];
    // Two serials and its own tag for the shirt; the sample's serial for the sample alone; one pair of socks.
    expect(Object.fromEntries(rows.map((r) => [r.product_sku ?? r.epc, r.found_quantity]))).toEqual({
      SHIRT1: 3,
      SOCKS1: 1,
      'SHIRT-SAMPLE': 1,
      [GTIN_WALK[4]?.reads[0]?.epc ?? '']: 1,
    });
  });
});
