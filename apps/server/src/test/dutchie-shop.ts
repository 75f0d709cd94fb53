import type { TAudit, TDiscrepancy, TDutchieItem } from '@quantics/contracts';
import { expect } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../config.ts';
import { type DutchieSimProcess, SIM_KEY, startDutchieSim } from './dutchie-sim.ts';
import { bearer } from './factories.ts';
import { asReader } from './readers.ts';
import { createTenant, type Tenant } from './tenants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A portal reading the Dutchie simulator (its own process) and one point-of-sale company on the simulator's first
 * store, with every package as the portal lists it: what the dashboard, report, label and audit tests compare to.
 */
export type DutchieShop = {
  sim: DutchieSimProcess;
  t: TestApp;
  shop: Tenant;
  /** Every package of the store, zero quantities included, as GET /api/dutchie-inventory lists them. */
  all: TDutchieItem[];
  /** GET as the shop's member (or the given token): status and parsed body (JSON, else the text). */
  get: ReturnType<typeof getter>;
  /** A second point-of-sale company whose key Dutchie accepted at registration and refuses since (no snapshot). */
  refusedTenant: (name: string) => Promise<Tenant>;
  close: () => Promise<void>;
};

function getter(t: TestApp, defaultToken: string) {
  return async (url: string, token = defaultToken) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: isJson ? res.json() : res.body };
  };
}

/** Refresh (`?refresh=true`) reads Dutchie again at once, so a test sees a change it made in the simulator. */
export async function startDutchieShop(): Promise<DutchieShop> {
  const sim = await startDutchieSim();
  const t = await createTestApp({ dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url, minRefreshSeconds: 0 } });
  const shop = await createTenant(t, 'Greenleaf', { useDutchie: true, dutchieApiKey: SIM_KEY });
  const get = getter(t, shop.member.token);
  const list = await get('/api/dutchie-inventory?includeZero=true&limit=1000');
  expect(list.status).toBe(200);
  const all = list.body.data as TDutchieItem[];
  expect(all.length).toBeGreaterThan(100);
  return {
    sim,
    t,
    shop,
    all,
    get,
    refusedTenant: async (name) => {
      const key = `dsim_refused_${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
      await sim.addKey(key);
      const tenant = await createTenant(t, name, { useDutchie: true, dutchieApiKey: key });
      await sim.revokeKey(key);
      return tenant;
    },
    close: async () => {
      await t.close();
      await sim.stop();
    },
  };
}

/** Sends `reads` as the audit's one batch and completes it: the audit completed, and its discrepancy rows. */
export async function countOnce(w: DutchieShop, readerToken: string, id: number, reads: object[]) {
  const sent = await asReader(w.t, readerToken, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await asReader(w.t, readerToken, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  const rows = (await w.get(`/api/audits/${id}/discrepancies`)).body as TDiscrepancy[];
  return { audit: done.json() as TAudit, rows };
}
