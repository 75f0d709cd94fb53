import type { TDiscrepancy, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { pairReader, readsOf } from '../../test/readers.ts';
import { createTenant } from '../../test/tenants.ts';
import { setUpTradingStore } from '../../test/trading-store.ts';

// The two stories (issue 48): a count in a store that sells while it counts is set against what each product
// held when it was read, and applying it is a delta, so what was sold after the count stays sold. The shrink report
// and the discrepancy CSV carry the same variance.

const shop = setUpTradingStore('Trading Store Co');

const tags = (p: TProduct, units: number) => readsOf(p.epc, units);

describe('the issue’s two stories, counting a place', () => {
  it('10 units, 8 read, then 3 sold: a loss of 2, not an overage of 1; 1 more sold before apply leaves 4', async () => {
    const { place, product } = await shop.shelf(shop.a, 'STORY1', 10);
    const c = await shop.start(shop.a, shop.reader, place);
    await shop.send(c, tags(product, 8));
    await shop.move(shop.a, product, place, -3);
    const { audit, line } = await shop.complete(c);
    expect(line(product)).toMatchObject({
      expected_quantity: 10,
      found_quantity: 8,
      variance: -2,
      discrepancy_type: 'shortage',
      expected_at_start: 10,
      moved_during: -3,
      notes: '2 fewer than expected; 3 sold during the count',
    });
    expect(audit).toMatchObject({ tags_expected: 10, tags_found: 8, discrepancies_count: 2, accuracy: 80 });
    // One more sold after the count, before it is applied: the shelf holds 8 − 3 − 1 = 4.
    await shop.move(shop.a, product, place, -1);
    expect(await shop.stockAt(shop.a, product, place)).toBe(6);
    const res = await shop.apply(c);
    expect(res.statusCode, res.body).toBe(200);
    expect(await shop.stockAt(shop.a, product, place)).toBe(4);
    const [count] = (
      await shop.t.database.db.execute<{
        delta: number;
        reason: string;
        audit_id: number;
      }>(sql`select delta, reason,
        audit_id from stock_movements where company_id = ${shop.a.companyId} and product_id = ${product.id}
        order by id desc limit 1`)
    ).rows;
    expect(count).toEqual({ delta: -2, reason: 'count', audit_id: c.id });
  });
});

describe('the issue’s two stories, counting the whole catalogue, approved before it is applied', () => {
  it('is a loss of 2, its line approved, and apply leaves 4 (not 8) after one more sale', async () => {
    const b = await createTenant(shop.t, 'Whole Catalogue Store');
    const bReader = await pairReader(shop.t, b);
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
      shop.t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
    const policy = await call('PUT', `/api/companies/${b.companyId}/count-policy`, b.admin.token, {
      approval_units: 1,
      approval_value: null,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const { place, product } = await shop.shelf(b, 'STORY2', 10);
    const c = await shop.start(b, bReader, null);
    await shop.send(c, tags(product, 8));
    await shop.move(b, product, place, -3);
    const { line } = await shop.complete(c);
    const row = line(product) as TDiscrepancy;
    expect(row).toMatchObject({
      expected_quantity: 10,
      found_quantity: 8,
      variance: -2,
      expected_at_start: 10,
      moved_during: -3,
      needs_approval: true,
      notes: '2 fewer than expected; 3 sold during the count',
    });
    const review = await call('POST', `/api/audits/${c.id}/review`, b.admin.token, {
      lines: [{ discrepancy_id: row.id, decision: 'approve', reason_code: 'THEFT' }],
    });
    expect(review.statusCode, review.body).toBe(200);
    await shop.move(b, product, place, -1);
    const res = await shop.apply(c);
    expect(res.statusCode, res.body).toBe(200);
    expect(await shop.stockAt(b, product, place)).toBe(4);
    // The shrink report takes the same variance: 2 lost, not 1 found.
    const shrink = await call('GET', '/api/reports/shrink?group_by=reason', b.admin.token);
    expect(shrink.statusCode, shrink.body).toBe(200);
    expect(shrink.json().totals).toMatchObject({ units_lost: 2, units_found: 0 });
    // The discrepancy CSV ends with what the place held at the start and what moved during the count.
    const day = new Date().toISOString().slice(0, 10);
    const csv = await call('GET', `/api/reports/discrepancies.csv?start=${day}&end=${day}`, b.admin.token);
    const rows = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(rows[0]).toMatch(/,Code Type,Expected at start,Moved during count$/);
    expect(rows.find((r) => r.includes('STORY2'))).toMatch(/,10,8,-2,shortage,.*,10,-3$/);
  });
});
