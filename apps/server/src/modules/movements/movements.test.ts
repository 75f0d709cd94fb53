import type { TMovementHistory, TMovementsResponse, TProduct } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The movements API: sales, returns and receipts from a till, all or none, once per client_id, and every writer of
// stock leaving a movement behind.

let t: TestApp;
let a: Tenant;
let b: Tenant;
const places = { store: 0, floor: 0, back: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: Method, url: string, payload?: object) => call(a.operator.token, method, url, payload);
const send = (movements: unknown[], token = a.operator.token) =>
  call(token, 'POST', '/api/inventory/movements', { movements });
const sent = async (movements: object[]) => {
  const res = await send(movements);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMovementsResponse;
};
const history = async (id: number, query = '') => {
  const res = await op('GET', `/api/inventory/${id}/movements${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMovementHistory;
};
const get = async (id: number) => (await op('GET', `/api/inventory/${id}`)).json() as TProduct;

let serial = 0;
async function create(payload: object): Promise<TProduct> {
  serial += 1;
  const res = await op('POST', '/api/inventory', {
    name: `Item ${serial}`,
    sku: `MV${1000 + serial}`,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const location = async (name: string, parent?: number) => {
  const res = await op('POST', '/api/locations', { name, parent_location_id: parent ?? null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

const movementCount = async (companyId: number) => {
  const r = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from stock_movements where company_id = ${companyId}`,
  );
  return Number(r.rows[0]?.n);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Movements A');
  b = await createTenant(t, 'Movements B');
  places.store = await location('Harbor Store');
  places.floor = await location('Sales floor', places.store);
  places.back = await location('Back room', places.store);
  // An embedded database and its migrations take minutes on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe('sending movements', () => {
  it('applies a sale by SKU to the product in one place and answers the movement and the new quantities', async () => {
    const p = await create({ quantity: 10, location_id: places.floor });
    const r = await sent([{ sku: p.sku, delta: -3, reason: 'sale', reference: 'receipt 10442' }]);
    expect(r.applied).toBe(1);
    expect(r.duplicates).toBe(0);
    expect(r.movements[0]).toMatchObject({
      index: 0,
      duplicate: false,
      product_id: p.id,
      location_id: places.floor,
      delta: -3,
      reason: 'sale',
      quantity_after: 7,
    });
    expect(r.quantities).toEqual([
      { product_id: p.id, sku: p.sku, location_id: places.floor, quantity: 7, total: 7 },
    ]);
    expect((await get(p.id)).quantity).toBe(7);
    const h = await history(p.id);
    expect(h.data[0]).toMatchObject({
      delta: -3,
      reason: 'sale',
      reference: 'receipt 10442',
      by_type: 'user',
    });
    expect(h.data[0]?.by).toBe('Movements A Operator');
  });

  it('names the product by id or by any code it carries, and gives each movement its quantity after in order', async () => {
    const p = await create({ quantity: 5, location_id: places.floor, gtin: '00012345678905' });
    const r = await sent([
      { product_id: p.id, delta: -1, reason: 'sale' },
      { code: '012345678905', delta: -2, reason: 'sale' },
      { code: p.epc, delta: 1, reason: 'return' },
    ]);
    expect(r.movements.map((m) => [m.product_id, m.quantity_after])).toEqual([
      [p.id, 4],
      [p.id, 2],
      [p.id, 3],
    ]);
    expect((await get(p.id)).quantity).toBe(3);
  });

  it('needs the place of a product kept in several places, and applies to the place named', async () => {
    const p = await create({
      stock: [
        { location_id: places.floor, quantity: 4 },
        { location_id: places.back, quantity: 6 },
      ],
    });
    const refused = await send([{ sku: p.sku, delta: -1, reason: 'sale' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'movements[0].location_id: this product is stocked in several places: name the place with location_id',
    );
    const r = await sent([{ sku: p.sku, location_id: places.back, delta: -2, reason: 'sale' }]);
    expect(r.quantities[0]).toMatchObject({ location_id: places.back, quantity: 4, total: 8 });
    expect((await get(p.id)).stock.map((s) => s.quantity).sort()).toEqual([4, 4]);
  });

  it('receives into a new place, creating its stock row', async () => {
    const p = await create({ quantity: 2, location_id: places.floor });
    const r = await sent([{ sku: p.sku, location_id: places.back, delta: 12, reason: 'receipt' }]);
    expect(r.quantities[0]).toMatchObject({ location_id: places.back, quantity: 12, total: 14 });
    expect((await get(p.id)).stock).toHaveLength(2);
  });

  it('applies all of a call or none: a bad movement is a 400 naming it, and nothing changes', async () => {
    const p = await create({ quantity: 9, location_id: places.floor });
    const before = await movementCount(a.companyId);
    const cases: [unknown, string][] = [
      [{ sku: 'NOPE1', delta: -1, reason: 'sale' }, 'movements[1].sku: no product of this company has it'],
      [{ sku: p.sku, delta: 0, reason: 'sale' }, 'movements[1].delta: must be a whole number other than 0'],
      [{ sku: p.sku, delta: 1.5, reason: 'sale' }, 'movements[1].delta: must be a whole number other than 0'],
      [
        { sku: p.sku, delta: -1, reason: 'count' },
        'movements[1].reason: must be one of sale, return, receipt, transfer_in, transfer_out, adjustment',
      ],
      [{ delta: -1, reason: 'sale' }, 'movements[1]: name the product with product_id, sku or code'],
      [
        { sku: p.sku, product_id: p.id, delta: -1, reason: 'sale' },
        'movements[1]: name the product once: product_id, sku or code',
      ],
      [
        { sku: p.sku, delta: -1, reason: 'sale', at: new Date(Date.now() + 3_600_000).toISOString() },
        'movements[1].at: cannot be more than 5 minutes ahead',
      ],
      [
        { sku: p.sku, delta: -1, reason: 'sale', at: 'yesterday' },
        'movements[1].at: must be a date and time (ISO 8601, e.g. 2026-11-29T14:03:00Z)',
      ],
      [
        { sku: p.sku, delta: -1, reason: 'sale', location_id: 999999 },
        'movements[1].location_id: is not one of your locations',
      ],
      [{ sku: p.sku, delta: -1, reason: 'sale', colour: 'red' }, 'movements[1]: unknown field colour'],
      ['sale', 'movements[1]: must be an object with delta, reason and one of product_id, sku or code'],
    ];
    for (const [bad, message] of cases) {
      const res = await send([{ sku: p.sku, delta: -1, reason: 'sale' }, bad]);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const b2 = await send([
      { sku: p.sku, delta: -1, reason: 'sale', client_id: 'x' },
      { sku: p.sku, delta: -1, reason: 'sale', client_id: 'x' },
    ]);
    expect(b2.json().message).toBe('movements[1].client_id: is sent twice in this call');
    for (const body of [
      {},
      { movements: [] },
      { movements: 'x' },
      { movements: Array(5001).fill({ sku: p.sku, delta: -1, reason: 'sale' }) },
    ]) {
      const res = await op('POST', '/api/inventory/movements', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await get(p.id)).quantity).toBe(9);
    expect(await movementCount(a.companyId)).toBe(before);
  });

  it('applies a client_id once: sent again (even twice at once) it answers the movement first recorded', async () => {
    const p = await create({ quantity: 20, location_id: places.floor });
    const batch = [
      { sku: p.sku, delta: -2, reason: 'sale', client_id: 'till-1-501' },
      { sku: p.sku, delta: -1, reason: 'sale', client_id: 'till-1-502' },
    ];
    const [one, two] = await Promise.all([send(batch), send(batch)]);
    expect(one?.statusCode, one?.body).toBe(200);
    expect(two?.statusCode, two?.body).toBe(200);
    const answers = [one?.json(), two?.json()] as TMovementsResponse[];
    expect(answers.map((x) => x.applied).sort()).toEqual([0, 2]);
    expect(answers.map((x) => x.duplicates).sort()).toEqual([0, 2]);
    expect(answers[0]?.movements.map((m) => m.id)).toEqual(answers[1]?.movements.map((m) => m.id));
    const again = await sent([...batch, { sku: p.sku, delta: -4, reason: 'sale', client_id: 'till-1-503' }]);
    expect(again).toMatchObject({ applied: 1, duplicates: 2 });
    expect(again.movements.map((m) => m.duplicate)).toEqual([true, true, false]);
    expect((await get(p.id)).quantity).toBe(13);
  });

  it("answers each place moved with its product's total, in order of SKU, a duplicate's place read as it is now", async () => {
    const two = await create({
      sku: 'MVQ2',
      stock: [
        { location_id: places.floor, quantity: 4 },
        { location_id: places.back, quantity: 6 },
      ],
    });
    const one = await create({ sku: 'MVQ1', quantity: 9, location_id: places.floor });
    const first = await sent([
      { sku: two.sku, location_id: places.back, delta: -1, reason: 'sale', client_id: 'q-1' },
      { sku: one.sku, delta: -2, reason: 'sale' },
      { sku: two.sku, location_id: places.floor, delta: 3, reason: 'return' },
      { sku: two.sku, location_id: places.back, delta: -1, reason: 'sale' },
    ]);
    const place = (q: TMovementsResponse['quantities'][number]) => [
      q.sku,
      q.location_id,
      q.quantity,
      q.total,
    ];
    expect(first.quantities.map(place)).toEqual([
      ['MVQ1', places.floor, 7, 7],
      ['MVQ2', Math.min(places.floor, places.back), places.floor < places.back ? 7 : 4, 11],
      ['MVQ2', Math.max(places.floor, places.back), places.floor < places.back ? 4 : 7, 11],
    ]);
    // Units moved at the floor since: the duplicate's place (the back room) is answered as it is now, with the total.
    await sent([{ sku: two.sku, location_id: places.floor, delta: -5, reason: 'sale' }]);
    const again = await sent([
      { sku: two.sku, location_id: places.back, delta: -1, reason: 'sale', client_id: 'q-1' },
      { sku: one.sku, delta: 1, reason: 'return' },
    ]);
    expect(again).toMatchObject({ applied: 1, duplicates: 1 });
    expect(again.quantities.map(place)).toEqual([
      ['MVQ1', places.floor, 8, 8],
      ['MVQ2', places.back, 4, 6],
    ]);
    expect((await get(two.id)).quantity).toBe(6);
  });

  it('keeps a sale dated in the past at its own time in the history, newest first, a page at a time', async () => {
    const p = await create({ quantity: 10, location_id: places.floor });
    await sent([
      { sku: p.sku, delta: -1, reason: 'sale', at: '2026-11-01T10:00:00Z' },
      { sku: p.sku, delta: -1, reason: 'sale', at: '2026-11-03T10:00:00Z' },
      { sku: p.sku, delta: 5, reason: 'receipt', at: '2026-11-02T10:00:00Z' },
    ]);
    const first = await history(p.id, '?limit=2');
    // Its creation (now) is the newest; the till's sales keep the days they happened.
    expect(first.data.map((m) => m.reason)).toEqual(['edit', 'sale']);
    expect(first.next_cursor).not.toBeNull();
    const rest = await history(p.id, `?limit=2&cursor=${first.next_cursor}`);
    expect(rest.data.map((m) => [m.reason, m.at.slice(0, 10)])).toEqual([
      ['receipt', '2026-11-02'],
      ['sale', '2026-11-01'],
    ]);
    expect(first.data[1]?.at.slice(0, 10)).toBe('2026-11-03');
    expect(rest.next_cursor).toBeNull();
    const november = await history(p.id, '?from=2026-11-02T00:00:00Z&to=2026-11-04T00:00:00Z');
    expect(november.data).toHaveLength(2);
    for (const bad of [
      '?cursor=zzz',
      '?limit=0',
      '?from=2026-11-05T00:00:00Z&to=2026-11-01T00:00:00Z',
      '?location_id=x',
    ]) {
      const res = await op('GET', `/api/inventory/${p.id}/movements${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await op('GET', '/api/inventory/999999/movements')).statusCode).toBe(404);
  });
});

describe('every writer of stock leaves a movement', () => {
  it('the dialog is an edit, by the person; moving units between places is two movements', async () => {
    const p = await create({ quantity: 6, location_id: places.floor });
    const res = await op('PUT', `/api/inventory/${p.id}`, {
      name: p.name,
      sku: p.sku,
      stock: [
        { location_id: places.floor, quantity: 2 },
        { location_id: places.back, quantity: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const h = await history(p.id);
    expect(h.data.map((m) => [m.reason, m.location_id, m.delta, m.quantity_after]).sort()).toEqual(
      [
        ['edit', places.floor, 6, 6],
        ['edit', places.floor, -4, 2],
        ['edit', places.back, 4, 4],
      ].sort(),
    );
    expect(h.data.every((m) => m.by === 'Movements A Operator')).toBe(true);
  });

  it('a deleted location moves its stock to no location as a transfer out and in', async () => {
    const shelf = await location('Shelf 9', places.back);
    const p = await create({ quantity: 3, location_id: shelf });
    expect((await op('DELETE', `/api/locations/${shelf}`)).statusCode).toBe(200);
    const h = await history(p.id);
    expect(
      h.data
        .slice(0, 2)
        .map((m) => [m.reason, m.location_id, m.delta])
        .sort(),
    ).toEqual(
      [
        ['transfer_in', null, 3],
        ['transfer_out', shelf, -3],
      ].sort(),
    );
  });

  it('SQL by hand is an edit by the system, also right after a call on the same connection', async () => {
    const p = await create({ quantity: 1, location_id: places.floor });
    // The call's statement says for its own transaction that it writes its movements: nothing after it may inherit
    // that (PGlite has one connection; on PostgreSQL the pool hands the same one back first).
    await sent([{ sku: p.sku, delta: 2, reason: 'receipt' }]);
    await t.database.db.execute(
      sql`update products set quantity = 6 where company_id = ${a.companyId} and id = ${p.id}`,
    );
    const h = await history(p.id);
    expect(h.data.map((m) => m.reason)).toEqual(['edit', 'receipt', 'edit']);
    expect(h.data[0]).toMatchObject({
      reason: 'edit',
      by: 'System',
      by_type: 'system',
      delta: 3,
      quantity_after: 6,
    });
  });
});

describe('roles and companies', () => {
  it('members read history but cannot send; another company can neither send to nor read a product', async () => {
    const p = await create({ quantity: 5, location_id: places.floor });
    expect((await send([{ sku: p.sku, delta: -1, reason: 'sale' }], a.member.token)).statusCode).toBe(403);
    expect((await call(a.member.token, 'GET', `/api/inventory/${p.id}/movements`)).statusCode).toBe(200);
    const other = await send([{ product_id: p.id, delta: -1, reason: 'sale' }], b.operator.token);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('movements[0].product_id: no product of this company has it');
    expect((await send([{ sku: p.sku, delta: -1, reason: 'sale' }], b.operator.token)).statusCode).toBe(400);
    expect((await call(b.operator.token, 'GET', `/api/inventory/${p.id}/movements`)).statusCode).toBe(404);
    expect((await get(p.id)).quantity).toBe(5);
  });

  it("a company deleted takes its movements with it, and leaves another company's alone", async () => {
    const gone = await createTenant(t, 'Movements gone');
    const made = await call(gone.operator.token, 'POST', '/api/inventory', {
      name: 'Short-lived',
      sku: 'GONE1',
      quantity: 4,
    });
    expect(made.statusCode, made.body).toBe(201);
    const sale = await send([{ sku: 'GONE1', delta: -1, reason: 'sale' }], gone.operator.token);
    expect(sale.statusCode, sale.body).toBe(200);
    const kept = await movementCount(a.companyId);
    expect(await movementCount(gone.companyId)).toBe(2);
    await t.database.db.execute(sql`delete from companies where id = ${gone.companyId}`);
    expect(await movementCount(gone.companyId)).toBe(0);
    expect(await movementCount(a.companyId)).toBe(kept);
  });
});
