import { describe, expect, it } from 'vitest';
import type { TDutchieItem } from './dutchie.ts';
import { printableFromPackage, printablePlace } from './printable.ts';

const pkg: TDutchieItem = {
  packageId: '1A4000061401001101000073',
  productId: 73,
  sku: 'CON1101-00073',
  productName: 'Summit Granddaddy Purple Shatter 1g',
  vendor: 'Mountain Top Gardens',
  brandName: 'Summit',
  category: 'Concentrates',
  strain: 'Granddaddy Purple',
  quantity: 4,
  unitCost: 25.91,
  unitPrice: 45,
  expirationDate: '2027-01-31',
  rooms: [
    { roomId: 2, roomName: 'Backstock', quantity: 3 },
    { roomId: 1, roomName: 'Sales Floor', quantity: 1 },
  ],
  lastModified: null,
};

describe('printableFromPackage (the spec: a Printable product derived from a package record)', () => {
  it('uses the package id as id, SKU and EPC source: a Metrc label is the EPC; RFID text is its first 6 plus last 6', () => {
    expect(printableFromPackage(pkg)).toEqual({
      id: '1A4000061401001101000073',
      name: 'Summit Granddaddy Purple Shatter 1g',
      sku: '1A4000061401001101000073',
      vendor: 'Mountain Top Gardens',
      location: 'Backstock',
      quantity: 4,
      rfid_tag: '1A4000000073',
      // A Metrc label (1A4 and 21 hex digits) is what Metrc's own RFID tag carries: written as it is.
      epc: '1A4000061401001101000073',
    });
  });

  it('derives the EPC of another package id from the text of its first 6 plus last 6 characters', () => {
    const other = printableFromPackage({ ...pkg, packageId: 'PKG-2026-000073-BX' });
    expect(other.rfid_tag).toBe('PKG-20073-BX');
    // 'PKG-20073-BX' as ASCII bytes.
    expect(other.epc).toBe('504B472D32303037332D4258');
  });

  it('has no location when the package is in no room', () => {
    expect(printableFromPackage({ ...pkg, rooms: [] }).location).toBeNull();
  });
});

describe('printablePlace (a catalogue product kept in one place or several)', () => {
  const row = (location: string | null, quantity: number) => ({
    location_id: location ? 1 : null,
    location,
    quantity,
  });
  it('is the one place, or none', () => {
    expect(printablePlace({ location: 'Floor', stock: [row('Floor', 3)] })).toBe('Floor');
    expect(printablePlace({ location: null, stock: [row(null, 3)] })).toBeNull();
  });
  it('is the home and how many more places when kept in several', () => {
    const stock = [row('Back room', 5), row('Floor', 3)];
    expect(printablePlace({ location: 'Floor', stock })).toBe('Floor and 1 more place');
    expect(printablePlace({ location: null, stock: [...stock, row(null, 1)] })).toBe(
      'Back room and 2 more places',
    );
  });
});
