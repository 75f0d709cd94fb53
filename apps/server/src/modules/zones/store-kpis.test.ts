import { randomUUID } from 'node:crypto';
import {
  addDays,
  companyDay,
  STORE_KPI_MESSAGES,
  type TAudit,
  type TStoreKpiResponse,
  ZONE_MESSAGES,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDayStartAt } from '../../db/company-day.ts';
import { bearer } from '../../test/factories.ts';
import { addProducts, asReader, finishCount, type PairedReader, pairReader } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Store KPIs (issue 52): a count's inventory record accuracy, and a store's record accuracy and on-shelf availability
// per company day, against figures worked out by hand (docs/zones.md).

const ZONE = 'America/New_York';
let t: TestApp;
let a: Tenant;
let b: Tenant;
let reader: PairedReader;
let today: string;
const ids: Record<string, number> = {};
const products: Record<string, number> = {};
const epcs: Record<string, string> = {};
const audits: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = a.operator.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function place(name: string, kind: string, parent?: string) {
  const res = await call('POST', '/api/locations', {
    name,
    kind,
    parent_location_id: parent ? ids[parent] : null,
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = res.json().id;
}

/** A product with empty stock rows at these places (its units arrive by movements, on the days chosen). */
async function product(sku: string, places: string[]) {
  const made = await addProducts(t, a.companyId, [
    { sku, quantity: 0, locationId: ids[places[0] ?? ''] ?? null },
  ]);
  const row = made[sku] as { id: number; epc: string };
  products[sku] = row.id;
  epcs[sku] = row.epc;
  for (const where of places) {
    await t.database.db.execute(sql`insert into stock (company_id, product_id, location_id, quantity)
      values (${a.companyId}, ${row.id}, ${ids[where] as number}, 0) on conflict do nothing`);
  }
}

/** Units moved at a place, at noon of the company's day `daysAgo` before today (0: now). */
async function move(sku: string, where: string, delta: number, daysAgo: number) {
  const at =
    daysAgo === 0
      ? undefined
      : new Date(companyDayStartAt(addDays(today, -daysAgo), ZONE).getTime() + 12 * 3_600_000);
  const res = await call('POST', '/api/inventory/movements', {
    movements: [
      {
        product_id: products[sku],
        location_id: ids[where],
        delta,
        reason: delta < 0 ? 'sale' : 'receipt',
        ...(at ? { at: at.toISOString() } : {}),
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function count(name: string, where: string, found: Record<string, number>) {
  const id = (
    await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name,
      location_id: ids[where],
    })
  ).json().audit_id as number;
  audits[name] = await finishCount(t, reader.token, id, epcs, found);
}

const kpis = (query: string, token = a.member.token) =>
  call('GET', `/api/reports/store-kpis?${query}`, undefined, token);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'KPI Co');
  b = await createTenant(t, 'Other KPI Co');
  // The company's day is its time zone's (set directly: the settings form is not what this is about).
  await t.database.db.execute(sql`update companies set time_zone = ${ZONE} where id = ${a.companyId}`);
  today = companyDay(ZONE);
  reader = await pairReader(t, a);
  await place('Store', 'store');
  await place('Floor', 'sales_floor', 'Store');
  await place('Back', 'stockroom', 'Store');
  await place('Other store', 'store');
  await product('P1', ['Floor', 'Back']);
  await product('P2', ['Floor']);
  await product('P3', ['Floor', 'Back']);
  await product('P4', ['Floor', 'Back']);
  await product('P5', ['Back']);
  await product('P6', ['Other store']);
  // Three days ago the store was stocked: P1 (floor 2, back 3), P2 (floor 1), P4 (floor 3, back 1), P5 (back 2);
  // P3 never had any. P6 is another store's.
  for (const [sku, where, units] of [
    ['P1', 'Floor', 2],
    ['P1', 'Back', 3],
    ['P2', 'Floor', 1],
    ['P4', 'Floor', 3],
    ['P4', 'Back', 1],
    ['P5', 'Back', 2],
    ['P6', 'Other store', 5],
  ] as const) {
    await move(sku, where, units, 3);
  }
  // Yesterday P2's last unit sold; today P4's floor sold out (its back still holds 1).
  await move('P2', 'Floor', -1, 1);
  await move('P4', 'Floor', -3, 0);
  // Today's counts. The floor holds P1 2, P2 0, P3 0, P4 0; its count finds P1 2, P4 1 (wrong) and P5 1 (kept in
  // the back only: misplaced, wrong): 5 products, 3 right, 60 %. Units: 2 expected, 1 off: 50 %.
  await count('Floor count', 'Floor', { P1: 2, P4: 1, P5: 1 });
  // The back holds P1 3, P3 0, P4 1, P5 2; its count finds P1 3, P4 1, P5 1 (wrong): 4 products, 3 right, 75 %.
  await count('Back count', 'Back', { P1: 3, P4: 1, P5: 1 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('record accuracy on a count', () => {
  it('is the share of its products counted exactly right, misplaced ones wrong, beside unit accuracy', async () => {
    const floor = (await call('GET', `/api/audits/${audits['Floor count']}`)).json() as TAudit;
    expect(floor).toMatchObject({
      status: 'completed',
      accuracy: 50,
      record_accuracy: 60,
      expected_count: 4,
    });
    const back = (await call('GET', `/api/audits/${audits['Back count']}`)).json() as TAudit;
    expect(back).toMatchObject({ accuracy: 83, record_accuracy: 75 });
    const list = (await call('GET', '/api/audits')).json().data as TAudit[];
    expect(list.find((x) => x.id === audits['Floor count'])?.record_accuracy).toBe(60);
  });
});

describe('GET /api/reports/store-kpis', () => {
  it("answers each company day's on-shelf availability and the counts' record accuracy", async () => {
    const res = await kpis(`location_id=${ids.Store}&from=${addDays(today, -4)}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TStoreKpiResponse;
    expect(body.store).toEqual({ id: ids.Store, name: 'Store' });
    expect(
      body.days.map((d) => [d.date, d.products_held, d.products_on_floor, d.on_shelf_availability]),
    ).toEqual([
      [addDays(today, -4), 0, 0, null],
      [addDays(today, -3), 4, 3, 75],
      [addDays(today, -2), 4, 3, 75],
      [addDays(today, -1), 3, 2, 66.7],
      [today, 3, 1, 33.3],
    ]);
    expect(body.days.at(-1)).toMatchObject({ counts: 2, record_accuracy: 67.5 });
    expect(body.days[0]).toMatchObject({ counts: 0, record_accuracy: null });
    expect(body).toMatchObject({
      from: addDays(today, -4),
      to: today,
      counts: 2,
      record_accuracy: 67.5,
      latest_record_accuracy: 75,
      on_shelf_availability: 33.3,
    });
  });

  it('defaults to the last 30 days and stops at today', async () => {
    const body = (await kpis(`location_id=${ids.Store}`)).json() as TStoreKpiResponse;
    expect(body.days).toHaveLength(30);
    expect(body).toMatchObject({ from: addDays(today, -29), to: today });
    const future = (
      await kpis(`location_id=${ids.Store}&from=${addDays(today, -1)}&to=${addDays(today, 5)}`)
    ).json();
    expect(future.to).toBe(today);
    expect(future.days).toHaveLength(2);
  });

  it('refuses bad input with a message and its field', async () => {
    const cases: [string, string, string | undefined][] = [
      ['', ZONE_MESSAGES.storeRequired, 'location_id'],
      ['location_id=abc', ZONE_MESSAGES.storeRequired, 'location_id'],
      [`location_id=${ids.Floor}`, ZONE_MESSAGES.notAStore, undefined],
      [`location_id=${ids.Store}&from=yesterday`, 'from must be a date (YYYY-MM-DD)', 'from'],
      [
        `location_id=${ids.Store}&from=${today}&to=${addDays(today, -1)}`,
        STORE_KPI_MESSAGES.fromAfterTo,
        'from',
      ],
      [
        `location_id=${ids.Store}&from=${addDays(today, -400)}&to=${today}`,
        STORE_KPI_MESSAGES.tooLong,
        'from',
      ],
    ];
    for (const [query, message, field] of cases) {
      const res = await kpis(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message, ...(field ? { field } : {}) });
    }
  });

  it("keeps companies apart: another company's store is not found, and its counts never count", async () => {
    const res = await kpis(`location_id=${ids.Store}`, b.member.token);
    expect(res.statusCode).toBe(404);
    const own = await call('POST', '/api/locations', { name: 'B store', kind: 'store' }, b.operator.token);
    const body = (await kpis(`location_id=${own.json().id}`, b.member.token)).json() as TStoreKpiResponse;
    expect(body).toMatchObject({ counts: 0, record_accuracy: null, on_shelf_availability: null });
  });
});
