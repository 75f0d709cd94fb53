import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer } from './factories.ts';
import { uniqueSerial } from './readers.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// Zones' part of the isolation suite (issue 52): A's fixed reader with an antenna map, A's store, product and
// minimums; B's admin goes after them.

type World = { a: Tenant; b: Tenant; aProductId: number; aLocationId: number };
type Probe = (w: World) => Promise<void>;

export function zonesProbes(getT: () => TestApp): Record<string, Probe> {
  let aFixedId = 0;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    getT().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const notFound = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(404);
  const ensureFixed = async (w: World) => {
    if (aFixedId) return aFixedId;
    const res = await call(w.a.admin.token, 'POST', '/api/devices/fixed', {
      name: 'A door',
      serial_number: uniqueSerial('ISO'),
      location_id: w.aLocationId,
    });
    aFixedId = res.json().device.id;
    await call(w.a.admin.token, 'PUT', `/api/devices/${aFixedId}/antennas`, {
      antennas: [{ port: 1, location_id: w.aLocationId, name: 'A secret door' }],
    });
    return aFixedId;
  };
  const aAntennas = async (w: World) =>
    (await call(w.a.admin.token, 'GET', `/api/devices/${await ensureFixed(w)}/antennas`)).json().antennas;
  const aRow = async (w: World) =>
    (
      await getT().database.db.execute<{ kind: string; floor_min: number | null }>(sql`
        select l.kind, p.floor_min from locations l, products p
        where l.company_id = ${w.a.companyId} and l.id = ${w.aLocationId}
          and p.company_id = ${w.a.companyId} and p.id = ${w.aProductId}`)
    ).rows[0];

  return {
    'GET /api/devices/:id/antennas': async (w) => {
      notFound(await call(w.b.admin.token, 'GET', `/api/devices/${await ensureFixed(w)}/antennas`));
    },
    'PUT /api/devices/:id/antennas': async (w) => {
      const id = await ensureFixed(w);
      notFound(await call(w.b.admin.token, 'PUT', `/api/devices/${id}/antennas`, { antennas: [] }));
      expect(await aAntennas(w)).toHaveLength(1);
    },
    'POST /api/locations/kinds': async (w) => {
      const res = await call(w.b.admin.token, 'POST', '/api/locations/kinds', {
        confirmed: [{ id: w.aLocationId, kind: 'dock' }],
      });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Location not found']);
      expect((await aRow(w))?.kind).not.toBe('dock');
    },
    'GET /api/inventory/where': async (w) => {
      notFound(await call(w.b.admin.token, 'GET', '/api/inventory/where?code=ISOA1'));
    },
    'GET /api/replenishment': async (w) => {
      notFound(await call(w.b.admin.token, 'GET', `/api/replenishment?location_id=${w.aLocationId}`));
    },
    'GET /api/reports/store-kpis': async (w) => {
      notFound(await call(w.b.admin.token, 'GET', `/api/reports/store-kpis?location_id=${w.aLocationId}`));
    },
    'GET /api/replenishment.csv': async (w) => {
      notFound(await call(w.b.admin.token, 'GET', `/api/replenishment.csv?location_id=${w.aLocationId}`));
    },
    'PUT /api/replenishment/minimum': async (w) => {
      notFound(
        await call(w.b.admin.token, 'PUT', '/api/replenishment/minimum', {
          product_id: w.aProductId,
          min_quantity: 9,
        }),
      );
      const atPlace = await call(w.b.admin.token, 'PUT', '/api/replenishment/minimum', {
        product_id: w.aProductId,
        location_id: w.aLocationId,
        min_quantity: 9,
      });
      expect(atPlace.statusCode).toBe(400);
      expect((await aRow(w))?.floor_min).toBeNull();
    },
    'POST /api/replenishment/moved': async (w) => {
      notFound(
        await call(w.b.admin.token, 'POST', '/api/replenishment/moved', {
          location_id: w.aLocationId,
          product_id: w.aProductId,
          from_location_id: w.aLocationId,
          to_location_id: w.aLocationId,
          quantity: 1,
        }),
      );
    },
  };
}
