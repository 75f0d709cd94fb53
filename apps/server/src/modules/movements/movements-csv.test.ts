import type { TMovementsResponse, TProduct } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A till's daily export as a CSV of movements, and the movements report.

let t: TestApp;
let a: Tenant;
let b: Tenant;
const places = { store: 0, floor: 0, back: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const op = (method: Method, url: string, payload?: object, token = a.operator.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = async (id: number) => (await op('GET', `/api/inventory/${id}`)).json() as TProduct;

/** A multipart upload of `text` as `name`, as a browser's form sends it. */
function upload(text: string, name = 'till-2026-11-28.csv', token = a.operator.token) {
  const boundary = '----quantics-test-boundary';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/inventory/movements/import',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

let serial = 0;
async function create(payload: object): Promise<TProduct> {
  serial += 1;
  const res = await op('POST', '/api/inventory', {
    name: `Till item ${serial}`,
    sku: `TL${2000 + serial}`,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const location = async (name: string, parent?: number) => {
  const res = await op('POST', '/api/locations', { name, parent_location_id: parent ?? null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Till CSV A');
  b = await createTenant(t, 'Till CSV B');
  places.store = await location('Harbor Store');
  places.floor = await location('Sales floor', places.store);
  places.back = await location('Back room', places.store);
  // An embedded database and its migrations take minutes on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe("a till's CSV of movements", () => {
  it('applies every line, places by path, and the same file again applies nothing', async () => {
    const one = await create({ quantity: 10, location_id: places.floor });
    const two = await create({
      stock: [
        { location_id: places.floor, quantity: 3 },
        { location_id: places.back, quantity: 7 },
      ],
    });
    const csv = [
      'SKU,Location,Delta,Reason,At,Reference',
      `${one.sku},,-2,sale,2026-11-28T10:00:00Z,receipt 1`,
      `${two.sku},Harbor Store > Back room,-1,Sale,2026-11-28T11:00:00Z,receipt 2`,
      `${one.sku},,1,return,2026-11-28T12:00:00Z,"receipt 3, returned"`,
    ].join('\r\n');
    const res = await upload(`\uFEFF${csv}\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as TMovementsResponse;
    expect(r).toMatchObject({ applied: 3, duplicates: 0 });
    expect((await get(one.id)).quantity).toBe(9);
    expect((await get(two.id)).stock.find((s) => s.location_id === places.back)?.quantity).toBe(6);
    const again = await upload(`\uFEFF${csv}\r\n`);
    expect(again.json()).toMatchObject({ applied: 0, duplicates: 3 });
    expect((await get(one.id)).quantity).toBe(9);
  });

  it('refuses the whole file when a line is bad, naming its row, and changes nothing', async () => {
    const p = await create({ quantity: 5, location_id: places.floor });
    const two = await create({
      stock: [
        { location_id: places.floor, quantity: 1 },
        { location_id: places.back, quantity: 1 },
      ],
    });
    const cases: [string, string][] = [
      [`${p.sku},,two,sale`, 'Row 3, delta: must be a whole number other than 0'],
      [`NOSUCH,,-1,sale`, 'Row 3, sku: no product of this company has it'],
      [`${p.sku},Nowhere,-1,sale`, 'Row 3, location: is not one of your locations'],
      [
        `${p.sku},,-1,stolen`,
        'Row 3, reason: must be one of sale, return, receipt, transfer_in, transfer_out, adjustment',
      ],
      [
        `${two.sku},,-1,sale`,
        'Row 3, location: this product is stocked in several places: name the place in the location column',
      ],
    ];
    for (const [line, message] of cases) {
      const res = await upload(`sku,location,delta,reason\n${p.sku},,-1,sale\n${line}\n`);
      expect(res.statusCode, line).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const [text, message] of [
      ['sku,delta\nA,1\n', 'The file has no reason column'],
      [
        'sku,delta,reason\n',
        'The file has no movements: a header line (sku, location, delta, reason, at, reference), then one per line',
      ],
      [
        '',
        'The file has no movements: a header line (sku, location, delta, reason, at, reference), then one per line',
      ],
    ] as const) {
      const res = await upload(text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await get(p.id)).quantity).toBe(5);
  });

  it('is for operators and admins of the company, and never touches another company', async () => {
    const p = await create({ quantity: 5, location_id: places.floor });
    expect((await upload(`sku,delta,reason\n${p.sku},-1,sale\n`, 'x.csv', a.member.token)).statusCode).toBe(
      403,
    );
    const other = await upload(`sku,delta,reason\n${p.sku},-1,sale\n`, 'x.csv', b.operator.token);
    expect(other.statusCode).toBe(400);
    expect((await get(p.id)).quantity).toBe(5);
  });
});

describe('the movements report', () => {
  it("streams the company's movements in the dates asked, oldest first, with the product and place", async () => {
    const p = await create({ quantity: 4, location_id: places.floor });
    const sent = await op('POST', '/api/inventory/movements', {
      movements: [
        { sku: p.sku, delta: -1, reason: 'sale', at: '2026-10-05T09:30:00Z', reference: '=HYPERLINK("x")' },
        { sku: p.sku, delta: 6, reason: 'receipt', at: '2026-10-06T09:30:00Z', reference: 'PO 77' },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await op('GET', '/api/reports/movements.csv?from=2026-10-05&to=2026-10-06');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'At,Recorded at,SKU,Product,Location,Delta,Quantity after,Reason,By,Reference,Audit,Client id',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 8))).toEqual([
      [p.sku, p.name, 'Sales floor', '-1', '3', 'Sale'],
      [p.sku, p.name, 'Sales floor', '6', '9', 'Receipt'],
    ]);
    // A reference a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const none = await op(
      'GET',
      '/api/reports/movements.csv?from=2026-10-05&to=2026-10-06',
      undefined,
      b.admin.token,
    );
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
    for (const bad of ['?from=yesterday', '?from=2026-10-07&to=2026-10-01']) {
      const r = await op('GET', `/api/reports/movements.csv${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(typeof r.json().message).toBe('string');
    }
  });
});
