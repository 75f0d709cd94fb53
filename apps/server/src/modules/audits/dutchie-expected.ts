import {
  isMetrcLabel,
  packageEpc,
  READER_MESSAGES,
  rfidTagFromSku,
  type TDutchieItem,
} from '@quantics/contracts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { inventorySnapshot } from '../dutchie/dutchie-snapshot.ts';

/**
 * A point-of-sale company's audit counts against its Dutchie packages: when the audit starts, the snapshot's
 * packages are copied into audit_expected (the room's quantities, or every package's for the whole store), and
 * completion reconciles the reads against that copy (reconcileStatement's snapshot). The copy is what the reader
 * was asked to count, so Dutchie changing meanwhile (a sale, a refresh failing) does not move the target.
 */

export type ExpectedRow = {
  epc: string;
  package_id: string;
  name: string;
  rfid_tag: string;
  expected: number;
  in_scope: boolean;
  belongs: string | null;
  /** A package with a Metrc label, counted as a package (see reconcileStatement's snapshot). */
  is_package: boolean;
  /** The package's units in the whole store. */
  units: number;
};

/** Where each audit's expected stock comes from, and what to audit. */
export type AuditPlan = {
  locationId: number | null;
  room: string | null;
  expected: { rows: ExpectedRow[]; asOf: Date } | null;
};

/**
 * The packages as expected rows: in scope are all of them (whole store) or those listed in the room, expecting
 * the room's units. Units are whole tags, so part units round. A package with a Metrc label is expected as EPC = its
 * label (what Metrc's RFID tag carries) and is one row of its own. Other package ids keep the first-6-plus-last-6
 * tag: two of them whose tags would carry the same EPC are counted as one row, since a reader cannot tell them apart.
 */
export function expectedRows(items: TDutchieItem[], room: string | null): ExpectedRow[] {
  const byEpc = new Map<string, ExpectedRow>();
  const wanted = room?.toLowerCase() ?? null;
  for (const item of items) {
    const here = wanted === null ? null : item.rooms.filter((r) => r.roomName.toLowerCase() === wanted);
    const inScope = here === null || here.length > 0;
    const units = here === null ? item.quantity : here.reduce((s, r) => s + r.quantity, 0);
    const held = item.rooms.filter((r) => r.quantity > 0).map((r) => r.roomName);
    const epc = packageEpc(item.packageId);
    const row = byEpc.get(epc);
    if (row) {
      // Only derived tags collide: a Metrc label is its own EPC, unique in the store.
      row.units += Math.max(0, Math.round(item.quantity));
      row.expected += inScope ? Math.round(units) : 0;
      row.in_scope ||= inScope;
      continue;
    }
    byEpc.set(epc, {
      epc,
      package_id: item.packageId,
      name: item.productName,
      rfid_tag: rfidTagFromSku(item.packageId),
      expected: inScope ? Math.max(0, Math.round(units)) : 0,
      in_scope: inScope,
      belongs: held.length ? held.join(', ') : null,
      is_package: isMetrcLabel(item.packageId),
      units: Math.max(0, Math.round(item.quantity)),
    });
  }
  return [...byEpc.values()];
}

/**
 * A point-of-sale company's audit: a room of its Dutchie store (by name, any case) or the whole store, with the
 * expected rows from the snapshot. Dutchie away with no snapshot at all: its 503 (or 502), and nothing starts.
 */
export async function pointOfSalePlan(
  ctx: DutchieContext,
  companyId: number,
  input: { location_id: number | null; room: string | null },
): Promise<AuditPlan> {
  if (input.location_id !== null) throw badRequest(READER_MESSAGES.locationIsForCatalogue);
  const { value, fetchedAt } = await inventorySnapshot(ctx, companyId);
  const room =
    input.room === null
      ? null
      : (value.facets.rooms.find((r) => r.toLowerCase() === input.room?.toLowerCase()) ?? null);
  if (input.room !== null && room === null) throw notFound(READER_MESSAGES.roomNotFound);
  return { locationId: null, room, expected: { rows: expectedRows(value.items, room), asOf: fetchedAt } };
}
