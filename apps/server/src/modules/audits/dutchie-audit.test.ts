import { randomUUID } from 'node:crypto';
import {
  AUDIT_MESSAGES,
  epcFromRfidTag,
  epcFromSku,
  READER_MESSAGES,
  type TDiscrepancy,
  type TDutchieItem,
} from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant } from '../../test/tenants.ts';

/**
 * Audits of a point-of-sale company: its Dutchie packages are the expected stock and its rooms the locations, so
 * a reader's count (tags carrying each package's EPC) is reconciled against Dutchie's quantities.
 */

let w: DutchieShop;
let reader: PairedReader;
const GHOST = epcFromRfidTag('GHOST0000000');

const start = (body: object) =>
  asReader(w.t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID(), ...body });

async function complete(id: number, reads: object[]) {
  const sent = await asReader(w.t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await asReader(w.t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  const rows = (await w.get(`/api/audits/${id}/discrepancies`)).body as TDiscrepancy[];
  return { audit: done.json(), rows };
}
const rowOf = (rows: TDiscrepancy[], p: TDutchieItem) => rows.find((r) => r.product_sku === p.packageId);
const floorUnits = (p: TDutchieItem) =>
  p.rooms.filter((r) => r.roomName === 'Sales Floor').reduce((s, r) => s + r.quantity, 0);

beforeAll(async () => {
  w = await startDutchieShop();
  reader = await pairReader(w.t, w.shop);
});
afterAll(() => w?.close());

describe('audits of a point-of-sale company', () => {
  it("whole store: every package is expected at Dutchie's quantity; shortage, overage and unknown tags", async () => {
    const inStock = w.all.filter((i) => i.quantity >= 2);
    const [exact, short, over] = inStock as [TDutchieItem, TDutchieItem, TDutchieItem];
    const zero = w.all.find((i) => i.quantity === 0) as TDutchieItem;
    const started = await start({ name: 'Whole store' });
    expect(started.statusCode, started.body).toBe(201);
    const { audit, rows } = await complete(started.json().audit_id, [
      ...readsOf(epcFromSku(exact.packageId), exact.quantity),
      ...readsOf(epcFromSku(short.packageId), short.quantity - 1),
      ...readsOf(epcFromSku(over.packageId), over.quantity + 2),
      ...readsOf(epcFromSku(zero.packageId), 1),
      { epc: GHOST },
    ]);
    const expectedUnits = w.all.reduce((s, i) => s + i.quantity, 0);
    expect(audit.tags_expected).toBe(expectedUnits);
    expect(audit.tags_found).toBe(exact.quantity + short.quantity - 1 + over.quantity + 2 + 1);
    expect(rowOf(rows, exact)).toBeUndefined();
    expect(rowOf(rows, short)).toMatchObject({
      product_name: short.productName,
      rfid_tag: short.packageId.slice(0, 6) + short.packageId.slice(-6),
      expected_quantity: short.quantity,
      found_quantity: short.quantity - 1,
      discrepancy_type: 'shortage',
    });
    expect(rowOf(rows, over)).toMatchObject({
      expected_quantity: over.quantity,
      found_quantity: over.quantity + 2,
      discrepancy_type: 'overage',
    });
    expect(rowOf(rows, zero)).toMatchObject({
      expected_quantity: 0,
      found_quantity: 1,
      discrepancy_type: 'overage',
    });
    expect(rows.find((r) => r.discrepancy_type === 'unknown')?.notes).toBe(
      'Unknown tag: reads as "GHOST0000000" and matches no product',
    );
    // Every package in stock that was not read is short by all its units.
    const unread = w.all.filter((i) => i.quantity > 0 && ![exact, short, over].includes(i));
    expect(rows.filter((r) => r.discrepancy_type === 'shortage')).toHaveLength(unread.length + 1);
    expect(audit.location).toBeNull();
  });

  it('a room: its packages at their units there, others read in it are misplaced with their rooms', async () => {
    const onFloor = w.all.filter((i) => floorUnits(i) > 0);
    const counted = onFloor[0] as TDutchieItem;
    const elsewhere = w.all.find(
      (i) => i.quantity > 0 && i.rooms.length > 0 && i.rooms.every((r) => r.roomName !== 'Sales Floor'),
    ) as TDutchieItem;
    const started = await start({ room: 'sales floor' });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().audit_id;
    // Dutchie changing after the start does not move the target: the count is against the start's quantities.
    await w.sim.setQuantity(counted.packageId, counted.quantity + 40);
    expect((await w.get('/api/dutchie-inventory?refresh=true')).status).toBe(200);
    const { audit, rows } = await complete(id, [
      ...readsOf(epcFromSku(counted.packageId), floorUnits(counted)),
      ...readsOf(epcFromSku(elsewhere.packageId), 1),
    ]);
    expect(audit.location).toBe('Sales Floor');
    expect(audit.tags_expected).toBe(onFloor.reduce((s, i) => s + floorUnits(i), 0));
    expect(audit.tags_found).toBe(floorUnits(counted));
    expect(audit.misplaced_count).toBe(1);
    expect(rowOf(rows, counted)).toBeUndefined();
    expect(rowOf(rows, elsewhere)).toMatchObject({
      discrepancy_type: 'misplaced',
      notes: `Read here, but belongs in ${elsewhere.rooms
        .filter((r) => r.quantity > 0)
        .map((r) => r.roomName)
        .join(', ')}`,
    });
    const listed = (await w.get(`/api/audits/${id}`)).body;
    expect(listed.location).toBe('Sales Floor');
  });

  it("counts cannot be applied: Dutchie's quantities are Dutchie's", async () => {
    const id = (await start({})).json().audit_id;
    await complete(id, []);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/audits/${id}/apply-counts`,
      headers: bearer(w.shop.operator.token),
      payload: { reason: 'Recount' },
    });
    expect([res.statusCode, res.json()]).toEqual([409, { message: AUDIT_MESSAGES.countsInDutchie }]);
  });

  it('refuses a room the store does not have, a location_id, and a room for a local catalogue', async () => {
    const noRoom = await start({ room: 'Vault' });
    expect([noRoom.statusCode, noRoom.json()]).toEqual([
      404,
      { message: 'Room not found in the Dutchie store' },
    ]);
    const location = await start({ location_id: 1 });
    expect([location.statusCode, location.json().message]).toEqual([
      400,
      READER_MESSAGES.locationIsForCatalogue,
    ]);
    const local = await createTenant(w.t, 'Local Co');
    const localReader = await pairReader(w.t, local);
    const res = await asReader(w.t, localReader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      room: 'Sales Floor',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, READER_MESSAGES.roomIsForDutchie]);
  });

  it('Dutchie refusing the key with no snapshot: the audit does not start, and the reader is told why', async () => {
    const refused = await w.refusedTenant('Refused Audits');
    const refusedReader = await pairReader(w.t, refused);
    const res = await asReader(w.t, refusedReader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
    });
    expect([res.statusCode, res.json()]).toEqual([
      502,
      { message: 'Dutchie refused the API key. An admin can replace it in Settings.' },
    ]);
    expect((await w.get('/api/audits', refused.admin.token)).body.data).toEqual([]);
  });
});
