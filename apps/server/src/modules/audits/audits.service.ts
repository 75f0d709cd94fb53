import {
  AUDIT_MESSAGES,
  pagination,
  type TAudit,
  type TAuditListResponse,
  type TAuditStatus,
  type TDiscrepancy,
  type TDiscrepancyType,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuditClock } from './audit-status.ts';
import * as repo from './audits.repo.ts';

export function auditView(a: repo.AuditRow): TAudit {
  return {
    id: a.id,
    name: a.name,
    status: a.status as TAuditStatus,
    created_at: a.createdAt.toISOString(),
    completed_at: a.completedAt?.toISOString() ?? null,
    device_id: a.deviceId,
    device_name: a.deviceName,
    location_id: a.locationId,
    location: a.location,
    tags_found: a.tagsFound,
    tags_expected: a.tagsExpected,
    expected_count: a.expectedCount,
    discrepancies_count: a.discrepanciesCount,
    misplaced_count: a.misplacedCount,
    unknown_count: a.unknownCount,
    packages_expected: a.packagesExpected,
    packages_found: a.packagesFound,
    accuracy: a.accuracy,
    record_accuracy: a.recordAccuracy,
    audit_type: a.auditType,
    comments: a.comments,
    batch_count: Number(a.batchCount),
    reads_count: Number(a.readsCount),
    counts_applied_at: a.countsAppliedAt?.toISOString() ?? null,
    counts_applied_by: a.countsAppliedBy,
    started_by: a.startedByName,
    ends_at: a.endsAt?.toISOString() ?? null,
    review_status: a.reviewStatus,
    recount_of: a.recountOf,
    shipment_id: a.shipmentId === null ? null : Number(a.shipmentId),
  };
}

type DiscrepancyRow = Awaited<ReturnType<typeof repo.listDiscrepancies>>[number];

export function discrepancyView({ d, reasonCode, reasonLabel }: DiscrepancyRow): TDiscrepancy {
  return {
    id: d.id,
    product_id: d.productId,
    product_sku: d.productSku,
    product_name: d.productName,
    expected_quantity: d.expectedQuantity,
    found_quantity: d.foundQuantity,
    variance: d.foundQuantity - d.expectedQuantity,
    discrepancy_type: d.discrepancyType as TDiscrepancyType,
    rfid_tag: d.rfidTag,
    epc: d.epc,
    notes: d.notes,
    codes: d.codes,
    code_format: d.codeFormat,
    applied_at: d.appliedAt?.toISOString() ?? null,
    needs_approval: d.needsApproval,
    decision: d.decision as TDiscrepancy['decision'],
    reason_code: reasonCode,
    reason_label: reasonLabel,
    decision_note: d.decisionNote,
    decided_by: d.decidedByName,
    decided_at: d.decidedAt?.toISOString() ?? null,
    unit_cost: Number(d.unitCost),
    recount_audit_id: d.recountAuditId,
    expected_at_start: d.expectedAtStart,
    moved_during: d.movedDuring,
  };
}

export async function listAudits(
  db: Db,
  companyId: number,
  query: { page: number; limit: number; status?: TAuditStatus; review?: 'awaiting' },
  clock: AuditClock,
): Promise<TAuditListResponse> {
  const [{ rows, total }, summary] = await Promise.all([
    repo.listAudits(db, companyId, query, clock),
    repo.auditSummary(db, companyId),
  ]);
  return { data: rows.map(auditView), pagination: pagination(query.page, query.limit, total), summary };
}

/**
 * The audits started in a stretch of time (newest first, `limit` of them, optionally of one status) and how they
 * went: Tallie's answer to "how many audits failed this month".
 */
export async function auditsInRange(
  db: Db,
  companyId: number,
  query: { range: repo.AuditRange; status?: TAuditStatus; limit: number },
  clock: AuditClock,
) {
  const [{ rows, total }, counts] = await Promise.all([
    repo.listAudits(db, companyId, { page: 1, ...query }, clock),
    repo.periodCounts(db, companyId, query.range, clock),
  ]);
  return { audits: rows.map(auditView), matching: total, counts };
}

export async function getAudit(db: Db, companyId: number, id: number, clock: AuditClock): Promise<TAudit> {
  const row = await repo.findAudit(db, companyId, id, clock);
  if (!row) throw notFound(AUDIT_MESSAGES.notFound);
  return auditView(row);
}

export async function listDiscrepancies(
  db: Db,
  companyId: number,
  id: number,
  clock: AuditClock,
): Promise<TDiscrepancy[]> {
  await getAudit(db, companyId, id, clock);
  return (await repo.listDiscrepancies(db, companyId, id)).map(discrepancyView);
}

export async function updateComments(
  db: Db,
  companyId: number,
  id: number,
  comments: string | null,
  clock: AuditClock,
): Promise<TAudit> {
  if (!(await repo.updateComments(db, companyId, id, comments))) throw notFound(AUDIT_MESSAGES.notFound);
  return getAudit(db, companyId, id, clock);
}

/** The company card's audit counter. */
export const countAudits = (db: Db, companyId: number) => repo.countAudits(db, companyId);
