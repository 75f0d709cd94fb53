import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, CSV_MESSAGES, CSV_PRODUCT_COLUMNS } from './inventory-csv.ts';

describe('the catalogue CSV by place', () => {
  it('holds every column but quantity and location to a SKU’s first row, in the template’s order', () => {
    expect(CSV_PRODUCT_COLUMNS).toEqual(CSV_COLUMNS.filter((c) => c !== 'quantity' && c !== 'location'));
    expect(CSV_PRODUCT_COLUMNS).toContain('epc');
  });

  it('names the row and the columns a later row contradicts', () => {
    const tail = 'a SKU on several rows takes everything but quantity and location from its first row';
    expect(CSV_MESSAGES.contradicts('BD35', ['name'], 2)).toBe(
      `The name of SKU BD35 differs from its first row (row 2): ${tail}`,
    );
    expect(CSV_MESSAGES.contradicts('BD35', ['vendor', 'unit_cost'], 3)).toBe(
      `The vendor and unit_cost of SKU BD35 differ from its first row (row 3): ${tail}`,
    );
    expect(CSV_MESSAGES.contradicts('BD35', ['name', 'vendor', 'gtin'], 2)).toMatch(
      /^The name, vendor and gtin of SKU BD35 differ /,
    );
  });

  it('says which place a SKU repeats, and the limits of a product’s places', () => {
    expect(CSV_MESSAGES.duplicatePlace('BD35', 'Main Store > Backroom', 4)).toBe(
      'SKU BD35 appears more than once at Main Store > Backroom in this file (first on row 4): give each place one row',
    );
    expect(CSV_MESSAGES.duplicatePlace('BD35', null, 4)).toBe(
      'SKU BD35 appears more than once with no location in this file (first on row 4): give each place one row',
    );
    expect(CSV_MESSAGES.duplicateSku('BD35', 2)).toBe(
      'SKU BD35 appears more than once in this file (first on row 2)',
    );
    expect(CSV_MESSAGES.totalTooLarge('BD35')).toBe(
      'SKU BD35 would hold more than 1,000,000,000 units in all its places',
    );
    expect(CSV_MESSAGES.tooManyPlaces('BD35')).toBe('SKU BD35 would be kept in more than 500 places');
  });
});
