import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';
import type { ReceiptFigures, ReceiptLineRow } from './receipt.repo.ts';

// A completed receipt, kept: its lines and unknown codes (shipment_receipt_lines), the cartons and serials it read
// stamped received. What the shipment shows once received, whatever happens to the count's raw reads later.

export async function keepReceipt(tx: Db, companyId: number, shipmentId: number, f: ReceiptFigures) {
  const rows = [
    ...f.lines.map((l) => ({ ...l, code: null as string | null })),
    ...f.unknown.map((u) => ({
      product_id: null,
      sku: null,
      name: null,
      code: u.code,
      expected: 0,
      received: u.units,
      status: 'unknown',
    })),
  ];
  if (rows.length > 0) {
    await tx.execute(sql`insert into shipment_receipt_lines (company_id, shipment_id, ordinal, product_id, sku, name,
        code, expected, received, status)
      select ${companyId}::int, ${shipmentId}::int, ord, product_id, sku, name, code, expected, received, status
      from ${unnestRows(rows, {
        product_id: 'int',
        sku: 'text',
        name: 'text',
        code: 'text',
        expected: 'int',
        received: 'int',
        status: 'text',
      })}`);
  }
  const received = f.cartons.filter((c) => c.received).map((c) => c.sscc);
  await tx.execute(sql`update shipment_cartons set received_at = now()
    where company_id = ${companyId} and shipment_id = ${shipmentId} and sscc = any(${sqlArray(received, 'text')})`);
  const notRead = f.serialsNotRead.map((e) => e.epc);
  await tx.execute(sql`update shipment_epcs set received_at = now()
    where company_id = ${companyId} and shipment_id = ${shipmentId} and not (epc = any(${sqlArray(notRead, 'text')}))`);
}

/** The receipt as kept when it completed. */
export async function keptReceipt(db: Db, companyId: number, shipmentId: number): Promise<ReceiptFigures> {
  const [lines, cartons, epcs] = await Promise.all([
    db.execute<ReceiptLineRow & { code: string | null }>(sql`
      select product_id, sku, name, code, expected, received, status from shipment_receipt_lines
      where company_id = ${companyId} and shipment_id = ${shipmentId} order by ordinal`),
    db.execute<{ sscc: string; received: boolean }>(sql`
      select sscc, received_at is not null as received from shipment_cartons
      where company_id = ${companyId} and shipment_id = ${shipmentId} order by id`),
    db.execute<{ epc: string; gtin: string | null; serial: string | null }>(sql`
      select epc, gtin, serial from shipment_epcs
      where company_id = ${companyId} and shipment_id = ${shipmentId} and received_at is null order by epc`),
  ]);
  const known = lines.rows.filter((l) => l.product_id !== null);
  return {
    lines: known.map((l) => ({
      product_id: Number(l.product_id),
      sku: l.sku,
      name: l.name,
      expected: Number(l.expected),
      received: Number(l.received),
      status: l.status,
    })),
    unknown: lines.rows
      .filter((l) => l.product_id === null)
      .map((l) => ({ code: l.code ?? '', units: Number(l.received) })),
    cartons: cartons.rows,
    serialsNotRead: epcs.rows,
  };
}

/** The audit of a receipt, completed with the receipt's totals (what the audits list shows of it). */
export async function completeReceiptAudit(
  tx: Db,
  companyId: number,
  auditId: number,
  r: {
    expected: number;
    found: number;
    lines: number;
    off: number;
    unknown: number;
    accuracy: number;
    /** Inventory record accuracy: the share of the lines received exactly as expected (docs/zones.md). */
    recordAccuracy: number;
    at?: Date;
  },
) {
  await tx.execute(sql`update audits a set status = 'completed',
    completed_at = coalesce(${r.at?.toISOString() ?? null}::timestamptz, now()),
    tags_expected = ${r.expected}, tags_found = ${r.found}, expected_count = ${r.lines},
    discrepancies_count = ${r.off}, misplaced_count = 0, unknown_count = ${r.unknown}, accuracy = ${r.accuracy},
    record_accuracy = ${r.recordAccuracy},
    batch_count = (select count(*) from audit_batches b where b.company_id = a.company_id and b.audit_id = a.id),
    reads_count = (select coalesce(sum(read_count), 0) from audit_batches b
      where b.company_id = a.company_id and b.audit_id = a.id),
    last_batch_at = (select max(received_at) from audit_batches b
      where b.company_id = a.company_id and b.audit_id = a.id)
    where a.company_id = ${companyId} and a.id = ${auditId}`);
}
