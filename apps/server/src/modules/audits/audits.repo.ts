import type { TAuditStatus, TReviewStatus } from '@quantics/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditBatches,
  auditDiscrepancies,
  audits,
  devices,
  locations,
  reasonCodes,
} from '../../db/schema/index.ts';
import type { AuditClock } from './audit-status.ts';

// Audits of one company, read side. Every function takes the caller's companyId and filters by it.

const batchesOfAudit = sql`${auditBatches.companyId} = ${audits.companyId} and ${auditBatches.auditId} = ${audits.id}`;

const linesOfAudit = sql`d.company_id = ${audits.companyId} and d.audit_id = ${audits.id} and d.needs_approval`;

/**
 * Where the audit's review stands (contracts' REVIEW_STATUSES), derived from its lines: none without a line over the
 * count policy; awaiting (partly_applied once counts were applied) while one of them is undecided or sent to recount
 * and not applied; else approved.
 */
export const reviewStatus = sql<TReviewStatus>`(case
    when not exists (select 1 from audit_discrepancies d where ${linesOfAudit}) then 'none'
    when exists (select 1 from audit_discrepancies d where ${linesOfAudit} and d.applied_at is null
      and (d.decision is null or d.decision = 'recount'))
      then (case when ${audits.countsAppliedAt} is null then 'awaiting' else 'partly_applied' end)
    else 'approved' end)`;

function auditColumns(clock: AuditClock) {
  return {
    id: audits.id,
    name: audits.name,
    status: clock.status(),
    createdAt: audits.createdAt,
    completedAt: audits.completedAt,
    deviceId: audits.deviceId,
    deviceName: sql<string | null>`coalesce(${devices.name}, ${audits.deviceName})`,
    locationId: audits.locationId,
    // A Dutchie store's audit covers a room, kept on the audit.
    location: sql<string | null>`coalesce(${locations.name}, ${audits.room})`,
    tagsFound: audits.tagsFound,
    tagsExpected: audits.tagsExpected,
    expectedCount: audits.expectedCount,
    discrepanciesCount: audits.discrepanciesCount,
    misplacedCount: audits.misplacedCount,
    unknownCount: audits.unknownCount,
    packagesExpected: audits.packagesExpected,
    packagesFound: audits.packagesFound,
    accuracy: audits.accuracy,
    recordAccuracy: audits.recordAccuracy,
    auditType: audits.auditType,
    comments: audits.comments,
    // Counted from the batches while the audit runs; the same figures are kept on the row at completion.
    batchCount: sql<number>`(case when ${audits.status} = 'completed' then ${audits.batchCount}
      else (select count(*) from ${auditBatches} where ${batchesOfAudit}) end)::int`,
    readsCount: sql<number>`(case when ${audits.status} = 'completed' then ${audits.readsCount}
      else (select coalesce(sum(${auditBatches.readCount}), 0) from ${auditBatches} where ${batchesOfAudit}) end)::int`,
    countsAppliedAt: audits.countsAppliedAt,
    countsAppliedBy: audits.countsAppliedBy,
    startedByName: audits.startedByName,
    endsAt: audits.endsAt,
    reviewStatus,
    recountOf: audits.recountOf,
    // A receipt is the audit a shipment names (one at most: shipments' unique index on receipt_audit_id).
    shipmentId: sql<number | null>`(select s.id from shipments s
      where s.company_id = ${audits.companyId} and s.receipt_audit_id = ${audits.id})`,
  };
}

function selectAudits(db: Db, clock: AuditClock) {
  return db
    .select(auditColumns(clock))
    .from(audits)
    .leftJoin(devices, and(eq(devices.companyId, audits.companyId), eq(devices.id, audits.deviceId)))
    .leftJoin(locations, and(eq(locations.companyId, audits.companyId), eq(locations.id, audits.locationId)));
}

export type AuditRow = Awaited<ReturnType<typeof selectAudits>>[number];

function statusFilter(clock: AuditClock, status: TAuditStatus | undefined): SQL | undefined {
  if (!status) return undefined;
  return sql`${clock.status()} = ${status}`;
}

/** Audits started in [from, to). */
export type AuditRange = { from: Date; to: Date };

