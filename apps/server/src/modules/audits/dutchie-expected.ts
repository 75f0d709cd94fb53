import {
  isMetrcLabel,
  packageEpc,
  READER_MESSAGES,
  rfidTagFromSku,
  type TDutchieItem,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { salesBetween } from '../dutchie/dutchie-sales.service.ts';
import { inventorySnapshot } from '../dutchie/dutchie-snapshot.ts';
import { appendAuditNote, type PackageSale, stageSales } from './reconcile-snapshot.repo.ts';

/**
 * A point-of-sale company's audit counts against its Dutchie packages: when the audit starts, the snapshot's
 * packages are copied into audit_expected (the room's quantities, or every package's for the whole store), and
 * completion reconciles the reads against that copy (reconcileStatement's snapshot). The copy is what the reader
 * was asked to count, so a later snapshot (or one failing) does not move the target. What
 * Dutchie sold during the count is read from its transactions at completion (salesDuringCount), so a package sold
 * before its label was read is expected without those units, and one sold after it was read is not short.
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

/** The audit's note when Dutchie's transactions could not be read at completion. */
export const salesUnreadNote = (why: string) =>
  `Dutchie's sales during the count could not be read (${why}): expected quantities are Dutchie's at the start of the count.`;

/**
 * Before a Dutchie audit is reconciled in `tx`: Dutchie's sales from the snapshot's time (expected_as_of) to
 * completion (`at`, else now), read through the company's key and staged for the statement as units per package
 * EPC. Quantities in Dutchie are only read, never written. When Dutchie cannot be read, the audit completes against
 * the start's quantities as before, and its comments and the log say so; completion never fails for it.
 */
export async function salesDuringCount(
  tx: Db,
  ctx: DutchieContext,
  companyId: number,
  audit: { id: number; expectedAsOf: Date },
  at?: Date,
): Promise<void> {
  const to = at ?? new Date();
  if (to <= audit.expectedAsOf) return;
  let sales: PackageSale[];
  try {
    // The key is read in the completing transaction: on one connection (PGlite) another would wait for it.
    const lines = await salesBetween({ ...ctx, db: tx }, companyId, audit.expectedAsOf, to);
    sales = lines.map((l) => ({ epc: packageEpc(l.packageId), units: l.units, at: l.at }));
  } catch (e) {
    const why = e instanceof Error ? e.message : 'Dutchie did not answer';
    ctx.log.warn({ companyId, auditId: audit.id, err: why }, 'Dutchie sales during a count not read');
    await appendAuditNote(tx, companyId, audit.id, salesUnreadNote(why));
    return;
  }
  await stageSales(tx, audit.id, sales);
}
