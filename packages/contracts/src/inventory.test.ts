import { describe, expect, it } from 'vitest';
import {
  earliestToday,
  INVENTORY_MESSAGES,
  normalizeSku,
  stockStatus,
  ZInventoryQuery,
  ZProductRequest,
} from './inventory.ts';
import { mapHeaders, neutralizeCsvCell, parseCsvDate, parseCsvRow } from './inventory-csv.ts';
import { pageButtons, pagination } from './pagination.ts';

describe('stockStatus', () => {
  it('is out at 0, low at or below the minimum, otherwise in stock', () => {
    expect(stockStatus(0, 5)).toBe('out-of-stock');
    expect(stockStatus(0, 0)).toBe('out-of-stock');
    expect(stockStatus(5, 5)).toBe('low-stock');
    expect(stockStatus(6, 5)).toBe('in-stock');
    expect(stockStatus(1, 0)).toBe('in-stock');
  });
});

describe('ZProductRequest', () => {
  const parse = (body: object) => ZProductRequest.safeParse(body);
  const message = (body: object) => parse(body).error?.issues[0]?.message;
  it('needs a name and a SKU, and stores the SKU in upper case with defaults of 0', () => {
    expect(message({ sku: 'A1' })).toBe('Name and SKU are required');
    expect(message({ name: 'A', sku: '  ' })).toBe('Name and SKU are required');
    const parsed = parse({ name: ' Jar ', sku: 'jar1' }).data;
    expect(parsed).toMatchObject({
      name: 'Jar',
      sku: 'JAR1',
      min_stock_level: 0,
      unit_cost: 0,
      expiration_date: null,
    });
    // Left out, the quantity and the place are the server's to decide (0 and none for a new product; a product kept in
    // several places keeps them): the request says so by leaving them undefined.
    expect(parsed?.quantity).toBeUndefined();
    expect(parsed?.location_id).toBeUndefined();
    expect(parse({ name: 'Jar', sku: 'J', location_id: '' }).data?.location_id).toBeNull();
  });
  it('takes a product’s places as stock: each place once, whole units, not with quantity', () => {
    const stock = [
      { location_id: 3, quantity: 2 },
      { location_id: null, quantity: 1 },
    ];
    expect(parse({ name: 'Jar', sku: 'J', stock }).data?.stock).toEqual(stock);
    expect(message({ name: 'Jar', sku: 'J', stock: [] })).toBe(INVENTORY_MESSAGES.stockEmpty);
    expect(message({ name: 'Jar', sku: 'J', stock: [stock[0], { location_id: 3, quantity: 5 }] })).toBe(
      INVENTORY_MESSAGES.stockPlaceTwice,
    );
    expect(message({ name: 'Jar', sku: 'J', stock: [{ location_id: '', quantity: 1 }, stock[1]] })).toBe(
      INVENTORY_MESSAGES.stockPlaceTwice,
    );
    expect(message({ name: 'Jar', sku: 'J', stock: [{ location_id: 3, quantity: -1 }] })).toBe(
      INVENTORY_MESSAGES.quantityInvalid,
    );
    expect(message({ name: 'Jar', sku: 'J', quantity: 3, stock })).toBe(INVENTORY_MESSAGES.stockWithQuantity);
  });
  it('takes cents but not fractions of a cent; whole non-negative counts', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in a browser: float noise on a cent value is still cents.
    expect(parse({ name: 'A', sku: 'A', unit_cost: 0.1 + 0.2 }).success).toBe(true);
    expect(parse({ name: 'A', sku: 'A', unit_cost: 19.99, retail_price: 0.3 }).success).toBe(true);
    expect(message({ name: 'A', sku: 'A', unit_cost: 1.005 })).toBe(
      'Unit cost must be 0 or more, in dollars and cents',
    );
    expect(message({ name: 'A', sku: 'A', quantity: 2.5 })).toBe(
      'Quantity must be a whole number of 0 or more',
    );
  });
  it('turns an empty location or date into none', () => {
    expect(parse({ name: 'A', sku: 'A', location_id: '', expiration_date: '' }).data).toMatchObject({
      location_id: null,
      expiration_date: null,
    });
    expect(message({ name: 'A', sku: 'A', expiration_date: '2027-13-01' })).toBe(
      'Expiration date must be a date (YYYY-MM-DD)',
    );
  });
});

