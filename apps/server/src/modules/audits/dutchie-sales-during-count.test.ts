import { randomUUID } from 'node:crypto';
import { AUDIT_MESSAGES, type TDiscrepancy, type TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOnce, type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader } from '../../test/readers.ts';
import { salesUnreadNote } from './dutchie-expected.ts';

/**
 * A count in a trading Dutchie store (issue 48): the till keeps selling while the reader counts. The sales are
 * Dutchie's own transactions, rung up in the stand-in (its own process, over HTTP) and read at completion: a
 * package's expected units are the start's less what was sold before its label was read. Nothing is written back.
 */

let w: DutchieShop;
let reader: PairedReader;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A count (of the whole store, or of one room) started now, and when its reader's clock says it began (reads and
 * sales are dated from it). */
async function startCount(room?: string) {
  const started = await asReader(w.t, reader.token, '/api/rfid/audits', {
    client_audit_id: randomUUID(),
    name: 'Count while trading',
    ...(room && { room }),
  });
  expect(started.statusCode, started.body).toBe(201);
  const t0 = Date.now();
  // The batch arrives after every time the test dates its reads and sales with (a read's time is at most its batch's).
  await sleep(150);
  return { id: started.json().audit_id as number, at: (ms: number) => new Date(t0 + ms) };
}

const complete = (id: number, reads: object[]) => countOnce(w, reader.token, id, reads);

const rowOf = (rows: TDiscrepancy[], p: TDutchieItem) => rows.find((r) => r.product_sku === p.packageId);
/** Distinct packages with at least `units` units, one per name, none given twice in this file. */
const taken = new Set<string>();
function packages<K extends string>(names: readonly K[], units: number): Record<K, TDutchieItem> {
  const found = w.all.filter((i) => i.quantity >= units && !taken.has(i.packageId)).slice(0, names.length);
  expect(found).toHaveLength(names.length);
  for (const p of found) taken.add(p.packageId);
  return Object.fromEntries(names.map((name, i) => [name, found[i]])) as Record<K, TDutchieItem>;
}

beforeAll(async () => {
  w = await startDutchieShop();
  reader = await pairReader(w.t, w.shop);
});
afterAll(() => w?.close());

