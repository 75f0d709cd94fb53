import type { TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import { type DutchieSimProcess, SIM_KEY, startDutchieSim } from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Package details, search and the analytics calls, checked against what the simulator itself answers.

type SimSale = { transactionDate: string; isVoid: boolean; items: { packageId: string; quantity: number }[] };

let sim: DutchieSimProcess;
let t: TestApp;
let shop: Tenant;
let all: TDutchieItem[];

const get = async (url: string, token = shop.member.token) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const simSales = async (fromDay: string, toDay: string) => {
  const res = await sim.get(
    `/reporting/transactions?FromDateUTC=${fromDay}T00:00:00Z&ToDateUTC=${toDay}T00:00:00Z&IncludeDetail=true`,
  );
  return (await res.json()) as SimSale[];
};

beforeAll(async () => {
  sim = await startDutchieSim();
  t = await createTestApp({ dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url } });
  shop = await createTenant(t, 'Greenleaf', { useDutchie: true, dutchieApiKey: SIM_KEY });
  all = (await get('/api/dutchie-inventory?includeZero=true&limit=1000')).body.data;
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});

describe('point-of-sale details and analytics', () => {
  it('GET .../product/{packageId}: the package with its product details; 404 for one not in the store', async () => {
    const pkg = all.find((i) => i.quantity > 0) as TDutchieItem;
    const { status, body } = await get(`/api/dutchie-inventory/product/${pkg.packageId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ...pkg,
      details: { description: expect.stringContaining(pkg.productName) },
    });
    expect(body.data.details.thcContent).toEqual(expect.any(Number));
    const missing = await get('/api/dutchie-inventory/product/1A4000000000000000999999');
    expect(missing).toEqual({ status: 404, body: { message: 'Package not found' } });
  });

  it('GET .../search?q= finds packages by name, SKU or package id, zero quantities included', async () => {
    const zero = all.find((i) => i.quantity === 0) as TDutchieItem;
    const byId = await get(`/api/dutchie-inventory/search?q=${zero.packageId}`);
    expect(byId.body.data.map((i: TDutchieItem) => i.packageId)).toEqual([zero.packageId]);
    const bySku = await get(`/api/dutchie-inventory/search?q=${zero.sku}`);
    expect(bySku.body.data.map((i: TDutchieItem) => i.packageId)).toContain(zero.packageId);
    const many = await get('/api/dutchie-inventory/search?q=a');
    expect(many.body.data).toHaveLength(20);
    expect(await get('/api/dutchie-inventory/search?q=')).toEqual({
      status: 400,
      body: { message: 'Please enter a search term', field: 'q' },
    });
  });

  it('low-inventory: in stock at or under the threshold (default 10), fewest first', async () => {
    const { body } = await get('/api/dutchie-inventory/analytics/low-inventory');
    expect(body.threshold).toBe(10);
    const expected = all.filter((i) => i.quantity > 0 && i.quantity <= 10);
    expect(body.data).toHaveLength(expected.length);
    const qs = body.data.map((i: TDutchieItem) => i.quantity);
    expect(qs).toEqual([...qs].sort((a, b) => a - b));
    expect(body.total).toBe(expected.length);
    const five = await get('/api/dutchie-inventory/analytics/low-inventory?threshold=5');
    expect(five.body.data.every((i: TDutchieItem) => i.quantity > 0 && i.quantity <= 5)).toBe(true);
  });

  it('low-inventory?limit=: the first packages of the same list, fewest first, with how many there are', async () => {
    const full = await get('/api/dutchie-inventory/analytics/low-inventory?threshold=10');
    expect(full.body.data.length).toBeGreaterThan(5);
    const short = await get('/api/dutchie-inventory/analytics/low-inventory?threshold=10&limit=5');
    expect(short.status).toBe(200);
    expect(short.body.data).toEqual(full.body.data.slice(0, 5));
    expect(short.body.total).toBe(full.body.data.length);
    for (const bad of ['0', '1001', 'x', '2.5']) {
      expect(await get(`/api/dutchie-inventory/analytics/low-inventory?limit=${bad}`)).toEqual({
        status: 400,
        body: { message: 'limit must be a whole number from 1 to 1000', field: 'limit' },
      });
    }
  });

  it('expiring: in stock, expiring from today to 30 days ahead by default, soonest first with days left', async () => {
    const { body } = await get('/api/dutchie-inventory/analytics/expiring');
    expect(body.days).toBe(30);
    const expected = all.filter(
      (i) => i.quantity > 0 && i.expirationDate && i.expirationDate >= day(0) && i.expirationDate <= day(30),
    );
    expect(body.data.length).toBe(expected.length);
    expect(body.data.length).toBeGreaterThan(0);
    const first = body.data[0];
    expect(first.daysLeft).toBe(
      Math.round((Date.parse(first.expirationDate) - Date.parse(day(0))) / 86_400_000),
    );
    const week = await get('/api/dutchie-inventory/analytics/expiring?days=7');
    expect(week.body.data.every((i: { daysLeft: number }) => i.daysLeft <= 7)).toBe(true);
  });

  it('sales-floor: packages with units on the Sales Floor and their totals', async () => {
    const { body } = await get('/api/dutchie-inventory/analytics/sales-floor');
    const expected = all.filter((i) => i.rooms.some((r) => r.roomName === 'Sales Floor' && r.quantity > 0));
    expect(body.totals.packages).toBe(expected.length);
    const units = expected.reduce(
      (s, i) => s + (i.rooms.find((r) => r.roomName === 'Sales Floor')?.quantity ?? 0),
      0,
    );
    expect(body.totals.units).toBe(units);
    expect(body.totals.retailValue).toBeGreaterThan(0);
  });

  it("top-selling: units sold per package over the last 7 days, from Dutchie's transactions", async () => {
    const { status, body } = await get('/api/dutchie-inventory/analytics/top-selling');
    expect(status).toBe(200);
    expect(body.days).toBe(7);
    const sold = new Map<string, number>();
    for (const s of await simSales(day(-6), day(1))) {
      if (s.isVoid) continue;
      for (const i of s.items) sold.set(i.packageId, (sold.get(i.packageId) ?? 0) + i.quantity);
    }
    const top = body.data[0];
    expect(top.totalQuantity).toBe(Math.max(...sold.values()));
    expect(top).toEqual({
      packageId: expect.any(String),
      productName: all.find((i) => i.packageId === top.packageId)?.productName,
      vendor: expect.any(String),
      totalQuantity: sold.get(top.packageId),
    });
    expect(body.data.length).toBeLessThanOrEqual(10);
  });

  it('transactions: the last 7 days by default, newest first, with product names on the lines', async () => {
    const { body } = await get('/api/dutchie-inventory/transactions');
    expect([body.from, body.to]).toEqual([day(-6), day(0)]);
    expect(body.data.length).toBe((await simSales(day(-6), day(1))).length);
    const dates = body.data.map((s: { transactionDate: string }) => s.transactionDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.data[0].items[0].productName).not.toMatch(/^Package /);
    const bad = await get(`/api/dutchie-inventory/transactions?from=${day(-200)}&to=${day(0)}`);
    expect(bad).toEqual({ status: 400, body: { message: 'The range can be at most 90 days' } });
    expect((await get(`/api/dutchie-inventory/transactions?from=${day(0)}&to=${day(-1)}`)).status).toBe(400);
  });

  it("closing-report: one day's totals (Dutchie's 12 hour to 31 day range respected)", async () => {
    const { status, body } = await get(`/api/dutchie-inventory/closing-report?date=${day(-1)}`);
    expect(status).toBe(200);
    const sales = (await simSales(day(-1), day(0))).filter((s) => !s.isVoid);
    expect(body.date).toBe(day(-1));
    expect(body.transactionCount).toBe(sales.length);
    expect(body.netSales).toBeGreaterThan(0);
    expect(body.categories.length).toBeGreaterThan(0);
    expect(body.payments.map((p: { paymentType: string }) => p.paymentType)).toEqual(['Cash', 'Debit']);
    expect((await get('/api/dutchie-inventory/closing-report')).body.date).toBe(day(0));
    expect((await get(`/api/dutchie-inventory/closing-report?date=${day(2)}`)).status).toBe(400);
    expect((await get('/api/dutchie-inventory/closing-report?date=yesterday')).status).toBe(400);
  });

  it('every point-of-sale call tells a local-catalogue company its inventory is not in Dutchie', async () => {
    const manual = await createTenant(t, 'Local Shop');
    const urls = [
      '/api/dutchie-inventory',
      '/api/dutchie-inventory/product/ABC123',
      '/api/dutchie-inventory/search?q=x',
      '/api/dutchie-inventory/analytics/top-selling',
      '/api/dutchie-inventory/analytics/low-inventory',
      '/api/dutchie-inventory/analytics/expiring',
      '/api/dutchie-inventory/analytics/sales-floor',
      '/api/dutchie-inventory/transactions',
      '/api/dutchie-inventory/closing-report',
      '/api/settings/dutchie',
    ];
    for (const url of urls) {
      const res = await get(url, manual.admin.token);
      expect(res.status, url).toBe(409);
      expect(res.body.message, url).toMatch(/^Your company's inventory is kept in Quantics/);
    }
  });
});