describe('list query', () => {
  it('defaults to page 1 of 10, allows up to 1,000, and reads all as no status', () => {
    expect(ZInventoryQuery.parse({})).toMatchObject({ page: 1, limit: 10 });
    expect(ZInventoryQuery.parse({ limit: '1000', status: 'all' })).toMatchObject({
      limit: 1000,
      status: undefined,
    });
    expect(ZInventoryQuery.safeParse({ limit: '1001' }).error?.issues[0]?.message).toBe(
      'limit must be at most 1000',
    );
  });
  it('filters by a location id or none (the stock kept in no location)', () => {
    expect(ZInventoryQuery.parse({ location_id: '12' }).location_id).toBe(12);
    expect(ZInventoryQuery.parse({ location_id: 'none' }).location_id).toBe('none');
    expect(ZInventoryQuery.parse({ location_id: '' }).location_id).toBeUndefined();
    for (const bad of ['shelf', '0', '-3', '1.5', '2147483648']) {
      expect(ZInventoryQuery.safeParse({ location_id: bad }).error?.issues[0]?.message).toBe(
        'location_id must be a location id or none',
      );
    }
  });
});

describe('small rules', () => {
  it('normalizeSku keeps letters and digits in upper case', () => {
    expect(normalizeSku('bd-35 x')).toBe('BD35X');
  });
  it('earliestToday is the date at UTC-12', () => {
    expect(earliestToday(new Date('2026-03-10T11:00:00Z'))).toBe('2026-03-09');
    expect(earliestToday(new Date('2026-03-10T13:00:00Z'))).toBe('2026-03-10');
  });
  it('pagination and page buttons: first, last and two either side of the current page', () => {
    expect(pagination(2, 10, 35)).toEqual({
      page: 2,
      limit: 10,
      totalItems: 35,
      totalPages: 4,
      hasNext: true,
      hasPrev: true,
    });
    expect(pagination(1, 10, 0)).toMatchObject({ totalPages: 0, hasNext: false, hasPrev: false });
    expect(pageButtons(6, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(2, 9)).toEqual([1, 2, 3, 4, 'gap', 9]);
  });
});

describe('CSV rows', () => {
  it('matches headers without regard to case, spaces or underscores', () => {
    expect(mapHeaders(['\uFEFFName', 'S K U', 'Unit Cost', 'min-stock-level', 'Qty', 'Color'])).toEqual([
      'name',
      'sku',
      'unit_cost',
      'min_stock_level',
      'quantity',
      undefined,
    ]);
  });
  it('parses money with a dollar sign and thousands, counts, and two date forms', () => {
    const row = parseCsvRow({
      name: 'A',
      sku: 'a1',
      unit_cost: '$1,200.50',
      quantity: '1,000',
      expiration_date: '7/4/2030',
    });
    expect(row).toEqual({
      ok: true,
      value: expect.objectContaining({
        sku: 'A1',
        unit_cost: 1200.5,
        quantity: 1000,
        expiration_date: '2030-07-04',
      }),
    });
    expect(parseCsvDate('2030-02-29')).toBeUndefined();
    expect(parseCsvRow({ name: 'A', sku: 'A1', quantity: '' })).toMatchObject({
      ok: true,
      value: { quantity: null },
    });
  });
  it('says what is wrong with a bad row', () => {
    expect(parseCsvRow({ name: '', sku: 'A1' })).toEqual({
      ok: false,
      sku: 'A1',
      message: 'Name and SKU are required',
    });
    expect(parseCsvRow({ name: 'A', sku: 'A-1' })).toMatchObject({
      message: 'SKU must be 1 to 12 letters and digits',
    });
    expect(parseCsvRow({ name: 'A', sku: 'A1', quantity: '-1' })).toMatchObject({
      message: 'Quantity must be a whole number of 0 or more',
    });
    expect(parseCsvRow({ name: 'A', sku: 'A1', retail_price: 'free' })).toMatchObject({
      message: 'Retail price must be 0 or more, in dollars and cents',
    });
  });
  it('neutralises cells a spreadsheet would run as formulas, but not plain numbers', () => {
    for (const cell of ['=1+1', '+1+1', '-1+A2', '@SUM(A1)', '\tx', '\rx', '-cmd|x']) {
      expect(neutralizeCsvCell(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['Jar', '-2', '+3', '-1.25', '12']) expect(neutralizeCsvCell(cell)).toBe(cell);
  });
});
