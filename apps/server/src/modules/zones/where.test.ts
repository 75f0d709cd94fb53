import type { TWhereResponse } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addLocation } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// "Where is it" (issue 52) beyond sightings.test.ts's: each place named by its whole path, stock kept in no
// location, a product's own EPC seen, a place deleted since a tag was seen there, a product nowhere.

let t: TestApp;
let a: Tenant;
let store: number;
let floor: number;

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Where Co');
  store = await addLocation(t, a.companyId, 'Alpine Store');
  floor = await addLocation(t, a.companyId, 'Sales floor', store);
});
afterAll(() => t.close());

describe('where is it: places named by path, stock kept nowhere, a place deleted since (issue 52)', () => {
  it('answers each place once with its whole path, its own EPC seen, and leaves out a deleted place', async () => {
    const aisle = await addLocation(t, a.companyId, 'Aisle 7', floor);
    const corner = await addLocation(t, a.companyId, 'Pop-up corner', store);
    const made = await call(a.operator.token, 'POST', '/api/inventory', {
      name: 'Camp stove',
      sku: 'STOVE1',
      location_id: aisle,
      stock: [
        { location_id: aisle, quantity: 3 },
        { location_id: null, quantity: 1 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const stove = made.json() as { id: number; epc: string };
    // Its own EPC (no GTIN: no SGTINs) last seen on the aisle by no reader, then a tag of it seen in the corner.
    const seen = (epc: string, where: number, secondsAgo: number) =>
      t.app.db.execute(sql`insert into tag_sightings (seen_at, company_id, location_id, antenna, epc)
        values (${at(secondsAgo)}, ${a.companyId}, ${where}, 2, decode(${epc}, 'hex'))`);
    await seen(stove.epc, aisle, 30);
    const where = async (code: string) => {
      const res = await call(a.member.token, 'GET', `/api/inventory/where?code=${code}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TWhereResponse;
    };
    expect((await where('STOVE1')).places.map((p) => [p.location, p.units, p.tags_seen, p.antenna])).toEqual([
      ['Alpine Store > Sales floor > Aisle 7', 3, 1, 2],
      ['No location', 1, 0, null],
    ]);
    // A place the product was seen at and that is deleted since is left out; the rest stays.
    await t.app.db.execute(sql`update tag_sightings set location_id = ${corner}
      where company_id = ${a.companyId} and epc = decode(${stove.epc}, 'hex')`);
    expect((await where('STOVE1')).places.map((p) => [p.location, p.units, p.tags_seen])).toEqual([
      ['Alpine Store > Sales floor > Aisle 7', 3, 0],
      ['No location', 1, 0],
      ['Alpine Store > Pop-up corner', 0, 1],
    ]);
    const removed = await call(a.admin.token, 'DELETE', `/api/locations/${corner}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await where('STOVE1')).places.map((p) => p.location)).toEqual([
      'Alpine Store > Sales floor > Aisle 7',
      'No location',
    ]);
    // A product with no stock row left and no tag seen: the product, nowhere.
    const mug = await call(a.operator.token, 'POST', '/api/inventory', { name: 'Enamel mug', sku: 'MUG1' });
    expect(mug.statusCode, mug.body).toBe(201);
    const nowhere = await where('MUG1');
    expect(nowhere.product).toMatchObject({ sku: 'MUG1', name: 'Enamel mug', gtin: null });
    expect(nowhere.places).toEqual([]);
  });
});
