import { randomUUID } from 'node:crypto';
import type { TLocation } from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, countPlans } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;

const op = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), ...(payload ? { payload } : {}) });
const all = async () => (await op('GET', '/api/locations')).json() as TLocation[];

async function add(name: string, parent?: TLocation, description?: string): Promise<TLocation> {
  const res = await op('POST', '/api/locations', { name, parent_location_id: parent?.id ?? '', description });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Tree Co');
});
afterAll(() => t.close());

describe('locations', () => {
  it('builds a tree listed flat with parents, children, product counts and paths', async () => {
    const store = await add('Main Store', undefined, 'Street front');
    const back = await add('Backroom', store);
    await add('Shelf 1', back);
    await add('Annex');
    await op('POST', '/api/inventory', { name: 'Jar', sku: 'JAR1', location_id: back.id });
    const list = await all();
    expect(list.map((l) => l.path)).toEqual([
      'Annex',
      'Main Store',
      'Main Store > Backroom',
      'Main Store > Backroom > Shelf 1',
    ]);
    expect(list.find((l) => l.name === 'Backroom')).toMatchObject({
      parent_location_id: store.id,
      parent_name: 'Main Store',
      children_count: 1,
      product_count: 1,
    });
    expect(list.find((l) => l.name === 'Main Store')).toMatchObject({
      description: 'Street front',
      parent_name: null,
      children_count: 1,
    });
    expect((await op('GET', `/api/locations/${back.id}`)).json().path).toBe('Main Store > Backroom');
  });

  it('counts at a location the products with stock there, not the ones whose home it only is', async () => {
    const floor = await add('Floor 9');
    const back = await add('Back room 9');
    const tent = await op('POST', '/api/inventory', {
      name: 'Tent',
      sku: 'TENT9',
      location_id: floor.id,
      stock: [
        { location_id: floor.id, quantity: 3 },
        { location_id: back.id, quantity: 5 },
      ],
    });
    expect(tent.statusCode, tent.body).toBe(201);
    // Its home is Floor 9; a second product is kept only in the back room, though it calls Floor 9 home.
    await op('POST', '/api/inventory', {
      name: 'Peg',
      sku: 'PEG9',
      location_id: floor.id,
      stock: [{ location_id: back.id, quantity: 2 }],
    });
    const counts = (await all()).filter((l) => l.name.endsWith(' 9')).map((l) => [l.name, l.product_count]);
    expect(counts).toEqual([
      ['Back room 9', 2],
      ['Floor 9', 1],
    ]);
  });

  it('requires a name, and refuses a sibling with the same name in any case', async () => {
    const res = await op('POST', '/api/locations', { name: '  ' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Location name is required']);
    const dup = await op('POST', '/api/locations', { name: 'annex' });
    expect([dup.statusCode, dup.json().message]).toEqual([409, 'A location named annex already exists here']);
    // The same name under another parent is fine (every store has a backroom).
    const annex = (await all()).find((l) => l.name === 'Annex') as TLocation;
    await add('Backroom', annex);
  });

  it('refuses a parent that is the location itself or one of its sub-locations', async () => {
    const list = await all();
    const store = list.find((l) => l.path === 'Main Store') as TLocation;
    const shelf = list.find((l) => l.path === 'Main Store > Backroom > Shelf 1') as TLocation;
    const self = await op('PUT', `/api/locations/${store.id}`, {
      name: 'Main Store',
      parent_location_id: store.id,
    });
    expect([self.statusCode, self.json().message]).toEqual([400, 'A location cannot be its own parent']);
    const loop = await op('PUT', `/api/locations/${store.id}`, {
      name: 'Main Store',
      parent_location_id: shelf.id,
    });
    expect([loop.statusCode, loop.json().message]).toEqual([
      400,
      'A location cannot be moved inside one of its own sub-locations',
    ]);
    const unknown = await op('POST', '/api/locations', { name: 'X', parent_location_id: 999999 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Parent location not found']);
    expect((await all()).find((l) => l.id === store.id)?.parent_location_id).toBeNull();
  });

  it('moves a branch and renames', async () => {
    const list = await all();
    const shelf = list.find((l) => l.name === 'Shelf 1') as TLocation;
    const annex = list.find((l) => l.path === 'Annex') as TLocation;
    const res = await op('PUT', `/api/locations/${shelf.id}`, {
      name: 'Shelf A',
      parent_location_id: annex.id,
      description: 'Moved',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ path: 'Annex > Shelf A', parent_name: 'Annex', description: 'Moved' });
  });

  it('refuses to delete a location with sub-locations; deleting one with products leaves them Not set', async () => {
    const store = (await all()).find((l) => l.path === 'Main Store') as TLocation;
    const refused = await op('DELETE', `/api/locations/${store.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This location has sub-locations. Move or delete them first.',
    ]);
    const back = (await all()).find((l) => l.path === 'Main Store > Backroom') as TLocation;
    expect((await op('DELETE', `/api/locations/${back.id}`)).json()).toEqual({ success: true });
    const jar = (await op('GET', '/api/inventory?search=JAR1')).json().data[0];
    expect(jar).toMatchObject({ location_id: null, location: null });
    expect((await op('DELETE', `/api/locations/${store.id}`)).statusCode).toBe(200);
    expect((await op('GET', `/api/locations/${store.id}`)).statusCode).toBe(404);
  });

  it('members read but cannot change locations', async () => {
    const member = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(a.member.token), ...(payload ? { payload } : {}) });
    expect((await member('GET', '/api/locations')).statusCode).toBe(200);
    expect((await member('POST', '/api/locations', { name: 'Nope' })).statusCode).toBe(403);
  });
});

describe('each location’s counting (issue 36)', () => {
  const DAY = 86_400_000;
  const ymd = (d: Date) => d.toISOString().slice(0, 10);
  it('shows the last count (there, above or the whole store) and the next due day of its plans', async () => {
    const hall = await add('Hall');
    const rack = await add('Rack', hall);
    const spare = await add('Spare');
    const plan = (
      await op('POST', '/api/count-plans', {
        name: 'Rack daily',
        location_ids: [rack.id],
        every_days: 1,
        grace_days: 1,
        blind: false,
      })
    ).json();
    // Made five days ago and never counted: due since then, overdue after the grace day.
    await t.database.db
      .update(countPlans)
      .set({ createdAt: new Date(Date.now() - 5 * DAY) })
      .where(eq(countPlans.id, plan.id));
    const before = await all();
    expect(before.find((l) => l.id === rack.id)?.counting).toEqual({
      last_counted_at: null,
      next_due_on: ymd(new Date(Date.now() - 5 * DAY)),
      due: true,
      overdue: true,
      plans: ['Rack daily'],
    });
    expect(before.find((l) => l.id === spare.id)?.counting).toMatchObject({
      next_due_on: null,
      due: false,
      overdue: false,
      plans: [],
    });
    // A count of the hall (above the rack) counts the rack: next due tomorrow.
    const at = new Date();
    await t.database.db.insert(audits).values({
      companyId: a.companyId,
      clientAuditId: randomUUID(),
      name: 'Hall count',
      status: 'completed',
      locationId: hall.id,
      createdAt: at,
      completedAt: at,
    });
    const after = await all();
    expect(after.find((l) => l.id === rack.id)?.counting).toEqual({
      last_counted_at: at.toISOString(),
      next_due_on: ymd(new Date(at.getTime() + DAY)),
      due: false,
      overdue: false,
      plans: ['Rack daily'],
    });
    expect(after.find((l) => l.id === hall.id)?.counting?.last_counted_at).toBe(at.toISOString());
    expect(after.find((l) => l.id === spare.id)?.counting?.last_counted_at).toBeNull();
  });
});
