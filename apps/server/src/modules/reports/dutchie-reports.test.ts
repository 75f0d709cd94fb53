import { packageEpc, type TDutchieItem } from '@quantics/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';

// The inventory and low-stock reports of a point-of-sale company come from its Dutchie packages.

let w: DutchieShop;
const rows = (body: string) => parse(body, { bom: true }) as string[][];
const byId = (id: string) => w.all.find((i) => i.packageId === id) as TDutchieItem;

beforeAll(async () => {
  w = await startDutchieShop();
});
afterAll(() => w?.close());

describe('reports of a point-of-sale company', () => {
  it('inventory: every package, zero quantities included, with rooms, RFID tag, EPC and value', async () => {
    const res = await w.get('/api/reports/inventory.csv');
    expect(res.status).toBe(200);
    const [header, ...data] = rows(res.body);
    expect(header).toEqual([
      'Package ID',
      'Product Name',
      'SKU',
      'RFID Tag',
      'EPC',
      'Category',
      'Vendor',
      'Brand',
      'Strain',
      'Rooms',
      'Quantity',
      'Unit Cost',
      'Unit Price',
      'Inventory Value',
      'Expiration Date',
      'Last Modified',
    ]);
    expect(data.map((r) => r[0]).sort()).toEqual(w.all.map((i) => i.packageId).sort());
    const zero = w.all.find((i) => i.quantity === 0) as TDutchieItem;
    const row = data.find((r) => r[0] === zero.packageId) as string[];
    expect(row[10]).toBe('0');
    const held = w.all.find((i) => i.quantity > 0 && i.unitCost && i.rooms.length > 1) as TDutchieItem;
    const heldRow = data.find((r) => r[0] === held.packageId) as string[];
    expect(heldRow).toEqual([
      held.packageId,
      held.productName,
      held.sku ?? '',
      held.packageId.slice(0, 6) + held.packageId.slice(-6),
      packageEpc(held.packageId),
      held.category ?? '',
      held.vendor ?? '',
      held.brandName ?? '',
      held.strain ?? '',
      held.rooms.map((r) => `${r.roomName}: ${r.quantity}`).join('; '),
      String(held.quantity),
      (held.unitCost as number).toFixed(2),
      held.unitPrice?.toFixed(2) ?? '',
      (held.quantity * (held.unitCost as number)).toFixed(2),
      held.expirationDate ?? '',
      held.lastModified ?? '',
    ]);
  });

  it('low-stock: the packages with 0 < quantity <= 5, shortage to 5 and the reorder value', async () => {
    const res = await w.get('/api/reports/low-stock.csv');
    expect(res.status).toBe(200);
    const [header, ...data] = rows(res.body);
    expect(header).toEqual([
      'Package ID',
      'Product Name',
      'SKU',
      'Vendor',
      'Category',
      'Rooms',
      'Quantity',
      'Shortage',
      'Unit Cost',
      'Reorder Value',
    ]);
    const low = w.all.filter((i) => i.quantity > 0 && i.quantity <= 5);
    expect(low.length).toBeGreaterThan(0);
    expect(data.map((r) => r[0]).sort()).toEqual(low.map((i) => i.packageId).sort());
    for (const r of data) {
      const pkg = byId(r[0] as string);
      expect(r.slice(6)).toEqual([
        String(pkg.quantity),
        String(5 - pkg.quantity),
        pkg.unitCost?.toFixed(2) ?? '',
        ((5 - pkg.quantity) * (pkg.unitCost ?? 0)).toFixed(2),
      ]);
    }
  });

  it('audits and discrepancies stay the portal’s own; a store with nothing low says so', async () => {
    expect(await w.get('/api/reports/audits.csv')).toEqual({
      status: 404,
      body: { message: 'No data available for the selected report' },
    });
    // Every low package restocked in Dutchie: the next snapshot (Refresh) has none.
    for (const i of w.all.filter((p) => p.quantity > 0 && p.quantity <= 5)) {
      await w.sim.setQuantity(i.packageId, 50);
    }
    const refreshed = await w.get('/api/dutchie-inventory?refresh=true');
    expect(refreshed.status).toBe(200);
    expect(await w.get('/api/reports/low-stock.csv')).toEqual({
      status: 404,
      body: { message: 'No Dutchie inventory data available...' },
    });
  });

  it('Dutchie refusing the key with no snapshot: a clear 502, no file', async () => {
    const refused = await w.refusedTenant('Refused');
    expect(await w.get('/api/reports/inventory.csv', refused.member.token)).toEqual({
      status: 502,
      body: { message: 'Dutchie refused the API key. An admin can replace it in Settings.' },
    });
  });
});
