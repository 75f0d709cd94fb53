import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addProducts, asReader, pairReader, readsOf } from '../../test/readers.ts';
import { addPlace, addStockedProduct } from '../../test/stock-places.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { reportSource } from './report-sources.ts';
import { reportRows } from './reports.repo.ts';

let t: TestApp;
let a: Tenant;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(a.member.token) });
const rows = (body: string) => parse(body, { bom: true }) as string[][];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Reports Co');
});
afterAll(() => t.close());

describe('CSV reports', () => {
  it('says there is no data rather than sending an empty file', async () => {
    for (const type of ['inventory', 'low-stock', 'audits', 'discrepancies']) {
      const res = await get(`/api/reports/${type}.csv`);
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { message: 'No data available for the selected report' },
      ]);
    }
  });

  it('inventory: every product, UTF-8 with a BOM, named with the date, formulas neutralised', async () => {
    await addProducts(t, a.companyId, [
      { sku: 'CAFE1', quantity: 4, name: 'Café crème' },
      { sku: 'FORM1', quantity: 0, name: '=HYPERLINK("http://evil")' },
      { sku: 'LOW1', quantity: 1, name: 'Lonely' },
    ]);
    await t.database.db.execute(
      sql`UPDATE products SET min_stock_level = 2, unit_cost = 1.25 WHERE sku = 'LOW1'`,
    );
    const res = await get('/api/reports/inventory.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="quantics-inventory-report-${today}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...data] = rows(res.body);
    expect(header?.slice(0, 4)).toEqual(['Name', 'SKU', 'RFID Tag', 'EPC']);
    expect(data.map((r) => r[1])).toEqual(['FORM1', 'CAFE1', 'LOW1']);
    expect(data[0]?.[0]).toBe(`'=HYPERLINK("http://evil")`);
    expect(data[1]?.[0]).toBe('Café crème');
    expect(data[1]?.[2]).toBe('CAFE10000000');
  });

  it('low stock: products low or out, with shortage and reorder value', async () => {
    const [header, ...data] = rows((await get('/api/reports/low-stock.csv')).body);
    const at = (name: string) => header?.indexOf(name) ?? -1;
    expect(data.map((r) => r[1])).toEqual(['FORM1', 'LOW1']);
    const low = data[1] ?? [];
    expect([low[at('Shortage')], low[at('Reorder Value')]]).toEqual(['1', '1.25']);
  });

  it('audits and discrepancies: within the dates, file named with them', async () => {
    const reader = await pairReader(t, a);
    const epc = (await get('/api/inventory?search=CAFE1')).json().data[0].epc;
    const start = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name: 'Front count',
    });
    const id = start.json().audit_id;
    await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads: readsOf(epc, 2) });
    await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });

    const audits = await get(`/api/reports/audits.csv?start=${today}&end=${today}`);
    expect(audits.headers['content-disposition']).toBe(
      `attachment; filename="quantics-audits-report-${today}-to-${today}.csv"`,
    );
    const [aHeader, ...aRows] = rows(audits.body);
    expect(aRows).toHaveLength(1);
    expect(aRows[0]?.[aHeader?.indexOf('Name') ?? -1]).toBe('Front count');
    expect(aRows[0]?.[aHeader?.indexOf('Status') ?? -1]).toBe('completed');

    const [dHeader, ...dRows] = rows((await get('/api/reports/discrepancies.csv')).body);
    const cafe = dRows.find((r) => r[dHeader?.indexOf('SKU') ?? -1] === 'CAFE1') ?? [];
    expect([cafe[dHeader?.indexOf('Expected') ?? -1], cafe[dHeader?.indexOf('Found') ?? -1]]).toEqual([
      '4',
      '2',
    ]);
    expect(cafe[dHeader?.indexOf('Variance') ?? -1]).toBe('-2');
    expect(cafe[dHeader?.indexOf('Type') ?? -1]).toBe('shortage');

    const before = await get('/api/reports/audits.csv?start=2020-01-01&end=2020-01-31');
    expect(before.statusCode).toBe(404);
  });

  it('refuses unknown types and bad or reversed dates', async () => {
    const cases: [string, string][] = [
      ['/api/reports/sales.csv', 'Report type must be inventory, audits, low-stock or discrepancies'],
      ['/api/reports/audits.csv?start=2026-02-30', 'Dates must be written YYYY-MM-DD'],
      [
        '/api/reports/audits.csv?start=2026-03-02&end=2026-03-01',
        'The start date must be on or before the end date',
      ],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect([res.statusCode, res.json().message], url).toEqual([400, message]);
    }
  });

  it('streams a report page by page rather than building it in memory', async () => {
    // 12,000 products: more than two pages of 5,000; the answer is a stream whose chunks arrive separately.
    await t.database.db.execute(sql`
      INSERT INTO products (company_id, name, sku, rfid_tag, epc)
      SELECT ${a.companyId}, 'Bulk ' || i, 'B' || lpad(i::text, 6, '0'), rpad('B' || lpad(i::text, 6, '0'), 12, '0'),
        upper(encode(convert_to(rpad('B' || lpad(i::text, 6, '0'), 12, '0'), 'UTF8'), 'hex'))
      FROM generate_series(1, 12000) i`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/inventory.csv',
      headers: bearer(a.member.token),
      payloadAsStream: true,
    });
    let chunks = 0;
    let lines = 0;
    for await (const chunk of res.stream()) {
      chunks += 1;
      lines += String(chunk).split('\n').length - 1;
    }
    expect(lines).toBe(1 + 3 + 12_000);
    expect(chunks).toBeGreaterThanOrEqual(3);
  });

  it('inventory: a line per place with its units; low stock: one line, the total against the minimum', async () => {
    const floor = await addPlace(t, a, 'Floor');
    const back = await addPlace(t, a, 'Back room');
    await addStockedProduct(
      t,
      a,
      { name: 'Aardvark Tent', sku: 'TENT2P', min_stock_level: 10, location_id: floor },
      [
        { location_id: floor, quantity: 3 },
        { location_id: back, quantity: 5 },
      ],
    );
    await t.database.db.execute(sql`UPDATE products SET unit_cost = 2 WHERE sku = 'TENT2P'`);
    const [header, ...data] = rows((await get('/api/reports/inventory.csv')).body);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const lines = data.filter((r) => r[col('SKU')] === 'TENT2P');
    const cells = ['Location', 'Place', 'Quantity', 'Total Quantity', 'Status', 'Inventory Value'];
    expect(lines.map((r) => cells.map((c) => r[col(c)]))).toEqual([
      ['Floor', 'Floor', '3', '8', 'low-stock', '6.00'],
      ['Floor', 'Back room', '5', '8', 'low-stock', '10.00'],
    ]);
    // A product in one place: one line, its place and its home the same.
    const cafe = data.filter((r) => r[col('SKU')] === 'CAFE1');
    expect(cafe.map((r) => [r[col('Place')], r[col('Quantity')], r[col('Total Quantity')]])).toEqual([
      ['', '4', '4'],
    ]);

    const [lowHeader, ...low] = rows((await get('/api/reports/low-stock.csv')).body);
    const at = (name: string) => lowHeader?.indexOf(name) ?? -1;
    const tent = low.filter((r) => r[1] === 'TENT2P');
    expect(
      tent.map((r) => [r[at('Location')], r[at('Quantity')], r[at('Shortage')], r[at('Reorder Value')]]),
    ).toEqual([['Back room: 5; Floor: 3', '8', '2', '4.00']]);
  });

  it('pages the place lines without losing or repeating one, a product’s places split over two pages', async () => {
    const c = await createTenant(t, 'Reports Paging');
    const places = [await addPlace(t, c, 'P1'), await addPlace(t, c, 'P2'), await addPlace(t, c, 'P3')];
    for (const [i, sku] of ['PG1', 'PG2', 'PG3'].entries())
      await addStockedProduct(
        t,
        c,
        { name: `Paged ${sku}`, sku },
        places.slice(0, i + 1).map((location_id, n) => ({ location_id, quantity: n + 1 })),
      );
    const scope = { companyId: c.companyId, start: today, end: today, clock: t.app.audits };
    const read = async (size: number) => {
      const out: unknown[][] = [];
      for await (const page of reportRows(t.database.db, reportSource('inventory', scope), size))
        out.push(...page);
      return out.map((r) => `${r[1]}@${r[7]}=${r[8]}`);
    };
    const all = await read(1000);
    expect(all).toEqual(['PG1@P1=1', 'PG2@P1=1', 'PG2@P2=2', 'PG3@P1=1', 'PG3@P2=2', 'PG3@P3=3']);
    for (const size of [1, 2, 4]) expect(await read(size), `pages of ${size}`).toEqual(all);
  });
});
