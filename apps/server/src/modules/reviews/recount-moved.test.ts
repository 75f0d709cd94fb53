import { randomUUID } from 'node:crypto';
import type { TDiscrepancy } from '@quantics/contracts';
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
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A recount in a trading store (issue 48): what was sold or received between a count and its recount is not a
 * variance. The recount expects the stock as moved since, and applying the line leaves what the recount found.
 */

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let shelf: number;
let epcs: Record<string, string>;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

const finish = (id: number, found: Record<string, number>) => finishCount(t, reader.token, id, epcs, found);

const lineOf = async (id: number, sku: string) =>
  ((await call('GET', `/api/audits/${id}/discrepancies`, a.member.token)).json() as TDiscrepancy[]).find(
    (l) => l.product_sku === sku,
  ) as TDiscrepancy;
const quantity = async (sku: string) =>
  (await t.database.db.select({ q: products.quantity }).from(products).where(eq(products.sku, sku)))[0]?.q;
const sell = async (sku: string, units: number, reason = 'sale') => {
  const res = await call('POST', '/api/inventory/movements', a.operator.token, {
    movements: [{ sku, delta: reason === 'sale' ? -units : units, reason }],
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Recount Moves Co');
  reader = await pairReader(t, a, 'SN-RECOUNT-MOVED');
  shelf = await addLocation(t, a.companyId, 'Front shelf');
  const rows = await addProducts(t, a.companyId, [
    { sku: 'SOLD', quantity: 10, locationId: shelf },
    { sku: 'SHORT', quantity: 10, locationId: shelf },
    { sku: 'STOCKED', quantity: 10, locationId: shelf },
  ]);
  epcs = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc as string]));
});
afterAll(() => t.close());

describe('a recount after the stock moved', () => {
  it('expects the stock as moved since the count: sales and receipts in between are no variance', async () => {
    const id = (
      await asReader(t, reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        name: 'Friday count',
        location_id: shelf,
      })
    ).json().audit_id as number;
    // The count misses 4 SOLD (they were there), finds SHORT 8 short, STOCKED 3 short.
    await finish(id, { SOLD: 6, SHORT: 2, STOCKED: 7 });
    const lines = await Promise.all(['SOLD', 'SHORT', 'STOCKED'].map((sku) => lineOf(id, sku)));
    expect(lines.map((l) => [l.product_sku, l.expected_quantity, l.found_quantity])).toEqual([
      ['SOLD', 10, 6],
      ['SHORT', 10, 2],
      ['STOCKED', 10, 7],
    ]);
    const review = await call('POST', `/api/audits/${id}/review`, a.admin.token, {
      lines: lines.map((l) => ({ discrepancy_id: l.id, decision: 'recount' })),
    });
    expect(review.statusCode, review.body).toBe(200);
    // Trading goes on before the recount: 3 SOLD sold, 2 SHORT sold, 24 STOCKED received.
    await sell('SOLD', 3);
    await sell('SHORT', 2);
    await sell('STOCKED', 24, 'receipt');
    expect([await quantity('SOLD'), await quantity('SHORT'), await quantity('STOCKED')]).toEqual([7, 8, 34]);
    const started = await call('POST', `/api/audits/${id}/recount`, a.operator.token, {
      device_id: reader.deviceId,
    });
    expect(started.statusCode, started.body).toBe(201);
    // On the shelf now: SOLD 7 (all there), SHORT 5 (3 missing), STOCKED 31 (3 missing, as the count said).
    await finish(started.json().id, { SOLD: 7, SHORT: 5, STOCKED: 31 });
    expect(await lineOf(id, 'SOLD')).toMatchObject({
      found_quantity: 10,
      variance: 0,
      notes: 'Recounted: as expected',
    });
    expect(await lineOf(id, 'SHORT')).toMatchObject({
      found_quantity: 7,
      variance: -3,
      notes: 'Recounted: 3 fewer than expected',
    });
    expect(await lineOf(id, 'STOCKED')).toMatchObject({ found_quantity: 7, variance: -3 });
    const audit = (await call('GET', `/api/audits/${id}`, a.member.token)).json();
    expect(audit).toMatchObject({ tags_expected: 30, tags_found: 24, discrepancies_count: 6 });
    // Applied as deltas: each place ends as the recount found it.
    const applied = await call('POST', `/api/audits/${id}/apply-counts`, a.operator.token, {
      reason: 'Recount',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect([await quantity('SOLD'), await quantity('SHORT'), await quantity('STOCKED')]).toEqual([7, 5, 31]);
  });
});
