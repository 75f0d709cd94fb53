import { guessLocationKind, type TLocation } from '@quantics/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Person, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;

const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
const all = async () => (await call(a.operator, 'GET', '/api/locations')).json() as TLocation[];
const byName = async (name: string) => (await all()).find((l) => l.name === name);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Kinds Co');
});
afterAll(() => t.close());

describe('place kinds (issue 52)', () => {
  it('guesses kinds from names, the most telling word first', () => {
    expect(guessLocationKind('Backroom')).toBe('stockroom');
    expect(guessLocationKind('Back room 2')).toBe('stockroom');
    expect(guessLocationKind('Store room')).toBe('stockroom');
    expect(guessLocationKind('Sales floor')).toBe('sales_floor');
    expect(guessLocationKind('Loading dock')).toBe('dock');
    expect(guessLocationKind('Central Warehouse')).toBe('warehouse');
    expect(guessLocationKind('Downtown Store')).toBe('store');
    expect(guessLocationKind('Shelf 4')).toBeNull();
  });

  it('sets a kind on create and edit, keeps it when an edit leaves it out, and is other when never named', async () => {
    const store = await call(a.operator, 'POST', '/api/locations', { name: 'Main', kind: 'store' });
    expect([store.statusCode, store.json().kind]).toEqual([201, 'store']);
    const floor = await call(a.operator, 'POST', '/api/locations', {
      name: 'Front',
      parent_location_id: store.json().id,
    });
    expect(floor.json().kind).toBe('other');
    const edited = await call(a.operator, 'PUT', `/api/locations/${floor.json().id}`, {
      name: 'Front',
      parent_location_id: store.json().id,
      kind: 'sales_floor',
    });
    expect([edited.statusCode, edited.json().kind]).toEqual([200, 'sales_floor']);
    const renamed = await call(a.operator, 'PUT', `/api/locations/${floor.json().id}`, {
      name: 'Front floor',
      parent_location_id: store.json().id,
    });
    expect(renamed.json().kind).toBe('sales_floor');
  });

  it('refuses an unknown kind with a 400 naming the field, changing nothing', async () => {
    const bad = await call(a.operator, 'POST', '/api/locations', { name: 'Attic', kind: 'attic' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('kind must be one of store, sales_floor, stockroom');
    expect(await byName('Attic')).toBeUndefined();
    const main = await byName('Main');
    const put = await call(a.operator, 'PUT', `/api/locations/${main?.id}`, { name: 'Main', kind: 7 });
    expect(put.statusCode).toBe(400);
    expect((await byName('Main'))?.kind).toBe('store');
  });

  it('offers a kind guessed from the name for places of kind other until an admin confirms or dismisses it', async () => {
    // Places made before kinds existed: other, nobody chose.
    const [back] = await t.app.db
      .insert(locations)
      .values({ companyId: a.companyId, name: 'Backroom' })
      .returning({ id: locations.id });
    const [floor] = await t.app.db
      .insert(locations)
      .values({ companyId: a.companyId, name: 'Sales floor' })
      .returning({ id: locations.id });
    const [shelf] = await t.app.db
      .insert(locations)
      .values({ companyId: a.companyId, name: 'Shelf 9' })
      .returning({ id: locations.id });
    if (!back || !floor || !shelf) throw new Error('no rows');
    expect((await byName('Backroom'))?.kind_suggestion).toBe('stockroom');
    expect((await byName('Backroom'))?.kind).toBe('other');
    expect((await byName('Sales floor'))?.kind_suggestion).toBe('sales_floor');
    expect((await byName('Shelf 9'))?.kind_suggestion).toBeNull();
    // A place whose kind a person chose is never offered a guess.
    expect((await byName('Main'))?.kind_suggestion).toBeNull();

    const byOperator = await call(a.operator, 'POST', '/api/locations/kinds', {
      confirmed: [{ id: back.id, kind: 'stockroom' }],
    });
    expect(byOperator.statusCode).toBe(403);
    const unknown = await call(a.admin, 'POST', '/api/locations/kinds', {
      confirmed: [{ id: back.id, kind: 'stockroom' }],
      dismissed: [999999],
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Location not found']);
    const badKind = await call(a.admin, 'POST', '/api/locations/kinds', {
      confirmed: [{ id: back.id, kind: 'x' }],
    });
    expect(badKind.statusCode).toBe(400);
    expect((await byName('Backroom'))?.kind).toBe('other');
    const empty = await call(a.admin, 'POST', '/api/locations/kinds', {});
    expect(empty.statusCode).toBe(400);

    const ok = await call(a.admin, 'POST', '/api/locations/kinds', {
      confirmed: [{ id: back.id, kind: 'stockroom' }],
      dismissed: [floor.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await all();
    const row = (id: number) => after.find((l) => l.id === id);
    expect([row(back.id)?.kind, row(back.id)?.kind_suggestion]).toEqual(['stockroom', null]);
    expect([row(floor.id)?.kind, row(floor.id)?.kind_suggestion]).toEqual(['other', null]);
    const [stored] = await t.app.db
      .select({ reviewed: locations.kindReviewedAt })
      .from(locations)
      .where(and(eq(locations.companyId, a.companyId), eq(locations.id, floor.id)));
    expect(stored?.reviewed).not.toBeNull();
  });
});
