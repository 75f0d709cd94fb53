import type { TReceipt } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import type { StoredReceipt } from '../lib/count-store';
import { receivingFigures } from './receipt-panel';

const kept: StoredReceipt = {
  shipmentId: 1,
  reference: 'ASN-1',
  supplier: 'Northwind',
  destination: 'Dock',
  unitsExpected: 7,
  cartonsCount: 3,
  lines: [
    { sku: 'TEE', name: 'Tee', expected: 2 },
    { sku: 'CAP', name: 'Cap', expected: 3 },
    { sku: 'MUG', name: 'Mug', expected: 2 },
  ],
  cartons: [
    { sscc: '106141412345678908', skus: ['TEE'] },
    { sscc: '006141410000000012', skus: ['CAP'] },
    { sscc: '006141410000000029', skus: ['MUG'] },
  ],
};

const serverLine = (sku: string, expected: number, received: number) => ({
  product_id: 1,
  sku,
  name: sku,
  expected,
  received,
  difference: received - expected,
  status: 'short' as const,
  review: null,
});

describe('receivingFigures: the receipt on the Count screen', () => {
  it("sets this handheld's reads against the kept lines, offline too: cartons by label or by an item read", () => {
    const f = receivingFigures(
      kept,
      {
        unitsBySku: new Map([
          ['TEE', { name: 'Tee', units: 2 }],
          ['CAP', { name: 'Cap', units: 1 }],
          ['SOCK', { name: 'Sock', units: 1 }],
        ]),
        ssccs: ['006141410000000029'],
      },
      null,
    );
    expect(f.lines.map((l) => [l.sku, l.expected, l.received, l.status])).toEqual([
      ['CAP', 3, 1, 'short'],
      ['MUG', 2, 0, 'short'],
      ['SOCK', 0, 1, 'not_on_shipment'],
      ['TEE', 2, 2, 'ok'],
    ]);
    expect(f.cartons.map((c) => c.isReceived)).toEqual([true, true, true]);
    expect([f.unitsExpected, f.unitsReceived]).toEqual([7, 4]);
  });

  it("takes the portal's receipt so far (every handheld's reads) where it is ahead, line by line", () => {
    const server: TReceipt = {
      audit_id: 9,
      state: 'open',
      lines: [serverLine('CAP', 3, 3), serverLine('TEE', 2, 0)],
      unknown_codes: [{ code: 'MYSTERY', units: 1 }],
      cartons: [
        { sscc: '106141412345678908', status: 'missing' },
        { sscc: '006141410000000012', status: 'received' },
        { sscc: '006141410000000029', status: 'missing' },
      ],
      serials_not_read: [{ epc: '3034257BF7194E4000000002', gtin: '80614141123458', serial: '2' }],
      units_expected: 7,
      units_received: 3,
      units_short: 4,
      units_over: 0,
      lines_awaiting_approval: 0,
    };
    const local = { unitsBySku: new Map([['TEE', { name: 'Tee', units: 1 }]]), ssccs: [] };
    const f = receivingFigures(kept, local, server);
    expect(f.lines.find((l) => l.sku === 'CAP')).toMatchObject({ received: 3, status: 'ok' });
    expect(f.lines.find((l) => l.sku === 'TEE')).toMatchObject({ received: 1, status: 'short' });
    expect(f.cartons.map((c) => c.isReceived)).toEqual([true, true, false]);
    expect([f.unknownCodes, f.serialsNotRead]).toEqual([1, 1]);
  });

  it('shows the summary until the shipment’s lines come (a receipt started offline)', () => {
    const f = receivingFigures({ ...kept, lines: null, cartons: null }, null, null);
    expect([f.lines, f.cartons, f.unitsExpected, f.unitsReceived]).toEqual([[], [], 7, 0]);
  });
});
