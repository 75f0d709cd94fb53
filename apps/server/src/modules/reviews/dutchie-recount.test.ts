import { randomUUID } from 'node:crypto';
import type { TAudit, TCountSheet, TDiscrepancy, TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, type PairedReader, pairReader } from '../../test/readers.ts';

/**
 * A recount in a Dutchie store: the lines sent to recount are its packages, expected in the room counted (a fresh
 * snapshot narrowed to them); its figures replace the first count's, whose totals follow, and the approved line is
 * on the adjustments sheet with its package label.
 */

let w: DutchieShop;
let reader: PairedReader;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
/** A package's units on the floor, whole as the count takes them. */
const floorUnits = (p: TDutchieItem) =>
  Math.round(p.rooms.filter((r) => r.roomName === 'Sales Floor').reduce((s, r) => s + r.quantity, 0));

async function countRoom(id: number, reads: object[]) {
  const sent = await asReader(w.t, reader.token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await asReader(w.t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as TAudit;
}
const lines = async (id: number) =>
  (await call('GET', `/api/audits/${id}/discrepancies`, w.shop.admin.token)).json() as TDiscrepancy[];

beforeAll(async () => {
  w = await startDutchieShop();
  reader = await pairReader(w.t, w.shop);
});
afterAll(() => w?.close());

describe('recount of a Dutchie room', () => {
  it('expects just the packages sent to recount, in their room; replaces figures and totals; the sheet has their labels', async () => {
    const policy = await call('PUT', `/api/companies/${w.shop.companyId}/count-policy`, w.shop.admin.token, {
      approval_units: 1,
      approval_value: null,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const onFloor = w.all.filter((i) => floorUnits(i) > 0);
    const [short, missing] = onFloor.filter((i) => floorUnits(i) >= 3) as [TDutchieItem, TDutchieItem];
    const started = await asReader(w.t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name: 'Floor count',
      room: 'Sales Floor',
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().audit_id as number;
    // Everything on the floor counted by hand at its units, but one package 2 short and one not found at all.
    const first = await countRoom(
      id,
      onFloor
        .filter((i) => i !== missing)
        .map((i) => ({ code: i.packageId, quantity: floorUnits(i) - (i === short ? 2 : 0) })),
    );
    const expected = onFloor.reduce((s, i) => s + floorUnits(i), 0);
    expect(first.tags_found).toBe(expected - 2 - floorUnits(missing));
    expect(first.discrepancies_count).toBe(2 + floorUnits(missing));
    const before = await lines(id);
    const lineOf = (rows: TDiscrepancy[], p: TDutchieItem) =>
      rows.find((r) => r.product_sku === p.packageId) as TDiscrepancy;
    expect(before.filter((l) => l.needs_approval)).toHaveLength(2);
    const review = await call('POST', `/api/audits/${id}/review`, w.shop.admin.token, {
      lines: [short, missing].map((p) => ({ discrepancy_id: lineOf(before, p).id, decision: 'recount' })),
    });
    expect(review.statusCode, review.body).toBe(200);
    const toDo = (await call('GET', '/api/recounts', w.shop.operator.token)).json();
    expect(toDo.data).toEqual([
      {
        audit_id: id,
        name: 'Floor count',
        place: 'Sales Floor',
        lines: 2,
        recount_id: null,
        recount_device_id: null,
        recount_device: null,
      },
    ]);

    const made = await call('POST', `/api/audits/${id}/recount`, w.shop.operator.token, {
      device_id: reader.deviceId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const recount = made.json() as TAudit;
    expect(recount).toMatchObject({ recount_of: id, location: 'Sales Floor', status: 'in_progress' });
    const listed = (await call('GET', '/api/recounts', w.shop.operator.token)).json();
    expect(listed.data[0]).toMatchObject({ recount_id: recount.id, recount_device_id: reader.deviceId });
    // The reader's short list: the two packages, at their units in the room.
    const sheet = (
      await w.t.app.inject({
        method: 'GET',
        url: `/api/rfid/audits/${recount.id}/sheet`,
        headers: bearer(reader.token),
      })
    ).json() as TCountSheet;
    const toFind = sheet.items.filter((i) => i.in_scope);
    expect(toFind.map((i) => [i.sku, i.expected]).sort()).toEqual(
      [short, missing].map((p) => [p.packageId, floorUnits(p)]).sort(),
    );
    expect(toFind.every((i) => i.belongs?.includes('Sales Floor'))).toBe(true);
    expect(sheet.tags_expected).toBe(floorUnits(short) + floorUnits(missing));

    // The short package was all there; the missing one is found, 2 short of its units.
    const done = await countRoom(recount.id, [
      { code: short.packageId, quantity: floorUnits(short) },
      { code: missing.packageId, quantity: floorUnits(missing) - 2 },
    ]);
    expect(done).toMatchObject({
      tags_expected: floorUnits(short) + floorUnits(missing),
      status: 'completed',
    });
    const after = await lines(id);
    expect(lineOf(after, short)).toMatchObject({
      found_quantity: floorUnits(short),
      variance: 0,
      needs_approval: false,
      recount_audit_id: recount.id,
    });
    expect(lineOf(after, missing)).toMatchObject({
      found_quantity: floorUnits(missing) - 2,
      variance: -2,
      needs_approval: true,
      decision: null,
    });
    // The first count's totals follow the replaced figures.
    const original = (await call('GET', `/api/audits/${id}`, w.shop.admin.token)).json() as TAudit;
    expect(original.tags_found).toBe(expected - 2);
    expect(original.discrepancies_count).toBe(2);
    expect(original.accuracy).toBe(Math.round(((expected - 2) * 100) / expected));
    expect((await call('GET', '/api/recounts', w.shop.operator.token)).json().data).toEqual([]);

    const approved = await call('POST', `/api/audits/${id}/review`, w.shop.admin.token, {
      lines: [{ discrepancy_id: lineOf(after, missing).id, decision: 'approve', reason_code: 'THEFT' }],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().audit.review_status).toBe('approved');
    const csv = await call('GET', `/api/audits/${id}/adjustments.csv`, w.shop.operator.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.trim().split('\n')).toEqual([
      'Package label,Product,Room,Expected,Counted,Difference,Reason code,Note,Approved by',
      [
        missing.packageId,
        missing.productName.includes(',') ? `"${missing.productName}"` : missing.productName,
        'Sales Floor',
        floorUnits(missing),
        floorUnits(missing) - 2,
        -2,
        'THEFT',
        '',
        w.shop.admin.name,
      ].join(','),
    ]);
  });
});
