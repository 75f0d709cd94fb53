import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer } from './factories.ts';
import type { DutchieWorld } from './isolation-dutchie.ts';
import type { TestApp } from './test-app.ts';

// Metrc's part of the isolation suite (issue 51): Dutchie company A has a Metrc connection (its license, a sealed
// key); B's admin reads, saves and syncs its own, and A's row is as it was. The isolation app has no Metrc vendor
// key, so B's key is stored unchecked and its sync says Metrc is not set up: no call leaves the machine.

type Probe = () => Promise<void>;

const A_LICENSE = 'C10-0000001-LIC';

export function metrcProbes(getT: () => TestApp, getWorld: () => DutchieWorld): Record<string, Probe> {
  const db = () => getT().database.db;
  const aRow = async () =>
    (
      await db().execute<{ license_number: string; user_key_enc: string; state: string }>(
        sql`select license_number, user_key_enc, state from metrc_connections
          where company_id = ${getWorld().aShop.companyId}`,
      )
    ).rows[0];
  const ensureA = async () => {
    await db().execute(sql`insert into metrc_connections (company_id, license_number, user_key_enc, location_id)
      values (${getWorld().aShop.companyId}, ${A_LICENSE}, ${getWorld().aSealedKey}, 0)
      on conflict (company_id) do nothing`);
    return aRow();
  };
  const b = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    getT().app.inject({
      method,
      url,
      headers: bearer(getWorld().bShop.admin.token),
      ...(payload ? { payload } : {}),
    });
  return {
    'GET /api/settings/metrc': async () => {
      await ensureA();
      const res = await b('GET', '/api/settings/metrc');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(A_LICENSE);
    },
    'PUT /api/settings/metrc': async () => {
      const before = await ensureA();
      const res = await b('PUT', '/api/settings/metrc', {
        apiKey: 'b_user_key_12345',
        licenseNumber: 'C10-0000002-LIC',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().connection.license_number).toBe('C10-0000002-LIC');
      expect(await aRow()).toEqual(before);
    },
    'POST /api/settings/metrc/sync': async () => {
      const before = await ensureA();
      const res = await b('POST', '/api/settings/metrc/sync');
      expect([200, 409]).toContain(res.statusCode);
      expect(await aRow()).toEqual(before);
    },
  };
}
