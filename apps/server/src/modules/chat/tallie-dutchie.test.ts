import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import {
  type DutchieSimProcess,
  SIM_KEY,
  SIM_KEY_OTHER_STORE,
  startDutchieSim,
} from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Tallie for a point-of-sale company: the built-in provider's data answers come from Dutchie (the simulator, its
 * own process over HTTP), checked against what the simulator itself reports, never from the local catalogue.
 */

type SimRow = {
  packageId: string;
  sku: string;
  productName: string;
  quantityAvailable: number;
  unitCost: number;
  unitPrice: number;
  expirationDate: string | null;
  roomQuantities: { room: string; quantityAvailable: number }[];
};

let sim: DutchieSimProcess;
let t: TestApp;
let shop: Tenant;
let north: Tenant;
let rows: SimRow[];
let northRows: SimRow[];

const ask = async (tenant: Tenant, content: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chatbot',
    headers: bearer(tenant.member.token),
    payload: { messages: [{ role: 'user', content }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { response: string; navigation?: string | null };
};
const simRows = async (key: string) =>
  (await (await sim.get('/reporting/inventory?includeRoomQuantities=true', key)).json()) as SimRow[];
const usd = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const today = () => new Date(new Date().toISOString().slice(0, 10)).getTime();
const daysLeft = (r: SimRow) =>
  Math.round((new Date(r.expirationDate ?? '').getTime() - today()) / 86_400_000);

beforeAll(async () => {
  sim = await startDutchieSim();
  t = await createTestApp({ dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url } });
  shop = await createTenant(t, 'Greenleaf', { useDutchie: true, dutchieApiKey: SIM_KEY });
  north = await createTenant(t, 'Northside', { useDutchie: true, dutchieApiKey: SIM_KEY_OTHER_STORE });
  rows = await simRows(SIM_KEY);
  northRows = await simRows(SIM_KEY_OTHER_STORE);
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});

describe('Tallie for a Dutchie company (built-in provider)', () => {
  it('low stock: counts and names the packages with 1 to 5 units and those with none, from Dutchie', async () => {
    const low = rows.filter((r) => r.quantityAvailable > 0 && r.quantityAvailable <= 5);
    const out = rows.filter((r) => r.quantityAvailable <= 0);
    expect(low.length).toBeGreaterThan(0);
    const { response, navigation } = await ask(shop, 'What is low on stock?');
    const plural = (n: number, one: string, many: string) => `**${n}** ${n === 1 ? one : many}`;
    expect(response).toContain(
      `${plural(low.length, 'package is', 'packages are')} low on stock (5 units or fewer) and ${plural(out.length, 'is', 'are')} out of stock.`,
    );
    const fewest = [...low].sort((a, b) => a.quantityAvailable - b.quantityAvailable)[0] as SimRow;
    expect(response).toContain(`package ${fewest.packageId}): ${fewest.quantityAvailable} unit`);
    expect(navigation).toBe('/inventory');
    // The other store's answer is its own.
    const northLow = northRows.filter((r) => r.quantityAvailable > 0 && r.quantityAvailable <= 5);
    expect((await ask(north, 'What is low on stock?')).response).toContain(`**${northLow.length}** package`);
  });

  it('expiring: the in-stock packages expiring within 30 days, soonest first, with days left', async () => {
    const soon = rows
      .filter((r) => r.expirationDate && r.quantityAvailable > 0 && daysLeft(r) >= 0 && daysLeft(r) <= 30)
      .sort((a, b) => (a.expirationDate ?? '').localeCompare(b.expirationDate ?? ''));
    expect(soon.length).toBeGreaterThan(0);
    const { response } = await ask(shop, 'What expires soon?');
    const first = soon[0] as SimRow;
    const left = daysLeft(first);
    const inWords = left === 0 ? 'expires today' : `${left} day${left === 1 ? '' : 's'} left`;
    expect(response).toContain(
      `package ${first.packageId}): ${first.quantityAvailable} unit${first.quantityAvailable === 1 ? '' : 's'}, expires ${first.expirationDate?.slice(0, 10)} (${inWords})`,
    );
    // Past ten, the answer says how many it left out; up to ten, it says nothing of the kind.
    expect(response.match(/Showing 10 of \d+\./)?.[0] ?? null).toBe(
      soon.length > 10 ? `Showing 10 of ${soon.length}.` : null,
    );
  });

  it('where and how many: by package id and by SKU, with the rooms holding the units', async () => {
    const row = rows.find(
      (r) => r.roomQuantities.filter((q) => q.quantityAvailable > 0).length === 2,
    ) as SimRow;
    const rooms = row.roomQuantities
      .filter((q) => q.quantityAvailable > 0)
      .map((q) => `${q.room} (${q.quantityAvailable})`)
      .join(', ');
    const byId = (await ask(shop, `Where is ${row.packageId}?`)).response;
    expect(byId).toContain(
      `- **${row.productName}** (SKU ${row.sku}, package ${row.packageId}): ${row.quantityAvailable} units at ${rooms}`,
    );
    const sameSku = rows.filter((r) => r.sku === row.sku);
    const bySku = (await ask(shop, `How many ${row.sku} do we have?`)).response;
    for (const r of sameSku.slice(0, 10)) expect(bySku).toContain(`package ${r.packageId})`);
    // A package of another store is not found here.
    const theirs = northRows.find((r) => !rows.some((mine) => mine.packageId === r.packageId)) as SimRow;
    expect((await ask(shop, `Where is ${theirs.packageId}?`)).response).toContain('I found **no product**');
  });

  it('inventory value: cost and retail of the units in stock, as Dutchie reports them', async () => {
    const held = rows.filter((r) => r.quantityAvailable > 0);
    const cost = held.reduce((s, r) => s + r.quantityAvailable * r.unitCost, 0);
    const retail = held.reduce((s, r) => s + r.quantityAvailable * r.unitPrice, 0);
    const { response } = await ask(shop, 'What is my inventory worth?');
    expect(response).toContain(
      `Your inventory is worth **${usd(Math.round(cost * 100) / 100)}** at cost (**${usd(Math.round(retail * 100) / 100)}** at retail price): ${held.length} packages in stock`,
    );
  });

  it('Dutchie down with nothing read yet: the sorry message, no figures', async () => {
    const cold = await createTenant(t, 'Coldstart', { useDutchie: true, dutchieApiKey: SIM_KEY });
    await sim.fault({ mode: 'error', status: 500 });
    try {
      expect((await ask(cold, 'What is low on stock?')).response).toBe(
        'Sorry, I encountered an error. Please try again later.',
      );
    } finally {
      await sim.reset();
    }
  });
});