function rangeFilter(range: AuditRange | undefined): SQL | undefined {
  if (!range) return undefined;
  return and(gte(audits.createdAt, range.from), lt(audits.createdAt, range.to));
}

export async function listAudits(
  db: Db,
  companyId: number,
  opts: { page: number; limit: number; status?: TAuditStatus; range?: AuditRange; review?: 'awaiting' },
  clock: AuditClock,
) {
  const where = and(
    eq(audits.companyId, companyId),
    statusFilter(clock, opts.status),
    rangeFilter(opts.range),
    opts.review ? sql`${reviewStatus} = ${opts.review}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectAudits(db, clock)
      .where(where)
      .orderBy(desc(audits.createdAt), desc(audits.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(audits).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The four cards over all of the company's audits. */
export async function auditSummary(db: Db, companyId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${audits.status} = 'completed'))::int`,
      averageAccuracy: sql<
        number | null
      >`(round(avg(${audits.accuracy}) filter (where ${audits.status} = 'completed')))::int`,
      discrepancies: sql<number>`coalesce(sum(${audits.discrepanciesCount}) filter (where ${audits.status} = 'completed'), 0)::int`,
    })
    .from(audits)
    .where(eq(audits.companyId, companyId));
  return row ?? { total: 0, completed: 0, averageAccuracy: null, discrepancies: 0 };
}

/** How the audits started in a stretch of time went: by (derived) status, and the completed ones with discrepancies. */
export async function periodCounts(db: Db, companyId: number, range: AuditRange, clock: AuditClock) {
  const status = clock.status();
  const of = (s: TAuditStatus) => sql<number>`(count(*) filter (where ${status} = ${s}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: of('completed'),
      failed: of('failed'),
      in_progress: of('in_progress'),
      pending: of('pending'),
      withDiscrepancies: sql<number>`(count(*) filter (where ${audits.status} = 'completed' and ${audits.discrepanciesCount} > 0))::int`,
      averageAccuracy: sql<
        number | null
      >`(round(avg(${audits.accuracy}) filter (where ${audits.status} = 'completed')))::int`,
    })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), rangeFilter(range)));
  return (
    row ?? {
      total: 0,
      completed: 0,
      failed: 0,
      in_progress: 0,
      pending: 0,
      withDiscrepancies: 0,
      averageAccuracy: null,
    }
  );
}

export async function findAudit(db: Db, companyId: number, id: number, clock: AuditClock) {
  const [row] = await selectAudits(db, clock)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, id)))
    .limit(1);
  return row;
}

export async function updateComments(db: Db, companyId: number, id: number, comments: string | null) {
  const rows = await db
    .update(audits)
    .set({ comments })
    .where(and(eq(audits.companyId, companyId), eq(audits.id, id)))
    .returning({ id: audits.id });
  return rows.length > 0;
}

const TYPE_ORDER = sql`array_position(array['shortage','overage','misplaced','unknown'], ${auditDiscrepancies.discrepancyType})`;

export function listDiscrepancies(db: Db, companyId: number, auditId: number, ids?: number[]) {
  return db
    .select({ d: auditDiscrepancies, reasonCode: reasonCodes.code, reasonLabel: reasonCodes.label })
    .from(auditDiscrepancies)
    .leftJoin(
      reasonCodes,
      and(
        eq(reasonCodes.companyId, auditDiscrepancies.companyId),
        eq(reasonCodes.id, auditDiscrepancies.reasonCodeId),
      ),
    )
    .where(
      and(
        eq(auditDiscrepancies.companyId, companyId),
        eq(auditDiscrepancies.auditId, auditId),
        ids ? inArray(auditDiscrepancies.id, ids) : undefined,
      ),
    )
    .orderBy(asc(TYPE_ORDER), asc(auditDiscrepancies.productSku), asc(auditDiscrepancies.epc));
}

export async function countAudits(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(audits)
    .where(eq(audits.companyId, companyId));
  return row?.n ?? 0;
}

/** The audit an earlier import of this file (by its SHA-256) made. */
export async function findImportedAudit(db: Db, companyId: number, importHash: string) {
  const [row] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.importHash, importHash)))
    .limit(1);
  return row?.id;
}
