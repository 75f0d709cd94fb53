import type { TMovementsResponse, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CallsInFlight } from './calls-in-flight.ts';

// Calls of the movements API sharing products with calls in flight (calls-in-flight.ts): on PostgreSQL such a call
// moves its own products first and the shared ones once the others have ended, in one transaction. Whatever the
// order, every movement is applied once, each place's movements read as a ledger, and each product's total is the
// sum of its places.

let t: TestApp;
let a: Tenant;
let floor = 0;
let back = 0;
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), ...(payload ? { payload } : {}) });
const send = (movements: object[]) => op('POST', '/api/inventory/movements', { movements });

let serial = 0;
async function create(payload: object): Promise<TProduct> {
  serial += 1;
  const res = await op('POST', '/api/inventory', {
    name: `Shared ${serial}`,
    sku: `SH${1000 + serial}`,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Each place's movements in the order written: every one's quantity after is the one before plus its delta. */
async function ledgers(productIds: number[]) {
  const r = await t.database.db.execute<{
    product_id: number;
    place: number;
    deltas: number[];
    afters: number[];
  }>(
    sql`select product_id, coalesce(location_id, 0) as place, array_agg(delta order by id) as deltas,
      array_agg(quantity_after order by id) as afters
    from stock_movements where company_id = ${a.companyId} and product_id = any(${`{${productIds.join(',')}}`}::int[])
    group by product_id, coalesce(location_id, 0)`,
  );
  return r.rows.map((row) => ({ ...row, deltas: row.deltas.map(Number), afters: row.afters.map(Number) }));
}

/** Each product's total and places as its row keeps them, beside its stock rows. */
async function totals(productIds: number[]) {
  const r = await t.database.db.execute<{ id: number; quantity: number; places: number; rows: number }>(
    sql`select p.id, p.quantity, (select sum(x) from unnest(p.stock_quantities) x)::int as places,
      (select sum(s.quantity) from stock s where s.company_id = p.company_id and s.product_id = p.id)::int as rows
    from products p where p.company_id = ${a.companyId} and p.id = any(${`{${productIds.join(',')}}`}::int[])`,
  );
  return r.rows;
}

/**
 * Resolves once `idle` connections of this test's database are idle inside a transaction (calls waiting for others)
 * and, with `locked`, a statement waits on a lock.
 */
async function waitingCalls(idle: number, { locked = false } = {}) {
  for (;;) {
    const r = await t.database.db.execute<{ locked: number; idle: number }>(
      sql`select count(*) filter (where wait_event_type = 'Lock')::int as locked,
        count(*) filter (where state = 'idle in transaction')::int as idle
      from pg_stat_activity where datname = current_database()`,
    );
    if ((!locked || Number(r.rows[0]?.locked) > 0) && Number(r.rows[0]?.idle) >= idle) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Calls in flight');
  const store = await op('POST', '/api/locations', { name: 'Main Street', parent_location_id: null });
  const floorRes = await op('POST', '/api/locations', { name: 'Floor', parent_location_id: store.json().id });
  const backRes = await op('POST', '/api/locations', { name: 'Back', parent_location_id: store.json().id });
  floor = floorRes.json().id;
  back = backRes.json().id;
}, 180_000);
afterAll(() => t.close());

describe('a call sharing products with a call in flight', () => {
  it('applies its own products and the shared ones, answered in the order sent, once the other call ends', async () => {
    const own = await create({ quantity: 30, location_id: floor });
    const shared = await create({ quantity: 50, location_id: floor });
    // The shared product also in the back room: its total is two places, written after the other call ends.
    const moved = await op('POST', '/api/inventory/movements', {
      movements: [{ product_id: shared.id, location_id: back, delta: 10, reason: 'receipt' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const release = t.app.movementCalls.hold(a.companyId, [shared.id]);
    let ended = false;
    const call = send([
      { sku: own.sku, delta: -2, reason: 'sale', client_id: 'inflight-1' },
      { sku: shared.sku, location_id: floor, delta: -5, reason: 'sale', client_id: 'inflight-2' },
      { sku: own.sku, delta: -1, reason: 'sale', client_id: 'inflight-3' },
      { sku: shared.sku, location_id: back, delta: 4, reason: 'return', client_id: 'inflight-4' },
    ]).finally(() => {
      ended = true;
    });
    if (isPostgres) {
      // Its own products moved, it waits (a transaction open) for the call holding the shared one.
      await waitingCalls(1);
      expect(ended).toBe(false);
    }
    release();
    const res = await call;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TMovementsResponse;
    expect(body.applied).toBe(4);
    expect(
      body.movements.map((m) => [m.index, m.product_id, m.location_id, m.delta, m.quantity_after]),
    ).toEqual([
      [0, own.id, floor, -2, 28],
      [1, shared.id, floor, -5, 45],
      [2, own.id, floor, -1, 27],
      [3, shared.id, back, 4, 14],
    ]);
    expect(body.quantities.map((q) => [q.product_id, q.location_id, q.quantity, q.total])).toEqual([
      [own.id, floor, 27, 27],
      [shared.id, floor, 45, 59],
      [shared.id, back, 14, 59],
    ]);
    expect(await totals([own.id, shared.id])).toEqual(
      expect.arrayContaining([
        { id: own.id, quantity: 27, places: 27, rows: 27 },
        { id: shared.id, quantity: 59, places: 59, rows: 59 },
      ]),
    );
    // The products list reads the totals the call wrote.
    const list = await op('GET', `/api/inventory/${own.id}`);
    expect(list.json().quantity).toBe(27);
  });

  it('undoes all of it when a shared movement fails, and runs again for a client_id recorded meanwhile', async () => {
    const own = await create({ quantity: 10, location_id: floor });
    const shared = await create({ quantity: 10, location_id: floor });
    const first = await send([{ sku: shared.sku, delta: -1, reason: 'sale', client_id: 'inflight-dup' }]);
    expect(first.statusCode, first.body).toBe(200);
    const release = t.app.movementCalls.hold(a.companyId, [shared.id]);
    const call = send([
      { sku: own.sku, delta: -3, reason: 'sale', client_id: 'inflight-own' },
      { sku: shared.sku, delta: -1, reason: 'sale', client_id: 'inflight-dup' },
    ]);
    if (isPostgres) await waitingCalls(1);
    release();
    const res = await call;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TMovementsResponse;
    expect(body).toMatchObject({ applied: 1, duplicates: 1 });
    expect(body.movements.map((m) => [m.duplicate, m.quantity_after])).toEqual([
      [false, 7],
      [true, 9],
    ]);
    // The own product moved once: the first try, undone whole, left nothing behind.
    expect((await ledgers([own.id]))[0]?.deltas).toEqual([10, -3]);
    expect(await totals([own.id, shared.id])).toEqual(
      expect.arrayContaining([
        { id: own.id, quantity: 7, places: 7, rows: 7 },
        { id: shared.id, quantity: 9, places: 9, rows: 9 },
      ]),
    );
  });

  it('keeps every place a ledger and every total the sum of its places with calls racing over shared products', async () => {
    const products = await Promise.all(
      Array.from({ length: 6 }, () => create({ quantity: 100, location_id: floor })),
    );
    const tills = await Promise.all(
      Array.from({ length: 4 }, () => create({ quantity: 100, location_id: floor })),
    );
    // Four calls at once, three rounds: each moves every shared product (and so shares them with the others), and a
    // product of its own, first and last.
    for (let round = 0; round < 3; round++) {
      const calls = tills.map((own, c) =>
        send([
          { product_id: own.id, location_id: floor, delta: -2, reason: 'sale' },
          ...products.flatMap((p, i) => [
            { product_id: p.id, location_id: floor, delta: -1 - ((c + i) % 3), reason: 'sale' },
            { product_id: p.id, location_id: back, delta: 1 + c, reason: 'receipt' },
          ]),
          { product_id: own.id, location_id: back, delta: 5, reason: 'receipt' },
        ]),
      );
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(200);
    }
    const ids = [...products, ...tills].map((p) => p.id);
    for (const ledger of await ledgers(ids)) {
      let quantity = 0;
      ledger.deltas.forEach((delta, i) => {
        quantity += delta;
        expect(ledger.afters[i], `product ${ledger.product_id} place ${ledger.place} movement ${i}`).toBe(
          quantity,
        );
      });
    }
    for (const row of await totals(ids)) expect(row).toMatchObject({ quantity: row.rows, places: row.rows });
    // Each till's own product: 100, less 3 sales of 2, plus 3 receipts of 5.
    for (const row of await totals(tills.map((p) => p.id))) expect(row.rows).toBe(109);
    // Each shared product: 100, less 3 rounds of every call's sale, plus 3 rounds of receipts of 1+2+3+4.
    const sold = (i: number) => [0, 1, 2, 3].reduce((n, c) => n + 1 + ((c + i) % 3), 0);
    const shared = await totals(products.map((p) => p.id));
    expect(shared.map((r) => r.rows).sort()).toEqual(
      products.map((_, i) => 100 - 3 * sold(i) + 3 * 10).sort(),
    );
  });
});

describe('a wait PostgreSQL cannot see', () => {
  const actor = { type: 'user' as const, id: null, name: 'Till' };
  const sale = (product: TProduct) => ({
    productId: product.id,
    locationId: floor,
    delta: -1,
    reason: 'sale' as const,
    at: null,
    reference: null,
    clientId: null,
  });

  it.runIf(isPostgres)(
    'a call waiting for a call that waits on another writer, which waits on the first call, gives up its wait and runs as one statement',
    async () => {
      const [r, s, o] = await Promise.all([1, 2, 3].map(() => create({ quantity: 10, location_id: floor })));
      if (!r || !s || !o) throw new Error('products not made');
      const calls = new CallsInFlight(t.database.db, 300);
      const pool = (t.database.db as unknown as { $client: import('pg').Pool }).$client;
      const other = await pool.connect();
      try {
        // Another writer (a count applied, say) holds the stock row of R.
        await other.query('begin');
        await other.query('update stock set quantity = quantity where company_id = $1 and product_id = $2', [
          a.companyId,
          r.id,
        ]);
        // A call moving R and S waits on it; a call moving O and S moves O, then waits for the first call in node.
        const first = calls.apply(a.companyId, actor, [sale(r), sale(s)]);
        await waitingCalls(1, { locked: true });
        const second = calls.apply(a.companyId, actor, [sale(o), sale(s)]);
        await waitingCalls(2, { locked: true });
        // The other writer now needs O, which the second call holds: a cycle PostgreSQL sees only two-thirds of.
        await other.query('update stock set quantity = quantity where company_id = $1 and product_id = $2', [
          a.companyId,
          o.id,
        ]);
        await other.query('commit');
        const [one, two] = await Promise.all([first, second]);
        // R and O moved once each; S twice, in either order (the second call gave up its turn).
        expect(one.map((m) => [m.product_id, m.quantity_after])[0]).toEqual([r.id, 9]);
        expect(two.map((m) => [m.product_id, m.quantity_after])[0]).toEqual([o.id, 9]);
        expect([one[1]?.quantity_after, two[1]?.quantity_after].sort()).toEqual([8, 9]);
      } finally {
        other.release();
      }
      expect(await totals([r.id, s.id, o.id])).toEqual(
        expect.arrayContaining([
          { id: r.id, quantity: 9, places: 9, rows: 9 },
          { id: s.id, quantity: 8, places: 8, rows: 8 },
          { id: o.id, quantity: 9, places: 9, rows: 9 },
        ]),
      );
    },
  );
});
