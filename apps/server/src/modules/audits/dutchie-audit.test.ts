import { randomUUID } from 'node:crypto';
import {
  AUDIT_MESSAGES,
  epcFromRfidTag,
  READER_MESSAGES,
  type TCountSheet,
  type TDiscrepancy,
  type TDutchieItem,
} from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOnce, type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader } from '../../test/readers.ts';
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

const complete = (id: number, reads: object[]) => countOnce(w, reader.token, id, reads);
const rowOf = (rows: TDiscrepancy[], p: TDutchieItem) => rows.find((r) => r.product_sku === p.packageId);
const floorUnits = (p: TDutchieItem) =>
  p.rooms.filter((r) => r.roomName === 'Sales Floor').reduce((s, r) => s + r.quantity, 0);

beforeAll(async () => {
  w = await startDutchieShop();
  reader = await pairReader(w.t, w.shop);
});
afterAll(() => w?.close());

describe('audits of a point-of-sale company', () => {
  it('whole store: Metrc packages counted as packages, read as EPCs or scanned, every figure exact', async () => {
    const inStock = w.all.filter((i) => i.quantity >= 3);
    const [exact, short, over, scanned] = inStock as [TDutchieItem, TDutchieItem, TDutchieItem, TDutchieItem];
    // Two labels sharing their first and last six characters (two tag orders, the same sequence number): one read.
    const twin = inStock.find(
      (i) =>
        i !== exact &&
        i.packageId.slice(0, 6) === exact.packageId.slice(0, 6) &&
        i.packageId.slice(-6) === exact.packageId.slice(-6),
    ) as TDutchieItem;
    expect(twin).toBeDefined();
    const zero = w.all.find((i) => i.quantity === 0) as TDutchieItem;
    const notInStore = `${exact.packageId.slice(0, 12)}999${exact.packageId.slice(15)}`;
    expect(w.all.some((i) => i.packageId === notInStore)).toBe(false);
    const started = await start({ name: 'Whole store' });
    expect(started.statusCode, started.body).toBe(201);
    const { audit, rows } = await complete(started.json().audit_id, [
      // Metrc's RFID tag carries the label as its EPC: read three times, it is the package, once.
      { epc: exact.packageId, count: 3 },
      { epc: exact.packageId.toLowerCase(), tid: 'E2801160600002084F9DA2B1' },
      // Counted by hand: the quantity given is what is there.
      { code: short.packageId, quantity: short.quantity - 1 },
      { code: over.packageId, quantity: over.quantity + 2 },
      // The label's barcode scanned with no quantity: the package is there with its units.
      { code: scanned.packageId.toLowerCase() },
      { epc: zero.packageId },
      { epc: notInStore },
      { code: notInStore.replace('999', '998') },
      { epc: GHOST },
    ]);
    const inScope = w.all;
    expect(audit.tags_expected).toBe(inScope.reduce((s, i) => s + i.quantity, 0));
    expect(audit.tags_found).toBe(
      exact.quantity + short.quantity - 1 + over.quantity + 2 + scanned.quantity + 1,
    );
    expect(audit.packages_expected).toBe(inScope.length);
    expect(audit.packages_found).toBe(5);
    expect(rowOf(rows, exact)).toBeUndefined();
    expect(rowOf(rows, scanned)).toBeUndefined();
    expect(rowOf(rows, twin)).toMatchObject({
      expected_quantity: twin.quantity,
      found_quantity: 0,
      discrepancy_type: 'shortage',
      epc: twin.packageId,
    });
    expect(rowOf(rows, short)).toMatchObject({
      product_name: short.productName,
      rfid_tag: short.packageId.slice(0, 6) + short.packageId.slice(-6),
      expected_quantity: short.quantity,
      found_quantity: short.quantity - 1,
      discrepancy_type: 'shortage',
      codes: short.packageId,
    });
    expect(rowOf(rows, over)).toMatchObject({
      expected_quantity: over.quantity,
      found_quantity: over.quantity + 2,
      discrepancy_type: 'overage',
    });
    // Dutchie says none are left, yet the package is on the shelf: one unit over, not nothing.
    expect(rowOf(rows, zero)).toMatchObject({
      expected_quantity: 0,
      found_quantity: 1,
      discrepancy_type: 'overage',
    });
    const unknown = rows.filter((r) => r.discrepancy_type === 'unknown').map((r) => r.notes);
    expect(unknown.sort()).toEqual(
      [
        `Metrc label ${notInStore} is not in Dutchie`,
        `Metrc label ${notInStore.replace('999', '998')} is not in Dutchie`,
        'Unknown tag: reads as "GHOST0000000" and matches no product',
      ].sort(),
    );
    expect(audit.unknown_count).toBe(3);
    // Every package in stock that was not read is short by all its units.
    const unread = w.all.filter((i) => i.quantity > 0 && ![exact, short, over, scanned].includes(i));
    expect(rows.filter((r) => r.discrepancy_type === 'shortage')).toHaveLength(unread.length + 1);
    expect(audit.location).toBeNull();
  });

  it('a room: its packages at their units there, a package of another room is misplaced with its units', async () => {
    const onFloor = w.all.filter((i) => floorUnits(i) > 0);
    const [counted, byHand, asBarcode] = onFloor as [TDutchieItem, TDutchieItem, TDutchieItem];
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
      { epc: counted.packageId },
      { code: byHand.packageId, quantity: floorUnits(byHand) + 1 },
      { code: asBarcode.packageId },
      { code: asBarcode.packageId },
      { epc: elsewhere.packageId },
    ]);
    expect(audit.location).toBe('Sales Floor');
    expect(audit.tags_expected).toBe(onFloor.reduce((s, i) => s + floorUnits(i), 0));
    expect(audit.tags_found).toBe(floorUnits(counted) + floorUnits(byHand) + 1 + floorUnits(asBarcode));
    expect([audit.packages_expected, audit.packages_found]).toEqual([onFloor.length, 3]);
    expect(audit.misplaced_count).toBe(elsewhere.quantity);
    expect(rowOf(rows, counted)).toBeUndefined();
    expect(rowOf(rows, asBarcode)).toBeUndefined();
    expect(rowOf(rows, byHand)).toMatchObject({
      discrepancy_type: 'overage',
      expected_quantity: floorUnits(byHand),
      found_quantity: floorUnits(byHand) + 1,
    });
    expect(rowOf(rows, elsewhere)).toMatchObject({
      discrepancy_type: 'misplaced',
      found_quantity: elsewhere.quantity,
      notes: `Read here, but belongs in ${elsewhere.rooms
        .filter((r) => r.quantity > 0)
        .map((r) => r.roomName)
        .join(', ')}`,
    });
    const listed = (await w.get(`/api/audits/${id}`)).body;
    expect(listed.location).toBe('Sales Floor');
    expect([listed.packages_expected, listed.packages_found]).toEqual([onFloor.length, 3]);
  });

  it('looks a Metrc label up as a package, read as an EPC or scanned in any case', async () => {
    // The last such package: the room test above changed the first one's quantity in Dutchie.
    const item = w.all.filter((i) => i.quantity > 0 && i.rooms.length > 0).at(-1) as TDutchieItem;
    const lookup = async (code: string) =>
      (await w.get(`/api/inventory/lookup?code=${encodeURIComponent(code)}`)).body;
    const rooms = item.rooms.filter((r) => r.quantity > 0).map((r) => r.roomName);
    expect(await lookup(item.packageId.toLowerCase())).toEqual({
      kind: 'package',
      serialized: true,
      code: item.packageId.toLowerCase(),
      format: 'Metrc label',
      package: {
        package_id: item.packageId,
        name: item.productName,
        room: rooms.join(', '),
        quantity: item.quantity,
      },
    });
    const gone = `${item.packageId.slice(0, 12)}999${item.packageId.slice(15)}`;
    expect(await lookup(gone)).toMatchObject({
      kind: 'unknown',
      reason: `Metrc label ${gone} is not in Dutchie`,
    });
    expect(await lookup('012345678905')).toMatchObject({
      kind: 'unknown',
      reason: 'No package of the Dutchie store has this code',
    });
  });

  it("names a package read by the sheet's lookup as the whole sheet does, with the totals alone beside it", async () => {
    const id = (await start({ room: 'sales floor' })).json().audit_id;
    const sheetOf = async (query: string) =>
      (
        await w.t.app.inject({
          method: 'GET',
          url: `/api/rfid/audits/${id}/sheet${query}`,
          headers: bearer(reader.token),
        })
      ).json() as TCountSheet;
    const whole = await sheetOf('');
    const totals = await sheetOf('?items=none');
    expect(totals).toEqual({
      audit_id: id,
      tags_expected: whole.tags_expected,
      packages_expected: whole.items.filter((i) => i.is_package && i.in_scope).length,
      is_point_of_sale: true,
      items: [],
    });
    const [byTag, byLabel] = whole.items.filter((i) => i.is_package);
    if (!byTag || !byLabel) throw new Error('The shop has too few packages');
    const res = await asReader(w.t, reader.token, `/api/rfid/audits/${id}/sheet/lookup`, {
      epcs: [byTag.epc],
      codes: [byLabel.sku.toLowerCase(), '012345678905'],
    });
    const named = (res.json().items as TCountSheet['items']).sort((a, b) => a.sku.localeCompare(b.sku));
    expect(named).toEqual([byTag, byLabel].sort((a, b) => a.sku.localeCompare(b.sku)));
    // Done with it: the reader counts one count at a time.
    await complete(id, []);
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
