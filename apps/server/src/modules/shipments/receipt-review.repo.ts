import type { TReceiptLineReview } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';
import type { ReceiptLineRow } from './receipt.repo.ts';

// A receipt's lines over the company's count policy wait for approval as a count's lines do: they are the receipt
// audit's audit_discrepancies rows marked needs_approval, decided by the reviews module (POST /api/audits/{id}/review,
// its four eyes and reason codes), and the Audits page and dashboard count them as awaiting review. Their stock is
// added once decided (receipt.service.ts addDecidedReceiptLines), which stamps them applied.

/**
 * Writes the receipt's lines over the policy (more than approval_units units off, or worth more than approval_value
 * at the product's unit cost) as lines needing approval. Answers their product ids: what is not added to stock yet.
 * Nothing when the company has no policy.
 */
export async function holdLinesOverPolicy(
  tx: Db,
  companyId: number,
  auditId: number,
  lines: ReceiptLineRow[],
): Promise<Set<number>> {
  const off = lines.filter((l) => l.received !== l.expected);
  if (off.length === 0) return new Set();
  const cid = sql`${companyId}::int`;
  const r = await tx.execute<{ product_id: number }>(sql`
    insert into audit_discrepancies (company_id, audit_id, product_id, product_sku, product_name, epc, rfid_tag,
      expected_quantity, found_quantity, discrepancy_type, notes, unit_cost, needs_approval)
    select ${cid}, ${auditId}::int, p.id, p.sku, p.name, p.epc, p.rfid_tag, r.expected, r.received,
      case when r.received < r.expected then 'shortage' else 'overage' end,
      case when r.status = 'not_on_shipment' then 'Received, not on the shipment'
        when r.received < r.expected then 'Received ' || (r.expected - r.received) || ' fewer than shipped'
        else 'Received ' || (r.received - r.expected) || ' more than shipped' end,
      p.unit_cost, true
    from ${unnestRows(off, { product_id: 'int', expected: 'int', received: 'int', status: 'text' })}
    join products p on p.company_id = ${cid} and p.id = r.product_id
    join count_policies cp on cp.company_id = ${cid}
    where coalesce(cp.approval_units is not null and abs(r.received - r.expected) > cp.approval_units, false)
      or coalesce(cp.approval_value is not null
        and abs(r.received - r.expected) * p.unit_cost > cp.approval_value, false)
    order by r.ord
    returning product_id`);
  return new Set(r.rows.map((row) => Number(row.product_id)));
}

/**
 * The receipt's lines decided and not added yet, stamped applied in the same statement (each is added once, whoever
 * decides at the same time: the audit's row is locked by the review). An approved line adds what was received; a
 * rejected one what was shipped (the difference is not accepted).
 */
export async function takeDecidedLines(tx: Db, companyId: number, auditId: number) {
  const r = await tx.execute<{ product_id: number; units: number }>(sql`
    update audit_discrepancies d set applied_at = now()
    where d.company_id = ${companyId} and d.audit_id = ${auditId} and d.needs_approval and d.applied_at is null
      and d.decision in ('approve', 'reject') and d.product_id is not null
    returning d.product_id,
      (case when d.decision = 'approve' then d.found_quantity else d.expected_quantity end)::int as units`);
  return r.rows.map((row) => ({ productId: Number(row.product_id), units: Number(row.units) }));
}

/** The receipt's lines that waited for approval, by product: their decision so far. */
export async function lineReviews(
  db: Db,
  companyId: number,
  auditId: number,
): Promise<Map<number, TReceiptLineReview>> {
  const r = await db.execute<{
    product_id: number;
    id: number;
    decision: string | null;
    applied: boolean;
    reason_code: string | null;
    note: string | null;
    decided_by: string | null;
    decided_at: string | Date | null;
    expected: number;
    found: number;
  }>(sql`
    select d.product_id, d.id, d.decision, d.applied_at is not null as applied, rc.code as reason_code,
      d.decision_note as note, d.decided_by_name as decided_by, d.decided_at,
      d.expected_quantity as expected, d.found_quantity as found
    from audit_discrepancies d
    left join reason_codes rc on rc.company_id = d.company_id and rc.id = d.reason_code_id
    where d.company_id = ${companyId} and d.audit_id = ${auditId} and d.needs_approval
      and d.product_id is not null`);
  const map = new Map<number, TReceiptLineReview>();
  for (const row of r.rows) {
    const isDecided = row.applied && (row.decision === 'approve' || row.decision === 'reject');
    const state = !isDecided ? 'awaiting' : row.decision === 'approve' ? 'approved' : 'rejected';
    map.set(Number(row.product_id), {
      discrepancy_id: Number(row.id),
      state,
      reason_code: isDecided ? row.reason_code : null,
      note: isDecided ? row.note : null,
      decided_by: isDecided ? row.decided_by : null,
      decided_at: isDecided && row.decided_at ? new Date(row.decided_at).toISOString() : null,
      units_added: !isDecided ? null : Number(state === 'approved' ? row.found : row.expected),
    });
  }
  return map;
}
