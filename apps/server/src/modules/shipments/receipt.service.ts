import {
  SHIPMENT_MESSAGES,
  type TReceipt,
  type TReceiptLineReview,
  type TShipmentStatus,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { recordEvent } from '../events/events.repo.ts';
import { isMetrcShipment, keepMetrcReceipt } from '../metrc/metrc-receipt.service.ts';
import { changeStockAt, type MovementActor } from '../movements/movement-context.repo.ts';
import { type ReceiptFigures, receiptFigures } from './receipt.repo.ts';
import { holdLinesOverPolicy, lineReviews, takeDecidedLines } from './receipt-review.repo.ts';
import { completeReceiptAudit, keepReceipt, keptReceipt } from './receipt-store.repo.ts';
import * as repo from './shipments.repo.ts';

/**
 * Receiving (issue 51): a receipt is a count of a shipment. It is opened by the reader protocol's start
 * (POST /api/rfid/audits with shipment_id), its reads arrive as any count's, and its completion (audit-lifecycle's
 * reconcileAudit hands it here) keeps the receipt, adds what was received to the destination's stock and tells of it.
 */

/** What a receipt's audit needs: the shipment's destination and a name. 404, or 409 when it cannot be received. */
export async function receiptToOpen(db: Db, companyId: number, shipmentId: number) {
  const s = await repo.findShipment(db, companyId, shipmentId);
  if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
  // A receipt whose count failed (timed out) is received again from the start.
  const isRetry = s.status === 'receiving' && (await repo.isReceiptFailed(db, companyId, shipmentId));
  if (s.status === 'receiving' && s.receipt_audit_id !== null && !isRetry) {
    throw conflict(SHIPMENT_MESSAGES.beingReceived(s.receipt_audit_id));
  }
  if (!isRetry && s.status !== 'expected' && s.status !== 'in_transit') {
    throw conflict(SHIPMENT_MESSAGES.notReceivable);
  }
  if (s.source_location_id !== null && s.status === 'expected')
    throw conflict(SHIPMENT_MESSAGES.transferNotSent);
  // A Metrc manifest is received by a Dutchie store's count (its stock is Dutchie's: no location of the catalogue).
  const isMetrc = await isMetrcShipment(db, companyId, shipmentId);
  return { locationId: isMetrc ? null : s.destination_location_id, name: `Receipt ${s.reference}` };
}

/** In the audit's creating transaction: the shipment is now being received by it (or 409: another took it). */
export async function linkReceipt(tx: Db, companyId: number, shipmentId: number, auditId: number) {
  if (!(await repo.openReceipt(tx, companyId, shipmentId, auditId))) {
    throw conflict(SHIPMENT_MESSAGES.notReceivable);
  }
}

/** The shipment an audit receives, or undefined for any other count. */
export const receiptShipment = repo.shipmentOfAudit;

/**
 * Completes a receipt in the audit's completing transaction (its row locked): the figures are kept, the cartons and
 * serials read are stamped, the received units go into the destination's stock (`receipt` movements, or
 * `transfer_in` for a transfer, naming the shipment), the shipment is received (with discrepancies when any line is
 * off, a code unknown, a carton missing or a serial not read), the audit is completed with its totals, and
 * shipment.received is recorded. When the company's count policy asks for approval, the lines over it are held
 * (their stock added once an admin decides them: addDecidedReceiptLines) and answered, so that the caller asks for
 * their review (audit.review_requested) once the audit is completed.
 */
export async function completeReceipt(
  tx: Db,
  companyId: number,
  auditId: number,
  shipmentId: number,
  actor: MovementActor,
  at?: Date,
): Promise<{ awaiting: number }> {
  const s = await repo.findShipment(tx, companyId, shipmentId, true);
  if (!s) throw notFound(SHIPMENT_MESSAGES.notFound);
  const figures = await receiptFigures(tx, companyId, shipmentId, auditId);
  const view = receiptOf(auditId, 'completed', figures);
  await keepReceipt(tx, companyId, shipmentId, figures);
  const held = await holdLinesOverPolicy(tx, companyId, auditId, figures.lines);
  await changeStockAt(
    tx,
    stockContext(s, actor, auditId),
    companyId,
    s.destination_location_id,
    figures.lines
      .filter((l) => l.received > 0 && !held.has(l.product_id))
      .map((l) => ({ productId: l.product_id, delta: l.received })),
  );
  // A Metrc manifest's packages read by label are kept; one not read (or short) is a discrepancy.
  const metrcExact = await keepMetrcReceipt(tx, companyId, shipmentId, auditId, at);
  const isExact =
    view.lines.every((l) => l.status === 'ok') &&
    view.unknown_codes.length === 0 &&
    view.cartons.every((c) => c.status === 'received') &&
    view.serials_not_read.length === 0 &&
    metrcExact !== false;
  const status: TShipmentStatus = isExact ? 'received' : 'received_with_discrepancies';
  await repo.setStatus(tx, companyId, shipmentId, status, 'received_at');
  const off = view.units_short + view.units_over;
  await completeReceiptAudit(tx, companyId, auditId, {
    expected: view.units_expected,
    found: view.units_received,
    lines: view.lines.length,
    off,
    unknown: view.unknown_codes.reduce((n, u) => n + u.units, 0),
    accuracy: accuracyOf(view.units_expected, off),
    recordAccuracy: recordAccuracyOf(
      view.lines.length,
      view.lines.filter((l) => l.received !== l.expected).length,
    ),
    at,
  });
  await recordEvent(
    tx,
    companyId,
    'shipment.received',
    {
      shipment_id: shipmentId,
      reference: s.reference,
      supplier: s.supplier,
      destination: s.destination_location,
      status,
      units_expected: view.units_expected,
      units_received: view.units_received,
      units_short: view.units_short,
      units_over: view.units_over,
      cartons_missing: view.cartons.filter((c) => c.status === 'missing').length,
      unknown_codes: view.unknown_codes.length,
      lines_awaiting_approval: held.size,
      audit_id: auditId,
    },
    at,
  );
  return { awaiting: held.size };
}

/** Why a receipt changes stock: a receipt (a transfer's `transfer_in`) naming the shipment and its audit. */
const stockContext = (
  s: { id: number; reference: string; source_location_id: number | null },
  actor: MovementActor,
  auditId: number,
) => ({
  reason: s.source_location_id === null ? ('receipt' as const) : ('transfer' as const),
  actor,
  auditId,
  shipmentId: s.id,
  reference: s.reference,
});

/**
 * In the review's transaction (the audit's row locked): adds the receipt's lines just decided to the destination's
 * stock, each once: an approved line what was received, a rejected one what was shipped. Answers false for an audit
 * that receives no shipment (an ordinary count, whose lines are applied by apply-counts).
 */
export async function addDecidedReceiptLines(
  tx: Db,
  companyId: number,
  auditId: number,
  actor: MovementActor,
): Promise<boolean> {
  const shipmentId = await repo.shipmentOfAudit(tx, companyId, auditId);
  if (shipmentId === undefined) return false;
  const s = await repo.findShipment(tx, companyId, shipmentId);
  if (!s) return false;
  const decided = await takeDecidedLines(tx, companyId, auditId);
  await changeStockAt(
    tx,
    stockContext(s, actor, auditId),
    companyId,
    s.destination_location_id,
    decided.filter((d) => d.units > 0).map((d) => ({ productId: d.productId, delta: d.units })),
  );
  return true;
}

/** The receipt's figures in the API's words, with its totals. */
export function receiptOf(
  auditId: number,
  state: TReceipt['state'],
  f: ReceiptFigures,
  reviews: Map<number, TReceiptLineReview> = new Map(),
): TReceipt {
  const lines = f.lines.map((l) => ({
    ...l,
    difference: l.received - l.expected,
    review: reviews.get(l.product_id) ?? null,
  }));
  const onShipment = lines.filter((l) => l.status !== 'not_on_shipment');
  return {
    audit_id: auditId,
    state,
    lines,
    unknown_codes: f.unknown,
    cartons: f.cartons.map((c) => ({ sscc: c.sscc, status: c.received ? 'received' : 'missing' })),
    serials_not_read: f.serialsNotRead,
    units_expected: lines.reduce((n, l) => n + l.expected, 0),
    units_received: lines.reduce((n, l) => n + l.received, 0),
    units_short: onShipment.reduce((n, l) => n + Math.max(0, -l.difference), 0),
    units_over: lines.reduce((n, l) => n + Math.max(0, l.difference), 0),
    lines_awaiting_approval: lines.filter((l) => l.review?.state === 'awaiting').length,
  };
}

/** A shipment's receipt: kept once completed, worked out from its count's reads while it reads, null before. */
export async function receiptView(
  db: Db,
  companyId: number,
  s: { id: number; status: TShipmentStatus; receipt_audit_id: number | null },
): Promise<TReceipt | null> {
  if (s.receipt_audit_id === null) return null;
  if (s.status === 'received' || s.status === 'received_with_discrepancies') {
    const [kept, reviews] = await Promise.all([
      keptReceipt(db, companyId, s.id),
      lineReviews(db, companyId, s.receipt_audit_id),
    ]);
    return receiptOf(s.receipt_audit_id, 'completed', kept, reviews);
  }
  return receiptOf(s.receipt_audit_id, 'open', await receiptFigures(db, companyId, s.id, s.receipt_audit_id));
}

/** GET /api/shipments/{id}/receipt.csv: a line per product, then the unknown codes, missing cartons and serials. */
export function receiptCsv(reference: string, r: TReceipt | null, more: unknown[][] = []): string {
  const rows: unknown[][] = [
    [
      'reference',
      'kind',
      'sku',
      'name',
      'code',
      'expected',
      'received',
      'difference',
      'status',
      // A line over the count policy: awaiting, approved or rejected, the decision's reason, and what it added.
      'approval',
      'approval_reason',
      'units_added',
    ],
  ];
  for (const l of r?.lines ?? []) {
    const review = l.review;
    rows.push([
      reference,
      'line',
      l.sku,
      l.name,
      '',
      l.expected,
      l.received,
      l.difference,
      l.status,
      review?.state ?? '',
      review?.reason_code ?? '',
      review?.units_added ?? '',
    ]);
  }
  for (const u of r?.unknown_codes ?? [])
    rows.push([reference, 'unknown code', '', '', u.code, 0, u.units, u.units, 'unknown']);
  for (const c of r?.cartons ?? [])
    rows.push([reference, 'carton', '', '', c.sscc, 1, c.status === 'received' ? 1 : 0, '', c.status]);
  for (const e of r?.serials_not_read ?? []) {
    rows.push([
      reference,
      'serial not read',
      '',
      '',
      e.epc,
      1,
      0,
      -1,
      e.serial ? `serial ${e.serial}` : 'not read',
    ]);
  }
  rows.push(...more);
  // Every row as wide as the header: the approval columns are a line's alone.
  const width = rows[0]?.length ?? 0;
  return toCsv(
    rows.map((row) => (row.length < width ? [...row, ...Array(width - row.length).fill('')] : row)),
  );
}

/** Inventory record accuracy (reconcile.repo.ts' recordAccuracyOf): right products x 100 / products, rounded down. */
const recordAccuracyOf = (products: number, wrong: number) =>
  products === 0 ? 100 : Math.floor(((products - wrong) * 100) / products);

/** The spec's accuracy: (expected - off) / expected x 100, rounded, stopping at 0 (100 when nothing was expected or off). */
const accuracyOf = (expected: number, off: number) =>
  expected === 0 ? (off === 0 ? 100 : 0) : Math.max(0, Math.round(((expected - off) * 100) / expected));
