import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import { companies } from '../../db/schema/index.ts';
import {
  type DutchieSimProcess,
  SIM_KEY,
  SIM_KEY_OTHER_STORE,
  startDutchieSim,
} from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The Settings card of a point-of-sale company: the connected store, the last sync, replacing the key.

let sim: DutchieSimProcess;
let t: TestApp;
let shop: Tenant;

const call = async (method: 'GET' | 'PUT', url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json(), raw: res.body };
};
const sealedKey = async () =>
  (await t.database.db.select().from(companies).where(eq(companies.id, shop.companyId)))[0]
    ?.dutchieApiKeyEnc ?? '';

beforeAll(async () => {
  sim = await startDutchieSim();
  t = await createTestApp({ dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url, timeoutMs: 1000 } });
  shop = await createTenant(t, 'Greenleaf', { useDutchie: true, dutchieApiKey: SIM_KEY });
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});
beforeEach(() => sim.reset());

describe('the point-of-sale settings', () => {
  it('shows the store the key reaches and the last sync, never the key', async () => {
    const before = await call('GET', '/api/settings/dutchie', shop.admin.token);
    expect(before.body).toMatchObject({
      has_key: true,
      location_id: '1101',
      location_name: 'Greenleaf Wellness - Portland',
      last_sync: null,
    });
    await call('GET', '/api/dutchie-inventory', shop.member.token);
    const after = await call('GET', '/api/settings/dutchie', shop.admin.token);
    expect(after.body.last_sync).toEqual(expect.any(String));
    expect(after.body.sync).toMatchObject({ state: 'ok', as_of: after.body.last_sync });
    expect(after.raw).not.toContain(SIM_KEY);
  });

  it('refuses a key Dutchie refuses, and keeps the old one', async () => {
    const old = await sealedKey();
    const res = await call('PUT', '/api/settings/dutchie', shop.admin.token, { apiKey: 'dsim_wrong_key' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Dutchie refused this API key. Check it and try again.' },
    });
    expect(await sealedKey()).toBe(old);
  });

  it('replaces the key: stored encrypted, old snapshot dropped, the new store served', async () => {
    const res = await call('PUT', '/api/settings/dutchie', shop.admin.token, {
      apiKey: ` ${SIM_KEY_OTHER_STORE} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Dutchie API key replaced',
      verified: true,
      connection: { has_key: true, location_name: 'Northside Cannabis Co. - Denver', last_sync: null },
    });
    expect(res.raw).not.toContain(SIM_KEY_OTHER_STORE);
    const sealed = await sealedKey();
    expect(sealed).not.toContain(SIM_KEY_OTHER_STORE);
    expect(t.app.box.open(sealed)).toBe(SIM_KEY_OTHER_STORE);

    const list = await call('GET', '/api/dutchie-inventory', shop.member.token);
    expect(list.body.sync.location_name).toBe('Northside Cannabis Co. - Denver');
    // The Denver store's Metrc labels (its facility: 0xF0000 + 1102 = F044E).
    expect(list.body.data[0].packageId).toMatch(/^1A4F044E0000\d{12}$/);
    const activity = await call('GET', '/api/stats/activity', shop.admin.token);
    expect(JSON.stringify(activity.body)).toContain(
      'replaced the Dutchie API key (Northside Cannabis Co. - Denver)',
    );
  });

  it('stores the key unchecked when Dutchie cannot be reached, and says so', async () => {
    await sim.fault({ mode: 'error', status: 503 });
    const res = await call('PUT', '/api/settings/dutchie', shop.admin.token, { apiKey: SIM_KEY });
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(res.body.message).toMatch(/could not be reached to check it/);
    expect(t.app.box.open(await sealedKey())).toBe(SIM_KEY);
  });

  it('refuses an empty key', async () => {
    const res = await call('PUT', '/api/settings/dutchie', shop.admin.token, { apiKey: '  ' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Dutchie API key is required' } });
  });
});

describe('registering with a Dutchie key', () => {
  const register = (dutchieApiKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: `reg${Date.now()}${dutchieApiKey.length}@example.com`,
        password: 'correct-horse',
        useDutchie: true,
        dutchieApiKey,
      },
    });

  it('checks the key with Dutchie: a refused key creates nothing', async () => {
    const res = await register('dsim_typo_in_key');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Dutchie refused this API key. Check it and try again.' });
    expect((await register(SIM_KEY_OTHER_STORE)).statusCode).toBe(201);
  });

  it('accepts the key when Dutchie cannot be reached (the first sync will tell)', async () => {
    await sim.fault({ mode: 'error', status: 503 });
    expect((await register('dsim_unchecked_key')).statusCode).toBe(201);
  });
});
