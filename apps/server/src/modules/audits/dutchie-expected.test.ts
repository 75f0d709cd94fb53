import { epcFromSku, type TDutchieItem } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import { expectedRows } from './dutchie-expected.ts';

const item = (packageId: string, rooms: [string, number][]): TDutchieItem => ({
  packageId,
  productId: 1,
  sku: 'S',
  productName: `Package ${packageId}`,
  vendor: null,
  brandName: null,
  category: null,
  strain: null,
  quantity: rooms.reduce((s, [, q]) => s + q, 0),
  unitCost: null,
  unitPrice: null,
  expirationDate: null,
  rooms: rooms.map(([roomName, quantity], i) => ({ roomId: i + 1, roomName, quantity })),
  lastModified: null,
});

describe('expectedRows: what a Dutchie audit expects', () => {
  it('a Metrc label is its own EPC, never merged with a label sharing its first and last six characters', () => {
    const a = item('1A4FF0300000515000000039', [['Sales Floor', 4]]);
    const b = item('1a4ff0300000516000000039', [
      ['Sales Floor', 2],
      ['Vault', 5],
    ]);
    expect(expectedRows([a, b], 'sales floor')).toEqual([
      {
        epc: '1A4FF0300000515000000039',
        package_id: a.packageId,
        name: a.productName,
        rfid_tag: '1A4FF0000039',
        expected: 4,
        in_scope: true,
        belongs: 'Sales Floor',
        is_package: true,
        units: 4,
      },
      {
        epc: '1A4FF0300000516000000039',
        package_id: b.packageId,
        name: b.productName,
        rfid_tag: '1A4FF0000039',
        expected: 2,
        in_scope: true,
        belongs: 'Sales Floor, Vault',
        is_package: true,
        units: 7,
      },
    ]);
  });

  it('another package id keeps the first-6-plus-last-6 tag, and two whose tags collide are one row', () => {
    const a = item('PKG-2026-000073-BX', [['Vault', 3]]);
    const b = item('PKG-2027-999073-BX', [['Vault', 1]]);
    const rows = expectedRows([a, b], null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ epc: epcFromSku(a.packageId), expected: 4, is_package: false, units: 4 });
  });
});
