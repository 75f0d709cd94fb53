import type { TImportResult, TLocation } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../lib/multipart-body.ts';
import { bearer } from '../../test/factories.ts';
import { addPlace, addStockedProduct } from '../../test/stock-places.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { BULK_IMPORT_ROWS } from './import.repo.ts';

// The catalogue CSV with stock by location: one line per SKU and place, in and out.

let t: TestApp;
let a: Tenant;
let b: Tenant;
const HEADER =
  'name,sku,description,category,vendor,unit_cost,retail_price,quantity,min_stock_level,location,expiration_date,gtin,epc';

async function upload(tenant: Tenant, csv: string, query = ''): Promise<TImportResult> {
  const body = multipartBody(csv);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/inventory/bulk-upload${query}`,
    headers: { ...bearer(tenant.operator.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const get = (tenant: Tenant, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tenant.operator.token) });

/**
 * A company's catalogue as the database holds it, places as paths (so two companies compare): every product's columns
 * and home, and its stock rows.
 */
async function catalogue(tenant: Tenant, skus?: string[]) {
  const paths = new Map(
    ((await get(tenant, '/api/locations')).json() as TLocation[]).map((l) => [l.id, l.path]),
  );
  const place = (id: number | null) => (id === null ? null : paths.get(id));
  const only = skus ? sql`and p.sku in (${sql.join(skus, sql`, `)})` : sql``;
  const products = await t.database.db.execute<Record<string, unknown> & { location_id: number | null }>(sql`
    select p.sku, p.name, p.description, p.category, p.vendor, p.unit_cost::text, p.retail_price::text, p.quantity,
      p.min_stock_level, p.location_id, p.expiration_date::text, p.gtin, p.epc, p.rfid_tag, p.is_epc_explicit
    from products p where p.company_id = ${tenant.companyId} ${only} order by p.sku`);
  const stock = await t.database.db.execute<{
    sku: string;
    location_id: number | null;
    quantity: number;
  }>(sql`
    select p.sku, s.location_id, s.quantity from stock s
    join products p on p.company_id = s.company_id and p.id = s.product_id
    where s.company_id = ${tenant.companyId} ${only} order by p.sku, s.place`);
  const stockRows = stock.rows.map((r) => ({
    sku: r.sku,
    place: place(r.location_id),
    quantity: Number(r.quantity),
  }));
  return {
    products: products.rows.map(({ location_id, ...p }) => ({ ...p, home: place(location_id) })),
    stock: stockRows.sort((x, y) => `${x.sku} ${x.place}`.localeCompare(`${y.sku} ${y.place}`)),
  };
}
const stockOf = async (tenant: Tenant, sku: string) => (await catalogue(tenant, [sku])).stock;
const productOf = async (tenant: Tenant, sku: string) => (await catalogue(tenant, [sku])).products[0];

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Places Import A');
  b = await createTenant(t, 'Places Import B');
});
afterAll(() => t.close());

describe('one line per SKU and place', () => {
  it('one SKU on two lines in two places is one product with two stock rows; its home is its first place', async () => {
    const csv = `name,sku,quantity,location\nAlpine Tent,TENT1,3,Harbor > Floor\nAlpine Tent,TENT1,5,Harbor > Back\n`;
    const result = await upload(a, csv);
    expect(result.summary).toEqual({ successful: 2, failed: 0, created: 1, updated: 0 });
    expect(result.locations_created).toEqual(['Harbor', 'Harbor > Floor', 'Harbor > Back']);
    expect(await stockOf(a, 'TENT1')).toEqual([
      { sku: 'TENT1', place: 'Harbor > Back', quantity: 5 },
      { sku: 'TENT1', place: 'Harbor > Floor', quantity: 3 },
    ]);
    expect(await productOf(a, 'TENT1')).toMatchObject({ quantity: 8, home: 'Harbor > Floor' });
  });

  it('a line sets its place and leaves the product’s other places as they are', async () => {
    const result = await upload(a, 'name,sku,quantity,location\nAlpine Tent,TENT1,7,Harbor > Back\n');
    expect(result.summary).toEqual({ successful: 1, failed: 0, created: 0, updated: 1 });
    expect(await stockOf(a, 'TENT1')).toEqual([
      { sku: 'TENT1', place: 'Harbor > Back', quantity: 7 },
      { sku: 'TENT1', place: 'Harbor > Floor', quantity: 3 },
    ]);
    // A new place is added; an empty location is the "no location" place; an empty quantity keeps a place's units.
    await upload(a, 'name,sku,quantity,location\nAlpine Tent,TENT1,2,\nAlpine Tent,TENT1,,Harbor > Floor\n');
    expect(await stockOf(a, 'TENT1')).toEqual([
      { sku: 'TENT1', place: 'Harbor > Back', quantity: 7 },
      { sku: 'TENT1', place: 'Harbor > Floor', quantity: 3 },
      { sku: 'TENT1', place: null, quantity: 2 },
    ]);
    expect(await productOf(a, 'TENT1')).toMatchObject({ quantity: 12, home: 'Harbor > Floor' });
  });

  it('a file without a location column sets the home place, as before stock by location', async () => {
    await upload(a, 'name,sku,quantity,location\nLantern,LAMP1,4,Harbor > Back\n');
    const result = await upload(a, 'name,sku,quantity\nLantern,LAMP1,9\nStove,STOVE1,1\n');
    expect(result.summary).toEqual({ successful: 2, failed: 0, created: 1, updated: 1 });
    expect(await stockOf(a, 'LAMP1')).toEqual([{ sku: 'LAMP1', place: 'Harbor > Back', quantity: 9 }]);
    expect(await stockOf(a, 'STOVE1')).toEqual([{ sku: 'STOVE1', place: null, quantity: 1 }]);
  });

  it('a later line contradicting the first is a row error naming the row and the column; nothing is dropped silently', async () => {
    const csv = [
      'name,sku,unit_cost,vendor,quantity,location,epc',
      'Camp Chair,CHAIR1,10.00,Acme,1,Harbor > Floor,',
      'Camp Chair,CHAIR1,10,,2,Harbor > Back,', // 10 is 10.00; an empty vendor says nothing
      'Camp Chair XL,CHAIR1,10.00,Acme,3,Pine,',
      'Camp Chair,CHAIR1,12.50,Other,4,Harbor,',
      'Camp Chair,CHAIR1,,,5,Harbor > Floor,', // the same place twice
      `Camp Chair,CHAIR1,,,6,Annex,${'A'.repeat(24)}`,
    ].join('\n');
    const result = await upload(a, `${csv}\n`);
    expect(result.summary).toEqual({ successful: 2, failed: 4, created: 1, updated: 0 });
    const first =
      'from its first row (row 2): a SKU on several rows takes everything but quantity and location from its first row';
    expect(result.details.failed).toEqual([
      { row: 4, sku: 'CHAIR1', message: `The name of SKU CHAIR1 differs ${first}` },
      {
        row: 5,
        sku: 'CHAIR1',
        message: `The vendor and unit_cost of SKU CHAIR1 differ ${first}`,
      },
      {
        row: 6,
        sku: 'CHAIR1',
        message:
          'SKU CHAIR1 appears more than once at Harbor > Floor in this file (first on row 2): give each place one row',
      },
      { row: 7, sku: 'CHAIR1', message: `The epc of SKU CHAIR1 differs ${first}` },
    ]);
    // Every line is either a stock row or a row error; no location was made for a line in error.
    expect(result.summary.successful + result.summary.failed).toBe(6);
    expect(result.locations_created).not.toContain('Pine');
    expect(await stockOf(a, 'CHAIR1')).toEqual([
      { sku: 'CHAIR1', place: 'Harbor > Back', quantity: 2 },
      { sku: 'CHAIR1', place: 'Harbor > Floor', quantity: 1 },
    ]);
    expect(await productOf(a, 'CHAIR1')).toMatchObject({
      name: 'Camp Chair',
      unit_cost: '10.00',
      vendor: 'Acme',
    });
  });

  it('a product-wide error (a past date, a tag taken) fails every line of its SKU; limits are row errors too', async () => {
    const csv = [
      'name,sku,quantity,location,expiration_date',
      'Old Gas,GAS1,1,Harbor > Floor,2020-01-01',
      'Old Gas,GAS1,2,Harbor > Back,',
      'Heavy,HEAVY1,600000000,Harbor > Floor,',
      'Heavy,HEAVY1,600000000,Harbor > Back,',
    ].join('\n');
    const result = await upload(a, `${csv}\n`);
    expect(result.summary).toEqual({ successful: 0, failed: 4, created: 0, updated: 0 });
    expect(result.details.failed.map((f) => [f.row, f.message])).toEqual([
      [2, 'Expiration date cannot be earlier than today'],
      [3, 'Expiration date cannot be earlier than today'],
      [4, 'SKU HEAVY1 would hold more than 1,000,000,000 units in all its places'],
      [5, 'SKU HEAVY1 would hold more than 1,000,000,000 units in all its places'],
    ]);
    expect(await catalogue(a, ['GAS1', 'HEAVY1'])).toEqual({ products: [], stock: [] });
  });

  it('a dry run answers per line and writes nothing', async () => {
    const before = await catalogue(a);
    const result = await upload(
      a,
      'name,sku,quantity,location\nAlpine Tent,TENT1,1,Pine\nAlpine Tent,TENT1,1,Harbor\n',
      '?dryRun=true',
    );
    expect(result).toMatchObject({
      dry_run: true,
      summary: { successful: 2, failed: 0, created: 0, updated: 1 },
    });
    expect(await catalogue(a)).toEqual(before);
  });
});

describe('a large file', () => {
  /** Lines `name,sku,quantity,location` for `count` SKUs (of one width: a SKU's tag is made from it), as `lineOf` gives. */
  const lines = (count: number, lineOf: (n: number, sku: string) => string[]) =>
    Array.from({ length: count }, (_, i) => lineOf(i, `BULK${String(i).padStart(5, '0')}`)).flat();
  const send = async (tenant: Tenant, body: string[], chunk: number) => {
    const results: TImportResult[] = [];
    for (let i = 0; i < body.length; i += chunk) {
      results.push(
        await upload(tenant, `name,sku,quantity,location\n${body.slice(i, i + chunk).join('\n')}\n`),
      );
    }
    return results.map((r) => r.summary);
  };

  it(`a file of ${BULK_IMPORT_ROWS} lines or more (joined by hash) lands as the same lines sent in small files`, async () => {
    const bulk = await createTenant(t, 'Places Import Bulk');
    const small = await createTenant(t, 'Places Import Small');
    const count = Math.ceil(BULK_IMPORT_ROWS / 2) + 50;
    // Every SKU in two places of one store; one with a quantity too large for its total.
    const first = lines(count, (n, sku) => [
      `Item ${n},${sku},${n === 7 ? 999_999_999 : n % 9},Store > Floor`,
      `Item ${n},${sku},${n % 4},Store > Back`,
    ]);
    expect(first.length).toBeGreaterThanOrEqual(BULK_IMPORT_ROWS);
    expect(await send(bulk, first, first.length)).toEqual([
      { successful: first.length - 2, failed: 2, created: count - 1, updated: 0 },
    ]);
    await send(small, first, BULK_IMPORT_ROWS / 2 - 1);
    const afterFirst = await catalogue(bulk);
    expect(afterFirst.stock).toHaveLength((count - 1) * 2);
    expect(afterFirst).toEqual(await catalogue(small));

    // Again, as a re-import: the floor set anew, the back left as it is (an empty quantity), every third SKU
    // in a new place, and one SKU whose kept back room takes its total over the limit.
    const second = lines(count, (n, sku) => [
      `Item ${n} v2,${sku},${n === 11 ? 999_999_999 : (n + 1) % 7},Store > Floor`,
      `Item ${n} v2,${sku},,Store > Back`,
      ...(n % 3 === 0 ? [`Item ${n} v2,${sku},5,Store > Door`] : []),
    ]);
    // SKU 7, refused before, is new now; SKU 11's back room, kept, takes its total over the limit.
    expect(await send(bulk, second, second.length)).toEqual([
      { successful: second.length - 2, failed: 2, created: 1, updated: count - 2 },
    ]);
    await send(small, second, BULK_IMPORT_ROWS / 2 - 1);
    const afterSecond = await catalogue(bulk);
    expect(afterSecond).toEqual(await catalogue(small));
    expect(afterSecond.stock.filter((r) => r.sku === 'BULK00003')).toEqual([
      { sku: 'BULK00003', place: 'Store > Back', quantity: 3 },
      { sku: 'BULK00003', place: 'Store > Door', quantity: 5 },
      { sku: 'BULK00003', place: 'Store > Floor', quantity: 4 },
    ]);
    expect(await productOf(bulk, 'BULK00003')).toMatchObject({ name: 'Item 3 v2', quantity: 12 });
  });
});

describe('export and template', () => {
  it('the template is unchanged: its columns and one example line', async () => {
    const res = await get(a, '/api/inventory/csv-template');
    expect(res.body).toBe(
      `${HEADER}\nBlue Dream 3.5g,BD35,"Indoor flower, 3.5 gram jar",Flower,Green Valley Farms,12.50,35.00,24,5,Main Store > Backroom,2027-06-30,,\n`,
    );
  });

  it('exports one line per SKU and place, home first, and round-trips exactly', async () => {
    const store = await addPlace(t, a, 'Pine Store');
    const back = await addPlace(t, a, 'Back room', store);
    const floor = await addPlace(t, a, 'Sales floor', store);
    await addStockedProduct(t, a, { name: 'Kayak, 2P', sku: 'KAYAK1', location_id: floor }, [
      { location_id: back, quantity: 4 },
      { location_id: floor, quantity: 6 },
      { location_id: null, quantity: 1 },
    ]);
    const res = await get(a, '/api/inventory/export.csv?search=KAYAK1');
    expect(res.body.trim().split('\n')).toEqual([
      HEADER,
      '"Kayak, 2P",KAYAK1,,,,0.00,0.00,6,0,Pine Store > Sales floor,,,',
      '"Kayak, 2P",KAYAK1,,,,0.00,0.00,4,0,Pine Store > Back room,,,',
      '"Kayak, 2P",KAYAK1,,,,0.00,0.00,1,0,,,,',
    ]);

    const all = (await get(a, '/api/inventory/export.csv')).body;
    const before = await catalogue(a);
    // Back into the same company: every line lands and nothing changes.
    const again = await upload(a, all);
    expect(again.summary).toMatchObject({ successful: before.stock.length, failed: 0, created: 0 });
    expect(await catalogue(a)).toEqual(before);
    // Into an empty company: the same products, homes and stock rows.
    const copied = await upload(b, all);
    expect(copied.summary).toMatchObject({ successful: before.stock.length, failed: 0, updated: 0 });
    expect(await catalogue(b)).toEqual(before);
  });
});
