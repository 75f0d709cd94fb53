import type { TImportResult, TInventoryListResponse, TLocation, TProduct } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../lib/multipart-body.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;

async function upload(
  content: string | Buffer,
  opts: { filename?: string; query?: string; token?: string } = {},
) {
  const body = multipartBody(content, opts.filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/inventory/bulk-upload${opts.query ?? ''}`,
    headers: { ...bearer(opts.token ?? a.operator.token), ...body.headers },
    payload: body.payload,
  });
}
async function imported(content: string, query = ''): Promise<TImportResult> {
  const res = await upload(content, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(a.operator.token) });
const bySku = async (sku: string) =>
  ((await get(`/api/inventory?search=${sku}`)).json() as TInventoryListResponse).data.find(
    (p) => p.sku === sku,
  ) as TProduct;
const total = async () => ((await get('/api/inventory')).json() as TInventoryListResponse).summary.total;

const nextYear = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  t = await createTestApp({ importMaxRows: 50, importMaxMb: 0.01 });
  a = await createTenant(t, 'Import Co');
});
afterAll(() => t.close());

describe('CSV template and import', () => {
  it('the template has the columns and one example row, and imports as it is', async () => {
    const res = await get('/api/inventory/csv-template');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-template.csv"');
    const [header, example, rest] = res.body.split('\n');
    expect(header).toBe(
      'name,sku,description,category,vendor,unit_cost,retail_price,quantity,min_stock_level,location,expiration_date,gtin,epc',
    );
    expect(example).toContain('BD35');
    expect(rest).toBe('');
    const result = await imported(res.body);
    expect(result.summary).toEqual({ successful: 1, failed: 0, created: 1, updated: 0 });
    expect(result.locations_created).toEqual(['Main Store', 'Main Store > Backroom']);
    expect(await bySku('BD35')).toMatchObject({ location: 'Backroom', quantity: 24, unit_cost: 12.5 });
  });

  it('reads a BOM, CRLF line ends, quoted commas, quotes and newlines, and loose header names', async () => {
    const csv =
      '\uFEFFProduct Name,SKU,Unit Cost,QTY,Description\r\n' +
      '"Jar, glass",JAR1,"$1,234.50",7,"He said ""fragile""\r\nsecond line"\r\n' +
      'Lid,lid1,0.5,12,\r\n';
    const result = await imported(csv);
    expect(result.summary).toEqual({ successful: 2, failed: 0, created: 2, updated: 0 });
    expect(await bySku('JAR1')).toMatchObject({
      name: 'Jar, glass',
      unit_cost: 1234.5,
      quantity: 7,
      description: 'He said "fragile"\r\nsecond line',
    });
    expect((await bySku('LID1')).unit_cost).toBe(0.5);
  });

  it('reports each bad row with its spreadsheet row number, and imports the good ones', async () => {
    const csv = [
      'name,sku,quantity,unit_cost,expiration_date',
      'Good one,GOOD1,5,1.00,',
      ',NONAME,1,1,',
      'Bad qty,BADQ,-3,1,',
      '', // a blank line: a row in a spreadsheet, not a product
      'Bad cost,BADC,1,1.999,',
      'Past,PAST1,1,1,2020-01-01',
      `US date,USD1,1,1,6/30/${nextYear}`,
      'Good one,GOOD1,9,1,', // no location column: a second row about the same home
      'Tag twin,GOOD10,1,1,',
    ].join('\n');
    const before = await total();
    const result = await imported(csv);
    expect(result.summary).toEqual({ successful: 2, failed: 6, created: 2, updated: 0 });
    expect(result.details.failed).toEqual([
      { row: 3, sku: 'NONAME', message: 'Name and SKU are required' },
      { row: 4, sku: 'BADQ', message: 'Quantity must be a whole number of 0 or more' },
      { row: 6, sku: 'BADC', message: 'Unit cost must be 0 or more, in dollars and cents' },
      { row: 7, sku: 'PAST1', message: 'Expiration date cannot be earlier than today' },
      { row: 9, sku: 'GOOD1', message: 'SKU GOOD1 appears more than once in this file (first on row 2)' },
      {
        row: 10,
        sku: 'GOOD10',
        message:
          'RFID tag GOOD10000000 is already used by SKU GOOD1; choose a SKU that gives a different tag',
      },
    ]);
    expect(result.details.truncated).toBe(false);
    expect(await total()).toBe(before + 2);
    expect((await bySku('GOOD1')).quantity).toBe(5);
    expect((await bySku('USD1')).expiration_date).toBe(`${nextYear}-06-30`);
  });

  it('export, edit, re-import: updates by SKU; empty cells and missing columns keep current values', async () => {
    const exported = await get('/api/inventory/export.csv?search=JAR1');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = exported.body.trim().split('\n');
    expect(lines).toHaveLength(3); // header + a two-line quoted description
    const edited = exported.body.replace(',7,', ',70,');
    const result = await imported(edited);
    expect(result.summary).toEqual({ successful: 1, failed: 0, created: 0, updated: 1 });
    expect(await bySku('JAR1')).toMatchObject({ quantity: 70, unit_cost: 1234.5, name: 'Jar, glass' });
    const partial = await imported('sku,name,quantity\nJAR1,Jar (glass),\n');
    expect(partial.summary.updated).toBe(1);
    expect(await bySku('JAR1')).toMatchObject({ name: 'Jar (glass)', quantity: 70, unit_cost: 1234.5 });
  });

  it('matches locations by path or unique name, creates new ones, and refuses an ambiguous name', async () => {
    const addLocation = async (name: string, parent?: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/locations',
          headers: bearer(a.operator.token),
          payload: { name, parent_location_id: parent ?? null },
        })
      ).json() as TLocation;
    // A second store with its own backroom: 'Backroom' alone no longer says which.
    await addLocation('Backroom', (await addLocation('Second Store')).id);
    const csv = 'name,sku,location\nA,LOCA,Main Store > Backroom\nB,LOCB,Backroom\nC,LOCC,Annex > Bin 4\n';
    const result = await imported(csv);
    expect(result.summary).toMatchObject({ successful: 2, failed: 1 });
    expect(result.details.failed[0]).toEqual({
      row: 3,
      sku: 'LOCB',
      message: 'Several locations are named Backroom; write its full path, e.g. "Main Store > Backroom"',
    });
    expect(result.locations_created).toEqual(['Annex', 'Annex > Bin 4']);
    expect((await bySku('LOCC')).location).toBe('Bin 4');
    const paths = ((await get('/api/locations')).json() as TLocation[]).map((l) => l.path);
    expect(paths).toContain('Annex > Bin 4');
  });

  it('a dry run answers the same and writes nothing, not even new locations', async () => {
    const csv = 'name,sku,quantity,location\nNew,DRY1,1,Dry Room\nJar,JAR1,5,\n';
    const before = { total: await total(), locations: (await get('/api/locations')).json().length };
    const result = await imported(csv, '?dryRun=true');
    expect(result).toMatchObject({
      dry_run: true,
      summary: { successful: 2, failed: 0, created: 1, updated: 1 },
      locations_created: ['Dry Room'],
    });
    expect(await total()).toBe(before.total);
    expect((await get('/api/locations')).json()).toHaveLength(before.locations);
    expect((await bySku('JAR1')).quantity).toBe(70);
  });

  it('refuses a non-CSV name, a missing column, an empty file and broken quoting, changing nothing', async () => {
    const before = await total();
    const cases: [Awaited<ReturnType<typeof upload>>, number, string][] = [
      [await upload('name,sku\nA,B\n', { filename: 'products.xlsx' }), 400, 'Please select a CSV file'],
      [
        await upload('title,sku\nA,B\n'),
        400,
        'The file has no name column. The first row must name the columns.',
      ],
      [await upload(''), 400, 'The file is empty. The first row must name the columns.'],
      [
        await upload('name,sku\n"A,B\n'),
        400,
        'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 2',
      ],
    ];
    for (const [res, status, message] of cases)
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: bearer(a.operator.token),
      payload: { file: 'x' },
    });
    expect([json.statusCode, json.json().message]).toEqual([
      400,
      'Choose a CSV file to upload (form field "file")',
    ]);
    expect(await total()).toBe(before);
  });

  it('refuses files over the row and size limits with 413, changing nothing', async () => {
    const before = await total();
    const rows = Array.from({ length: 51 }, (_, i) => `P${i},ROW${i}`).join('\n');
    const many = await upload(`name,sku\n${rows}\n`);
    expect([many.statusCode, many.json().message]).toEqual([
      413,
      'The file has more than 50 rows. Split it into smaller files.',
    ]);
    const big = await upload(`name,sku\n${'x'.repeat(20_000)},BIG\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 0.01 MB. Split it into smaller files.');
    expect(await total()).toBe(before);
  });

  it('members cannot import; the import is in the activity log', async () => {
    const res = await upload('name,sku\nA,MEMB\n', { token: a.member.token });
    expect(res.statusCode).toBe(403);
    const activity = (await get('/api/stats/activity?limit=100')).json().recentActivity;
    expect(activity.some((e: { action: string }) => e.action === 'inventory.import')).toBe(true);
  });

  it('neutralises formulas in exported cells', async () => {
    await imported('name,sku,description\n"=HYPERLINK(""http://x"")",FORM1,@SUM(A1)\n');
    const body = (await get('/api/inventory/export.csv?search=FORM1')).body;
    expect(body).toContain(`"'=HYPERLINK(""http://x"")",FORM1,'@SUM(A1)`);
  });
});
