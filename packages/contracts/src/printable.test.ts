import { describe, expect, it } from 'vitest';
import type { TDutchieItem } from './dutchie.ts';
import { printableFromPackage } from './printable.ts';

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
  it('uses the package id as id, SKU and EPC source; RFID text is its first 6 plus last 6 characters', () => {
    expect(printableFromPackage(pkg)).toEqual({
      id: '1A4000061401001101000073',
      name: 'Summit Granddaddy Purple Shatter 1g',
      sku: '1A4000061401001101000073',
      vendor: 'Mountain Top Gardens',
      location: 'Backstock',
      quantity: 4,
      rfid_tag: '1A4000000073',
      // '1A4000000073' as ASCII bytes.
      epc: '314134303030303030303733',
    });
  });

  it('has no location when the package is in no room', () => {
    expect(printableFromPackage({ ...pkg, rooms: [] }).location).toBeNull();
  });
});
