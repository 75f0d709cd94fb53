import { randomUUID } from 'node:crypto';
import type { TDiscrepancy, TProduct } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer } from './factories.ts';
import { asReader, type PairedReader, pairReader } from './readers.ts';
import { addPlace, addStockedProduct } from './stock-places.ts';
import { createTenant, type Tenant } from './tenants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A count in progress: its audit, whose it is, the reader counting, the batches sent so far. */
export type TradingCount = { id: number; tenant: Tenant; reader: PairedReader; batches: number };

/**
 * A store that trades while it counts (issue 48), for the tests of counts against movements: counts driven through
 * the reader protocol, and movements made as every stock writer makes them (the reason and, when it happened
 * earlier, `at` in the transaction's movement context, then the stock row changed).
 */
export function tradingStore(app: () => TestApp) {
  const db = () => app().database.db;
  const timeOf = async (query: SQL) => {
    const rows = await db().execute<{ at: string | Date }>(query);
    return new Date(rows.rows[0]?.at as string);
  };
  return {
    /** A product with `quantity` units in a place of its own, and the place. */
    async shelf(tenant: Tenant, sku: string, quantity: number, extra: object = {}) {
      const place = await addPlace(app(), tenant, `Shelf ${sku}`);
      const product = await addStockedProduct(app(), tenant, { name: `Product ${sku}`, sku, ...extra }, [
        { location_id: place, quantity },
      ]);
      return { place, product };
    },

    async start(tenant: Tenant, reader: PairedReader, locationId: number | null): Promise<TradingCount> {
      const res = await asReader(app(), reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        location_id: locationId,
        name: 'Trading count',
      });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().audit_id as number, tenant, reader, batches: 0 };
    },

    /** Sends a batch of reads, each saying when it was seen when `seenAt` is given. */
    async send(c: TradingCount, reads: object[], seenAt?: Date) {
      const res = await asReader(app(), c.reader.token, `/api/rfid/audits/${c.id}/reads`, {
        batch_seq: c.batches,
        reads: reads.map((r) => (seenAt ? { ...r, seen_at: seenAt.toISOString() } : r)),
      });
      expect(res.statusCode, res.body).toBe(200);
      c.batches += 1;
    },

    /** Completes the count; answers the audit and its line of a product. */
    async complete(c: TradingCount) {
      const done = await asReader(app(), c.reader.token, `/api/rfid/audits/${c.id}/complete`, {
        batch_count: c.batches,
      });
      expect(done.statusCode, done.body).toBe(200);
      const res = await app().app.inject({
        method: 'GET',
        url: `/api/audits/${c.id}/discrepancies`,
        headers: bearer(c.tenant.operator.token),
      });
      const lines = res.json() as TDiscrepancy[];
      return { audit: done.json(), line: (p: TProduct) => lines.find((l) => l.product_id === p.id) };
    },

    /** `delta` units of the product at a place, for `reason`, dated `at` (now when not given). */
    async move(tenant: Tenant, p: TProduct, place: number | null, delta: number, reason = 'sale', at?: Date) {
      await db().transaction(async (tx) => {
        const ctx = JSON.stringify({ reason, ...(at && { at: at.toISOString() }) });
        await tx.execute(sql`select set_config('quantics.movement', ${ctx}, true)`);
        await tx.execute(sql`update stock set quantity = quantity + ${delta}::int
          where company_id = ${tenant.companyId} and product_id = ${p.id}
            and location_id is not distinct from ${place}::int`);
      });
    },

    /** The product's stock row at a place. */
    async stockAt(tenant: Tenant, p: TProduct, place: number | null) {
      const rows = await db().execute<{ quantity: number }>(sql`select quantity from stock
        where company_id = ${tenant.companyId} and product_id = ${p.id}
          and location_id is not distinct from ${place}::int`);
      return Number(rows.rows[0]?.quantity);
    },

    apply: (c: TradingCount) =>
      app().app.inject({
        method: 'POST',
        url: `/api/audits/${c.id}/apply-counts`,
        headers: bearer(c.tenant.operator.token),
        payload: { reason: 'Cycle count' },
      }),

    /** When the count started (its audit's creation). */
    startOf: (c: TradingCount) => timeOf(sql`select created_at as at from audits where id = ${c.id}`),
    /** When a batch of the count arrived. */
    arrivalOf: (c: TradingCount, seq: number) =>
      timeOf(
        sql`select received_at as at from audit_batches where audit_id = ${c.id} and batch_seq = ${seq}`,
      ),
  };
}

export type TradingStore = ReturnType<typeof tradingStore>;

/**
 * A test file's trading store: its app, a company with a paired reader, and the helpers, filled in before the file's
 * tests run (beforeAll) and closed after them.
 */
export function setUpTradingStore(companyName: string) {
  const ctx = {} as { t: TestApp; a: Tenant; reader: PairedReader };
  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.a = await createTenant(ctx.t, companyName);
    ctx.reader = await pairReader(ctx.t, ctx.a);
    // An embedded database and its migrations take minutes on a loaded machine.
  }, 180_000);
  afterAll(() => ctx.t?.close());
  return Object.assign(
    ctx,
    tradingStore(() => ctx.t),
  );
}
