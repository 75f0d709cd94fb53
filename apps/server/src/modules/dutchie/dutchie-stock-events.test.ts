import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import { type DutchieSimProcess, SIM_KEY, startDutchieSim } from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { call, type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, newPostgresDatabase, type TestApp } from '../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import * as cacheRepo from './dutchie-cache.repo.ts';

// A Dutchie store's packages crossing into low or out of stock, told once per crossing from its snapshots: the
// simulator runs as its own process and its quantities are changed between snapshots.

type SimRow = {
  packageId: string;
  productName: string;
  quantityAvailable: number;
  expirationDate: string | null;
};
type StockEvent = { type: string; package_id: string; quantity: number };

const simRows = async (sim: DutchieSimProcess) =>
  (await (await sim.get('/reporting/inventory?includeRoomQuantities=true')).json()) as SimRow[];

describe('stock events from Dutchie snapshots', () => {
  let sim: DutchieSimProcess;
  let t: TestApp;
  let shop: Tenant;
  let smtp: TestSmtp;
  let hook: WebhookReceiver;
  let rows: SimRow[];

  beforeAll(async () => {
    [sim, smtp, hook] = await Promise.all([startDutchieSim(), startTestSmtp(), startWebhookReceiver()]);
    t = await createTestApp({
      smtpUrl: smtp.url,
      dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url, minRefreshSeconds: 0 },
      webhooks: { allowPrivate: true, retryDelaysMs: [200, 200, 200] },
      jobs: { isWorkerOn: true, pollMs: 50, sweepMs: 60_000, digestMs: 200 },
    });
    shop = await createTenant(t, 'Greenleaf Alerts', { useDutchie: true, dutchieApiKey: SIM_KEY });
    rows = await simRows(sim);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([sim?.stop(), smtp?.close(), hook?.close()]);
  });
  beforeEach(() => sim.reset());

  /** A new snapshot, as the Refresh button takes it. */
  const snapshot = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dutchie-inventory?refresh=true&limit=1',
      headers: bearer(shop.member.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const stockEvents = async (): Promise<StockEvent[]> => {
    const res = await t.database.db.execute<{ type: string; payload: StockEvent }>(sql`
      select type, payload from events where company_id = ${shop.companyId} order by id`);
    return res.rows.map((r) => ({
      type: r.type,
      package_id: r.payload.package_id,
      quantity: r.payload.quantity,
    }));
  };

  it('the first snapshot sets what is known without telling of packages already low or out', async () => {
    const alreadyLowOrOut = rows.filter((r) => r.quantityAvailable <= 5);
    expect(alreadyLowOrOut.length).toBeGreaterThan(0);
    await snapshot();
    expect(await stockEvents()).toEqual([]);
    const known = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from dutchie_stock_states where company_id = ${shop.companyId}`,
    );
    expect(known.rows[0]?.n).toBe(new Set(rows.map((r) => r.packageId)).size);
  });

  it('a package going low, low again, out, back in stock and low again is told once per crossing', async () => {
    const hookMade = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(shop.admin.token),
      payload: { url: hook.url, events: ['inventory.stock_low', 'inventory.out_of_stock'] },
    });
    expect(hookMade.statusCode).toBe(201);
    hook.state.secret = hookMade.json().secret;
    const pkg = rows.find((r) => r.quantityAvailable > 20) as SimRow;
    const steps: [number, StockEvent | null][] = [
      [4, { type: 'inventory.stock_low', package_id: pkg.packageId, quantity: 4 }],
      [3, null], // still low: not a crossing
      [0, { type: 'inventory.out_of_stock', package_id: pkg.packageId, quantity: 0 }],
      [0, null],
      [30, null], // back in stock: nothing to tell
      [5, { type: 'inventory.stock_low', package_id: pkg.packageId, quantity: 5 }],
    ];
    const expected: StockEvent[] = [];
    for (const [quantity, event] of steps) {
      await sim.setQuantity(pkg.packageId, quantity);
      await snapshot();
      await snapshot(); // the same stock twice: still once
      if (event) expected.push(event);
      expect(await stockEvents()).toEqual(expected);
    }

    // The bell names the package and links to it in the Dutchie inventory.
    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(shop.member.token) })
    ).json();
    expect(bell.unread).toBe(3);
    expect(bell.data[1]).toMatchObject({
      type: 'inventory.out_of_stock',
      title: `${pkg.productName} (package ${pkg.packageId}) is out of stock`,
      link: `/inventory?search=${pkg.packageId}`,
    });
    expect(bell.data[0].body).toBe('Quantity 5, low at 5 or fewer.');

    // The webhook gets each once, signed, with the package in its data.
    await hook.waitUntil((acc) => acc.length >= 3);
    await new Promise((r) => setTimeout(r, 400));
    expect(hook.accepted.map((r) => r.type)).toEqual([
      'inventory.stock_low',
      'inventory.out_of_stock',
      'inventory.stock_low',
    ]);
    expect(hook.accepted[1]?.body.data).toEqual({
      company_id: shop.companyId,
      source: 'dutchie',
      package_id: pkg.packageId,
      sku: expect.toBeOneOf([expect.any(String), null]),
      name: pkg.productName,
      quantity: 0,
      previous_state: 'low-stock',
      low_stock_max: 5,
    });
    expect(hook.rejected).toEqual([]);
  });

  it('an answer older than the stored snapshot is dropped, with its events', async () => {
    const k = { companyId: shop.companyId, kind: 'inventory', params: '' };
    const before = (await stockEvents()).length;
    let wasCalled = false;
    const isSaved = await cacheRepo.saveSuccess(t.database.db, k, { items: [] }, new Date(0), async () => {
      wasCalled = true;
    });
    expect(isSaved).toBe(false);
    expect(wasCalled).toBe(false);
    expect((await stockEvents()).length).toBe(before);
    expect((await cacheRepo.body(t.database.db, k))?.fetchedAt?.getTime()).toBeGreaterThan(0);
  });

  it("the daily digest lists the snapshot's low, out of stock and expiring packages", async () => {
    const out = rows.filter((r) => r.quantityAvailable > 20)[1] as SimRow;
    await sim.setQuantity(out.packageId, 0);
    await snapshot();
    const hour = new Date().getUTCHours();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: bearer(shop.member.token),
      payload: { email_events: [], accuracy_below: null, digest_hour: hour, time_zone: 'UTC' },
    });
    expect(saved.statusCode).toBe(200);
    await t.database.db.execute(
      sql`update notification_settings set last_digest_on = current_date - 1 where user_id = ${shop.member.userId}`,
    );
    const digest = await smtp.waitFor(
      (m) => m.to.includes(shop.member.email) && m.subject.includes('digest'),
    );
    // The counts, worked out from the simulator's own rows.
    const now = await simRows(sim);
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    const daysLeft = (r: SimRow) =>
      Math.round((Date.parse(String(r.expirationDate).slice(0, 10)) - today) / 86_400_000);
    const outCount = now.filter((r) => r.quantityAvailable <= 0).length;
    const lowCount = now.filter((r) => r.quantityAvailable > 0 && r.quantityAvailable <= 5).length;
    const expiringCount = now.filter(
      (r) => r.quantityAvailable > 0 && r.expirationDate && daysLeft(r) >= 0 && daysLeft(r) <= 30,
    ).length;
    expect(outCount * lowCount * expiringCount).toBeGreaterThan(0);
    expect(digest.text).toContain(`Out of stock (${outCount}): `);
    expect(digest.text).toContain(`(package ${out.packageId})`);
    expect(digest.text).toContain(`Low stock (${lowCount}): `);
    expect(digest.text).toContain(`Expiring within 30 days (${expiringCount}): `);
    expect(digest.text).toContain('From the Dutchie snapshot taken');
  });
  it('the background refresh leaves a store backing off after a failed read alone, and one being read now', async () => {
    const due = () => cacheRepo.companiesDue(t.database.db, 'inventory', 0, 10);
    const k = { companyId: shop.companyId, kind: 'inventory', params: '' };
    await t.database.db.execute(
      sql`update dutchie_cache set retry_at = now() + interval '1 hour' where company_id = ${shop.companyId}`,
    );
    expect(await due()).not.toContain(shop.companyId);
    await t.database.db.execute(
      sql`update dutchie_cache set retry_at = null where company_id = ${shop.companyId}`,
    );
    expect(await cacheRepo.takeLease(t.database.db, k, 60_000)).toBe(true);
    expect(await due()).not.toContain(shop.companyId);
    await cacheRepo.releaseLease(t.database.db, k);
    expect(await due()).toContain(shop.companyId);
    const catalogue = await createTenant(t, 'Catalogue Co');
    expect(await due()).not.toContain(catalogue.companyId);
  });
});

describe('stores nobody looks at', () => {
  let sim: DutchieSimProcess;
  let t: TestApp;
  let shop: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    sim = await startDutchieSim();
    // Snapshots a second old are read again; the worker looks every 100 ms (DUTCHIE_BACKGROUND_REFRESH_SECONDS is
    // 900 by default, at least 60).
    t = await createTestApp({
      dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url, backgroundRefreshSeconds: 1 },
      jobs: { isWorkerOn: true, pollMs: 50, sweepMs: 60_000, digestMs: 60_000, dutchieMs: 100 },
    });
    shop = await createTenant(t, 'Quiet Dispensary', { useDutchie: true, dutchieApiKey: SIM_KEY });
    other = await createTenant(t, 'Catalogue Co');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.stop();
  });

  const inventoryRow = (companyId: number) =>
    cacheRepo.status(t.database.db, { companyId, kind: 'inventory', params: '' });
  const events = async () =>
    (
      await t.database.db.execute<{ type: string; package_id: string; quantity: number }>(sql`
        select type, payload->>'package_id' as package_id, (payload->>'quantity')::int as quantity
        from events where company_id = ${shop.companyId} and type like 'inventory.%' order by id`)
    ).rows;

  it('are read again in the background, so a package going out of stock is still told', async () => {
    // Nobody opened the inventory: the background takes the baseline, which tells nothing.
    await expect
      .poll(async () => (await inventoryRow(shop.companyId))?.fetchedAt ?? null, { timeout: 15_000 })
      .not.toBeNull();
    expect(await events()).toEqual([]);
    const pkg = (await simRows(sim)).find((r) => r.quantityAvailable > 20) as SimRow;
    await sim.setQuantity(pkg.packageId, 0);
    await expect
      .poll(events, { timeout: 15_000 })
      .toEqual([{ type: 'inventory.out_of_stock', package_id: pkg.packageId, quantity: 0 }]);
    // The bell has it for the store's people, with nobody having looked at the store.
    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(shop.member.token) })
    ).json();
    expect(bell.data[0]).toMatchObject({ type: 'inventory.out_of_stock' });
    // A company keeping its own catalogue is never read from Dutchie.
    expect(await inventoryRow(other.companyId)).toBeNull();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('stock events with two instances on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let sim: DutchieSimProcess;
  let receiver: WebhookReceiver;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await newPostgresDatabase(serverUrl as string, 'quantics_dutchie_alerts');
    drop = scratch.drop;
    [sim, receiver] = await Promise.all([startDutchieSim(), startWebhookReceiver()]);
    const env = {
      DATABASE_URL: scratch.url,
      DUTCHIE_API_URL: sim.url,
      DUTCHIE_MIN_REFRESH_SECONDS: '0',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ALERTS_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), sim?.stop(), receiver?.close()]);
    await drop?.();
  });

  it('both instances taking snapshots at once tell each crossing exactly once', async () => {
    const reg = await call(a, 'POST', '/api/auth/register', {
      body: {
        email: `pos-${randomBytes(4).toString('hex')}@example.com`,
        password: 'stock-count-1',
        company: 'Two Instances Dispensary',
        useDutchie: true,
        dutchieApiKey: SIM_KEY,
      },
      ip: '10.9.1.1',
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const token = reg.body.token as string;
    const hook = await call(a, 'POST', '/api/webhooks', {
      token,
      body: { url: receiver.url, events: ['inventory.stock_low', 'inventory.out_of_stock'] },
    });
    expect(hook.status).toBe(201);
    receiver.state.secret = hook.body.secret as string;
    const pkg = (await simRows(sim)).find((r) => r.quantityAvailable > 20) as SimRow;
    const refreshBoth = async () => {
      const answers = await Promise.all(
        [a, b, a, b].map((server) =>
          call(server, 'GET', '/api/dutchie-inventory?refresh=true&limit=1', { token }),
        ),
      );
      for (const r of answers) expect(r.status).toBe(200);
    };
    await refreshBoth(); // the baseline
    for (const quantity of [2, 1, 0, 0, 25, 3]) {
      await sim.setQuantity(pkg.packageId, quantity);
      await refreshBoth();
      await refreshBoth();
    }
    await receiver.waitUntil((acc) => acc.length >= 3, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.accepted.map((r) => [r.type, (r.body.data as StockEvent).quantity])).toEqual([
      ['inventory.stock_low', 2],
      ['inventory.out_of_stock', 0],
      ['inventory.stock_low', 3],
    ]);
    expect(new Set(receiver.accepted.map((r) => r.id)).size).toBe(3);
    expect(receiver.rejected).toEqual([]);
  }, 180_000);
});