describe('Dutchie sales during a count, through the stand-in', () => {
  let counted: { id: number; rows: TDiscrepancy[]; short: TDutchieItem; unread: TDutchieItem };

  it('expected as of each package’s first read: sold before it is not short, sold after it is not either', async () => {
    const { before, beforeShort, after, afterShort, byEpc, unread, voided, returned } = packages(
      ['before', 'beforeShort', 'after', 'afterShort', 'byEpc', 'unread', 'voided', 'returned'],
      6,
    );
    const { id, at } = await startCount();
    const readAt = at(60).toISOString();
    // Sold before the label was read: 3 of `before` left the shelf, so 3 fewer are there to count.
    await w.sim.sell(before.packageId, 3, { at: at(20) });
    await w.sim.sell(beforeShort.packageId, 3, { at: at(20) });
    await w.sim.sell(byEpc.packageId, 2, { at: at(30) });
    // Sold after the label was read: counted on the shelf, then sold.
    await w.sim.sell(after.packageId, 3, { at: at(100) });
    await w.sim.sell(afterShort.packageId, 3, { at: at(100) });
    // Never read: all its sales until completion, before the reads were sent or after.
    await w.sim.sell(unread.packageId, 2, { at: at(10) });
    await w.sim.sell(unread.packageId, 1, { at: at(120) });
    // A void moves nothing; a return puts units back.
    await w.sim.sell(voided.packageId, 4, { at: at(20), isVoid: true });
    await w.sim.sell(returned.packageId, 2, { at: at(10) });
    await w.sim.sell(returned.packageId, 1, { at: at(40), isReturn: true });
    const { audit, rows } = await complete(id, [
      { code: before.packageId, quantity: before.quantity - 3, seen_at: readAt },
      { code: beforeShort.packageId, quantity: beforeShort.quantity - 4, seen_at: readAt },
      { code: after.packageId, quantity: after.quantity, seen_at: readAt },
      { code: afterShort.packageId, quantity: afterShort.quantity - 1, seen_at: readAt },
      // Metrc's RFID tag read: the package is there with its units as of the read.
      { epc: byEpc.packageId, seen_at: readAt },
      { code: returned.packageId, quantity: returned.quantity - 1, seen_at: readAt },
    ]);

    expect(rowOf(rows, before)).toBeUndefined();
    expect(rowOf(rows, after)).toBeUndefined();
    expect(rowOf(rows, byEpc)).toBeUndefined();
    expect(rowOf(rows, returned)).toBeUndefined();
    expect(rowOf(rows, beforeShort)).toMatchObject({
      expected_quantity: beforeShort.quantity - 3,
      found_quantity: beforeShort.quantity - 4,
      discrepancy_type: 'shortage',
      expected_at_start: beforeShort.quantity,
      moved_during: -3,
      notes: '1 fewer than expected; 3 sold during the count',
    });
    // Not lowered by the sale after its read: 1 short of what was there when it was counted.
    expect(rowOf(rows, afterShort)).toMatchObject({
      expected_quantity: afterShort.quantity,
      found_quantity: afterShort.quantity - 1,
      expected_at_start: afterShort.quantity,
      moved_during: -3,
      notes: '1 fewer than expected; 3 sold during the count',
    });
    expect(rowOf(rows, unread)).toMatchObject({
      expected_quantity: unread.quantity - 3,
      found_quantity: 0,
      discrepancy_type: 'shortage',
      expected_at_start: unread.quantity,
      moved_during: -3,
      notes: `${unread.quantity - 3} fewer than expected; 3 sold during the count`,
    });
    expect(rowOf(rows, voided)).toMatchObject({
      expected_quantity: voided.quantity,
      expected_at_start: voided.quantity,
      moved_during: 0,
      notes: `${voided.quantity} fewer than expected`,
    });
    // Every other package of the store, not read, is short by all its units, with nothing moved.
    const quiet = w.all.filter((i) => i.quantity > 0 && !taken.has(i.packageId));
    for (const p of quiet.slice(0, 5)) {
      expect(rowOf(rows, p)).toMatchObject({ expected_quantity: p.quantity, moved_during: 0 });
    }
    const soldOff = 3 + 3 + 2 + 3 + (2 - 1);
    const startUnits = w.all.reduce((s, i) => s + i.quantity, 0);
    expect(audit.tags_expected).toBe(startUnits - soldOff);
    expect(audit.comments).toBeNull();
    counted = { id, rows, short: beforeShort, unread };
  });

  it('quantities in Dutchie are never written: apply counts refuses, the adjustments sheet is as counted', async () => {
    const { id, rows, short, unread } = counted;
    const apply = await call('POST', `/api/audits/${id}/apply-counts`, w.shop.admin.token, {
      reason: 'Counted while trading',
    });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe(AUDIT_MESSAGES.countsInDutchie);
    const lineOf = (p: TDutchieItem) => rowOf(rows, p) as TDiscrepancy;
    const approved = await call('POST', `/api/audits/${id}/review`, w.shop.admin.token, {
      lines: [short, unread].map((p) => ({
        discrepancy_id: lineOf(p).id,
        decision: 'approve',
        reason_code: 'THEFT',
      })),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const sheet = await call('GET', `/api/audits/${id}/adjustments`, w.shop.operator.token);
    expect(sheet.statusCode, sheet.body).toBe(200);
    const byLabel = new Map(
      (sheet.json().lines as { package_label: string }[]).map((l) => [l.package_label, l]),
    );
    // Expected as of the count, so the difference is what to enter in Dutchie, whose quantities already lost the sales.
    expect(byLabel.get(short.packageId)).toMatchObject({
      expected: short.quantity - 3,
      counted: short.quantity - 4,
      difference: -1,
    });
    expect(byLabel.get(unread.packageId)).toMatchObject({
      expected: unread.quantity - 3,
      counted: 0,
      difference: -(unread.quantity - 3),
    });
    const csv = await call('GET', `/api/audits/${id}/adjustments.csv`, w.shop.operator.token);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\n').find((l) => l.startsWith(`${short.packageId},`)) ?? '';
    expect(line.split(',').slice(-6, -3)).toEqual([
      String(short.quantity - 3),
      String(short.quantity - 4),
      '-1',
    ]);
  });

  it('a room’s count takes a sale off the Sales Floor first, and off another room only what the floor could not give', async () => {
    const unitsIn = (p: TDutchieItem, room: string) =>
      p.rooms.filter((r) => r.roomName === room).reduce((s, r) => s + r.quantity, 0);
    // Packages split between the floor (2 units or more) and the back (3 or more), none used above.
    const split = w.all.filter(
      (p) => !taken.has(p.packageId) && unitsIn(p, 'Sales Floor') >= 2 && unitsIn(p, 'Backstock') >= 3,
    );
    expect(split.length).toBeGreaterThanOrEqual(3);
    const [withinFloor, beyondFloor, floorCounted] = split as [TDutchieItem, TDutchieItem, TDutchieItem];
    for (const p of [withinFloor, beyondFloor, floorCounted]) taken.add(p.packageId);
    const floorOf = (p: TDutchieItem) => unitsIn(p, 'Sales Floor');
    const backOf = (p: TDutchieItem) => unitsIn(p, 'Backstock');

    // The back room counted while the till sells: what the floor held was sold from the floor.
    const back = await startCount('Backstock');
    await w.sim.sell(withinFloor.packageId, floorOf(withinFloor), { at: back.at(20) });
    await w.sim.sell(beyondFloor.packageId, floorOf(beyondFloor) + 2, { at: back.at(20) });
    const counted = await complete(back.id, [
      { code: withinFloor.packageId, quantity: backOf(withinFloor), seen_at: back.at(60).toISOString() },
      { code: beyondFloor.packageId, quantity: backOf(beyondFloor) - 3, seen_at: back.at(60).toISOString() },
    ]);
    // All of its sales came off the floor: the back room holds what it held, and nothing moved there.
    expect(rowOf(counted.rows, withinFloor)).toBeUndefined();
    // Two units more than the floor had came from the back: expected 2 fewer there, and 1 missing besides.
    expect(rowOf(counted.rows, beyondFloor)).toMatchObject({
      expected_at_start: backOf(beyondFloor),
      expected_quantity: backOf(beyondFloor) - 2,
      found_quantity: backOf(beyondFloor) - 3,
      moved_during: -2,
      notes: `1 fewer than expected; ${floorOf(beyondFloor) + 2} sold during the count`,
    });

    // The Sales Floor counted: every sale is off it.
    const floor = await startCount('Sales Floor');
    await w.sim.sell(floorCounted.packageId, 1, { at: floor.at(20) });
    const onFloor = await complete(floor.id, [
      {
        code: floorCounted.packageId,
        quantity: floorOf(floorCounted) - 2,
        seen_at: floor.at(60).toISOString(),
      },
    ]);
    expect(rowOf(onFloor.rows, floorCounted)).toMatchObject({
      expected_at_start: floorOf(floorCounted),
      expected_quantity: floorOf(floorCounted) - 1,
      found_quantity: floorOf(floorCounted) - 2,
      moved_during: -1,
      notes: '1 fewer than expected; 1 sold during the count',
    });
  });

  it('Dutchie away at completion: the count completes against the start, and its comments say so', async () => {
    const { sold } = packages(['sold'], 6);
    const { id, at } = await startCount();
    await w.sim.sell(sold.packageId, 3, { at: at(20) });
    await w.sim.fault({ mode: 'error', status: 503, path: '/reporting/transactions' });
    try {
      const { audit, rows } = await complete(id, [
        { code: sold.packageId, quantity: sold.quantity - 3, seen_at: at(60).toISOString() },
      ]);
      expect(audit.status).toBe('completed');
      expect(rowOf(rows, sold)).toMatchObject({
        expected_quantity: sold.quantity,
        found_quantity: sold.quantity - 3,
        moved_during: 0,
      });
      expect(audit.comments).toBe(
        salesUnreadNote('Dutchie answered 503 on /reporting/transactions: An error has occurred.'),
      );
    } finally {
      await w.sim.reset();
    }
  });
});
