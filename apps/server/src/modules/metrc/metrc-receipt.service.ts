import type { TMetrcPackageDecision, TMetrcShipment, TShipmentStatus } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './metrc.repo.ts';

/**
 * Receiving a Metrc manifest (issue 51): its packages are checked by label (a Metrc label is what the package's RFID
 * tag carries as its EPC and what its barcode says), and the receipt says per package what to do in Metrc, where the
 * transfer is received: accept (read; the shipped quantity, or the one counted by hand) or reject (not read).
 * Nothing is written to Metrc nor to Dutchie.
 */

/** What to do with one package in Metrc. */
export function decide(p: repo.PackageRow): TMetrcPackageDecision {
  const received = p.read ? (p.counted ?? p.shipped) : 0;
  return {
    label: p.label,
    item: p.item_name,
    category: p.category,
    shipped: p.shipped,
    unit: p.unit,
    read: p.read,
    received,
    shortfall: Math.max(0, round(p.shipped - received)),
    action: p.read ? 'accept' : 'reject',
  };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A shipment's Metrc part, or null for any other shipment: live from its count's reads while it is being received,
 * as kept once received, and nothing read before.
 */
export async function metrcShipment(
  db: Db,
  companyId: number,
  s: { id: number; status: TShipmentStatus; receipt_audit_id: number | null },
): Promise<TMetrcShipment | null> {
  const t = await repo.transferOf(db, companyId, s.id);
  if (!t) return null;
  const isKept = s.status === 'received' || s.status === 'received_with_discrepancies';
  const rows = await repo.packagesOf(db, companyId, s.id, isKept ? null : s.receipt_audit_id);
  const packages = rows.map(decide);
  return {
    manifest_number: t.manifest_number,
    transfer_id: t.transfer_id,
    shipper_license: t.shipper_license,
    packages,
    packages_read: packages.filter((p) => p.read).length,
    packages_to_reject: packages.filter((p) => p.action === 'reject').length,
  };
}

/**
 * At a receipt's completion (its transaction): the packages read are kept. Answers whether the manifest came
 * exactly (every package read, none short), or null when the shipment is not a Metrc one.
 */
export async function keepMetrcReceipt(
  tx: Db,
  companyId: number,
  shipmentId: number,
  auditId: number,
  at = new Date(),
): Promise<boolean | null> {
  if (!(await repo.transferOf(tx, companyId, shipmentId))) return null;
  const rows = await repo.packagesOf(tx, companyId, shipmentId, auditId);
  await repo.keepPackagesRead(tx, companyId, shipmentId, rows, at);
  return rows.map(decide).every((p) => p.action === 'accept' && p.shortfall === 0);
}

/** Whether a shipment was made from a Metrc manifest (its receipt is a Dutchie store's count: no location). */
export const isMetrcShipment = async (db: Db, companyId: number, shipmentId: number) =>
  (await repo.transferOf(db, companyId, shipmentId)) !== undefined;

/** The receipt sheet's Metrc rows: per package, what to accept or reject in Metrc. */
export function metrcCsvRows(reference: string, m: TMetrcShipment | null | undefined): unknown[][] {
  return (m?.packages ?? []).map((p) => [
    reference,
    p.action === 'accept' ? 'metrc accept' : 'metrc reject',
    '',
    p.item,
    p.label,
    p.shipped,
    p.received,
    round(p.received - p.shipped),
    p.action === 'accept'
      ? `accept ${p.received} ${p.unit}${p.shortfall > 0 ? ` (${p.shortfall} short)` : ''}`
      : `reject: not received (${p.shortfall} ${p.unit} short)`,
  ]);
}
