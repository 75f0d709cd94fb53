import type { TDutchieInventoryResponse } from '@quantics/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import {
  type DutchieSimProcess,
  SIM_KEY,
  SIM_KEY_NO_REPORTS,
  startDutchieSim,
} from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * When Dutchie limits us (429), fails (5xx), is too slow or refuses the key (401/403), against the simulator
 * process with its fault switches: the last good snapshot is served with its age, or a clear error when there
 * is none, and Dutchie is left alone for a while instead of being called on every request.
 */

let sim: DutchieSimProcess;
let t: TestApp;
let n = 0;

const get = (token: string, url = '/api/dutchie-inventory') =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const inventoryCalls = async () => (await sim.requests())['/reporting/inventory'] ?? 0;

/** A Dutchie company whose first snapshot was taken while Dutchie was well. */
async function shopWithSnapshot(key = SIM_KEY): Promise<{ shop: Tenant; first: TDutchieInventoryResponse }> {
  n += 1;
  const shop = await createTenant(t, `Shop ${n}`, { useDutchie: true, dutchieApiKey: key });
  const res = await get(shop.member.token);
  expect(res.statusCode, res.body).toBe(200);
  return { shop, first: res.json() };
}

beforeAll(async () => {
  sim = await startDutchieSim();
  // A short timeout so the slow-answer case is quick; refresh on demand without a minimum interval.
  t = await createTestApp({
    dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url, minRefreshSeconds: 0, timeoutMs: 800 },
  });
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});
beforeEach(() => sim.reset());

describe('Dutchie failures', () => {
  it('on 429 serves the last snapshot, says how old it is, and backs off', async () => {
    const { shop, first } = await shopWithSnapshot();
    await sim.fault({ mode: 'rate-limit' });
    const res = await get(shop.member.token, '/api/dutchie-inventory?refresh=true');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TDutchieInventoryResponse;
    expect(body.data).toEqual(first.data);
    expect(body.as_of).toBe(first.as_of);
    expect(body.sync).toMatchObject({ state: 'rate_limited', is_stale: true });
    expect(body.sync.message).toBe(
      'Dutchie is limiting requests right now. Please try again in a minute. Showing the snapshot taken less than a minute ago.',
    );
    // Backing off: more Refresh clicks do not reach Dutchie while the limit lasts.
    const before = await inventoryCalls();
    await get(shop.member.token, '/api/dutchie-inventory?refresh=true');
    await get(shop.admin.token, '/api/dutchie-inventory?refresh=true');
    expect(await inventoryCalls()).toBe(before);
  });

  it.each([500, 502, 503])('on %i serves the last snapshot', async (status) => {
    const { shop, first } = await shopWithSnapshot();
    await sim.fault({ mode: 'error', status });
    const body = (await get(shop.member.token, '/api/dutchie-inventory?refresh=true')).json();
    expect(body.data).toEqual(first.data);
    expect(body.sync.state).toBe('unavailable');
    expect(body.sync.message).toMatch(/^Dutchie is not reachable right now\. .*Showing the snapshot taken/);
  });

  it('on a timeout serves the last snapshot', async () => {
    const { shop, first } = await shopWithSnapshot();
    await sim.fault({ mode: 'slow', delayMs: 3000 });
    const started = Date.now();
    const body = (await get(shop.member.token, '/api/dutchie-inventory?refresh=true')).json();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(body.data).toEqual(first.data);
    expect(body.sync.state).toBe('unavailable');
  });

  it('with nothing cached yet, answers 503 with a clear message', async () => {
    await sim.fault({ mode: 'error', status: 503 });
    const shop = await createTenant(t, 'Fresh Shop', { useDutchie: true, dutchieApiKey: SIM_KEY });
    const res = await get(shop.member.token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Dutchie is not reachable right now. Please try again in a few minutes.',
    });
  });

  it('when the key is refused (401), says so and that an admin can replace it', async () => {
    const { shop, first } = await shopWithSnapshot();
    await sim.fault({ mode: 'refuse' });
    const body = (await get(shop.member.token, '/api/dutchie-inventory?refresh=true')).json();
    expect(body.data).toEqual(first.data);
    expect(body.sync.state).toBe('key_refused');
    expect(body.sync.message).toMatch(/^Dutchie refused the API key\. An admin can replace it in Settings\./);

    // A key Dutchie took at registration and has revoked since: nothing cached yet.
    await sim.reset();
    await sim.addKey('dsim_revoked_later');
    const other = await createTenant(t, 'Refused Shop', {
      useDutchie: true,
      dutchieApiKey: 'dsim_revoked_later',
    });
    await sim.revokeKey('dsim_revoked_later');
    const res = await get(other.member.token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Dutchie refused the API key. An admin can replace it in Settings.',
    });
  });

  it('when the key lacks the reporting permission (403), says so', async () => {
    const shop = await createTenant(t, 'No Reports', { useDutchie: true, dutchieApiKey: SIM_KEY_NO_REPORTS });
    const res = await get(shop.member.token);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'The Dutchie API key lacks a permission this needs. An admin can replace it in Settings.',
    );
  });

  it('never sends the key back in any answer', async () => {
    const { shop } = await shopWithSnapshot();
    await sim.fault({ mode: 'refuse' });
    const urls = [
      '/api/dutchie-inventory?refresh=true',
      '/api/settings/dutchie',
      '/api/dutchie-inventory/analytics/top-selling',
      '/api/auth/me',
      '/api/companies/current',
    ];
    for (const url of urls) expect((await get(shop.admin.token, url)).body).not.toContain(SIM_KEY);
  });
});

describe('the simulator speaks Dutchie', () => {
  it("limits each key per minute with Dutchie's 429 body", async () => {
    const strict = await startDutchieSim(['--rate-limit', '3', '--reporting-rate-limit', '2']);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await strict.get('/reporting/inventory')).status);
      expect(codes).toEqual([200, 200, 429]);
      const limited = await strict.get('/reporting/inventory');
      expect(await limited.json()).toEqual({ Message: expect.any(String), TraceId: expect.any(String) });
      // Refused calls do not count: the third call of the minute is allowed on a non-reporting path, the fourth not.
      expect((await strict.get('/whoami')).status).toBe(200);
      expect((await strict.get('/whoami')).status).toBe(429);
      expect((await strict.get('/whoami', 'dsim_northside_8d2e4b6a1c')).status).toBe(200);
      expect((await strict.get('/whoami', 'wrong')).status).toBe(401);
    } finally {
      await strict.stop();
    }
  });

  it('takes a closing-report range of 12 hours to 31 days only', async () => {
    const at = (iso: string) => `/reporting/closing-report?fromDateUTC=2026-01-01T00:00:00Z&toDateUTC=${iso}`;
    expect((await sim.get(at('2026-01-01T06:00:00Z'))).status).toBe(400);
    expect((await sim.get(at('2026-01-02T00:00:00Z'))).status).toBe(200);
    expect((await sim.get(at('2026-02-15T00:00:00Z'))).status).toBe(400);
  });
});
