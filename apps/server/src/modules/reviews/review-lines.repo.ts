import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditDiscrepancies, audits, devices, memberships } from '../../db/schema/index.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';
import { accuracyOf, recordAccuracyOf } from '../audits/reconcile.repo.ts';

// The lines of a count under review: their need for approval, the admins' decisions, recounts. Scoped by company.

/**
 * Stamps each shortage and overage line of a just-completed audit with its product's unit cost, and marks those over
 * the company's count policy (more than approval_units units off, or worth more than approval_value at cost) as
 * needing approval; `ids` limits it to those lines. Answers how many need approval.
 */
export async function markNeedsApproval(db: Db, companyId: number, auditId: number, ids?: number[]) {
  const rows = await db.execute<{ needs: boolean }>(sql`
    update audit_discrepancies d set
      unit_cost = coalesce(p.unit_cost, d.unit_cost),
      needs_approval = coalesce(cp.approval_units is not null and abs(d.found_quantity - d.expected_quantity) > cp.approval_units, false)
        or coalesce(cp.approval_value is not null
          and abs(d.found_quantity - d.expected_quantity) * coalesce(p.unit_cost, d.unit_cost) > cp.approval_value, false)
    from audit_discrepancies d0
    left join products p on p.company_id = d0.company_id and p.id = d0.product_id
    left join count_policies cp on cp.company_id = d0.company_id
    where d0.company_id = ${companyId} and d0.audit_id = ${auditId} and d0.discrepancy_type in ('shortage', 'overage')
      and d.company_id = d0.company_id and d.id = d0.id
      ${ids ? sql`and d0.id = any(${sqlArray(ids, 'int')})` : sql``}
    returning d.needs_approval as needs`);
  return rows.rows.filter((r) => r.needs).length;
}

const selectAudit = (db: Db, companyId: number, auditId: number) =>
  db
    .select({
      id: audits.id,
      name: audits.name,
      status: audits.status,
      startedBy: audits.startedBy,
      locationId: audits.locationId,
      room: audits.room,
      expectedAsOf: audits.expectedAsOf,
      recountOf: audits.recountOf,
    })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)));

/** The audit, locked FOR UPDATE until the caller's transaction ends: decisions on one audit are made one at a time. */
export async function lockAudit(db: Db, companyId: number, auditId: number) {
  const [row] = await selectAudit(db, companyId, auditId).for('update');
  return row;
}

/** The audit as it is, without a lock. */
export async function findAudit(db: Db, companyId: number, auditId: number) {
  const [row] = await selectAudit(db, companyId, auditId);
  return row;
}

/** The audit's lines among `ids`, with what the review rules need. */
export function linesOf(db: Db, companyId: number, auditId: number, ids: number[]) {
  return db
    .select({
      id: auditDiscrepancies.id,
      type: auditDiscrepancies.discrepancyType,
      productId: auditDiscrepancies.productId,
      needsApproval: auditDiscrepancies.needsApproval,
      appliedAt: auditDiscrepancies.appliedAt,
      decision: auditDiscrepancies.decision,
    })
    .from(auditDiscrepancies)
    .where(
      and(
        eq(auditDiscrepancies.companyId, companyId),
        eq(auditDiscrepancies.auditId, auditId),
        inArray(auditDiscrepancies.id, ids),
      ),
    );
}

export type Decision = {
  id: number;
  decision: string;
  reasonCodeId: number | null;
  note: string | null;
};

/** Writes the decisions in one statement. */
export async function saveDecisions(
  db: Db,
  companyId: number,
  auditId: number,
  by: { id: number; name: string },
  decisions: Decision[],
) {
  await db.execute(sql`
    update audit_discrepancies d set decision = r.decision, reason_code_id = r."reasonCodeId",
      decision_note = r.note, decided_by = ${by.id}::int, decided_by_name = ${by.name}, decided_at = now()
    from ${unnestRows(decisions, { id: 'int', decision: 'text', reasonCodeId: 'int', note: 'text' })}
    where d.company_id = ${companyId} and d.audit_id = ${auditId} and d.id = r.id and d.applied_at is null`);
}

/** Active admins of the company: four eyes applies when there is more than one. */
export async function countAdmins(db: Db, companyId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.role, 'admin'),
        eq(memberships.isActive, true),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The lines a recount counts again: those in `ids`, or else the ones sent to recount, or else every shortage and
 * overage line; never an applied one, and only lines of a product (or of a Dutchie package).
 */
export async function linesToRecount(db: Db, companyId: number, auditId: number, ids?: number[]) {
  const rows = await db.execute<{ id: number }>(sql`
    with open_lines as (
      select id, decision from audit_discrepancies
      where company_id = ${companyId} and audit_id = ${auditId} and discrepancy_type in ('shortage', 'overage')
        and applied_at is null and (product_id is not null or product_sku is not null)
    )
    select id from open_lines
    where ${
      ids
        ? sql`id = any(${sqlArray(ids, 'int')})`
        : sql`(decision = 'recount' or not exists (select 1 from open_lines where decision = 'recount'))
            and (decision is null or decision = 'recount')`
    }
    order by id`);
  return rows.rows.map((r) => r.id);
}

/** Links a recount to its audit and its lines (sent to recount, decided afresh once it completes). */
export async function linkRecount(
  db: Db,
  companyId: number,
  auditId: number,
  recountId: number,
  lineIds: number[],
) {
  await db
    .update(audits)
    .set({ recountOf: auditId })
    .where(and(eq(audits.companyId, companyId), eq(audits.id, recountId)));
  await db
    .update(auditDiscrepancies)
    .set({ recountAuditId: recountId, decision: 'recount', decidedAt: sql`now()` })
    .where(
      and(
        eq(auditDiscrepancies.companyId, companyId),
        eq(auditDiscrepancies.auditId, auditId),
        inArray(auditDiscrepancies.id, lineIds),
      ),
    );
}

/**
 * A completed recount's figures replace those of the lines it counted again, with what moved between the two counts
 * taken out: the recount expects the stock as moved since. Each count's expected is its places' stock as of when it
 * read the product (reconcile-moved.repo.ts: the stock now less the movements since), so the recount's expected less
 * the line's is what moved in between (sold, received, edited), and the line's found becomes its expected plus the
 * recount's variance (its own line's found less its expected; none when the recount found what it expected, a Dutchie
 * package's included). A sale between the count and its recount is no variance, and applying the line (a delta)
 * leaves the place with what the recount found less what moved after it. A line whose product is gone keeps its
 * figures. The type and note follow, and the decision is cleared so the review goes on with the new figures. The
 * original audit's totals (tags found, units off, accuracy, packages found) are worked out again from the replaced
 * figures. Answers the lines changed and the original audit.
 */
export async function replaceRecountedFigures(db: Db, companyId: number, recountId: number) {
  const rows = await db.execute<{ id: number; audit_id: number; delta: number; package_delta: number }>(sql`
    with figures as (
      select o.id, o.found_quantity as old_found, coalesce(oe.is_package, false) as is_package,
        case when r.id is not null then o.expected_quantity + (r.found_quantity - r.expected_quantity)
          when o.product_id is null and e.package_id is not null then o.expected_quantity
          when p.id is not null then o.expected_quantity
          else o.found_quantity end as found
      from audit_discrepancies o
      left join products p on p.company_id = o.company_id and p.id = o.product_id
      left join audit_expected e on o.product_id is null and e.company_id = o.company_id
        and e.audit_id = ${recountId}::int and e.package_id = o.product_sku and e.in_scope
      left join audit_expected oe on o.product_id is null and oe.company_id = o.company_id
        and oe.audit_id = o.audit_id and oe.package_id = o.product_sku
      left join audit_discrepancies r on r.company_id = o.company_id and r.audit_id = ${recountId}::int
        and (r.product_id = o.product_id or (o.product_id is null and r.product_sku = o.product_sku))
        and r.discrepancy_type in ('shortage', 'overage')
      where o.company_id = ${companyId} and o.recount_audit_id = ${recountId}::int and o.applied_at is null
    )
    update audit_discrepancies d set found_quantity = f.found,
      discrepancy_type = case when f.found < d.expected_quantity then 'shortage' else 'overage' end,
      notes = case when f.found = d.expected_quantity then 'Recounted: as expected'
        when f.found < d.expected_quantity then 'Recounted: ' || (d.expected_quantity - f.found) || ' fewer than expected'
        else 'Recounted: ' || (f.found - d.expected_quantity) || ' more than expected' end,
      decision = null, reason_code_id = null, decision_note = null, decided_by = null, decided_by_name = null,
      decided_at = null
    from figures f where d.company_id = ${companyId} and d.id = f.id
    returning d.id, d.audit_id, (f.found - f.old_found)::int as delta,
      (case when not f.is_package then 0 when f.old_found = 0 and f.found > 0 then 1
        when f.old_found > 0 and f.found = 0 then -1 else 0 end)::int as package_delta`);
  const changed = rows.rows;
  const original = changed[0]?.audit_id;
  if (original !== undefined) {
    const delta = changed.reduce((s, r) => s + Number(r.delta), 0);
    const packages = changed.reduce((s, r) => s + Number(r.package_delta), 0);
    await db.execute(sql`
      update audits a set tags_found = a.tags_found + ${delta}::int,
        discrepancies_count = off.units,
        packages_found = case when a.packages_found is null then null else a.packages_found + ${packages}::int end,
        accuracy = ${accuracyOf(sql`a.tags_expected`, sql`off.units`)},
        record_accuracy = case when a.record_accuracy is null then null
          else ${recordAccuracyOf(sql`(a.expected_count + off.misplaced)`, sql`(off.wrong + off.misplaced)`)} end
      from (select coalesce(sum(abs(found_quantity - expected_quantity))
            filter (where discrepancy_type in ('shortage', 'overage')), 0)::int as units,
          count(*) filter (where discrepancy_type in ('shortage', 'overage')
            and found_quantity <> expected_quantity)::int as wrong,
          count(*) filter (where discrepancy_type = 'misplaced')::int as misplaced
        from audit_discrepancies where company_id = ${companyId} and audit_id = ${original}::int) off
      where a.company_id = ${companyId} and a.id = ${original}::int`);
  }
  return { ids: changed.map((r) => r.id), original };
}

/**
 * A recount of a Dutchie store's packages expects just them: the other packages of the snapshot taken as it
 * started are out of scope (read there, they are misplaced, as in any count of the room).
 */
export async function narrowRecountSnapshot(db: Db, companyId: number, recountId: number) {
  await db.execute(sql`
    update audit_expected e set in_scope = false, expected = 0
    where e.company_id = ${companyId} and e.audit_id = ${recountId}::int and e.in_scope
      and e.package_id not in (select product_sku from audit_discrepancies
        where company_id = ${companyId} and recount_audit_id = ${recountId}::int and product_sku is not null)`);
}

/**
 * The company's counts with lines sent to recount and not applied: how many, and the recount under way for them
 * (in progress, not timed out), if any, with its reader.
 */
export async function recountsToDo(db: Db, companyId: number, timeoutMinutes: number) {
  const rows = await db.execute<{
    audit_id: number;
    name: string;
    place: string | null;
    lines: number;
    recount_id: number | null;
    recount_device_id: number | null;
    recount_device: string | null;
  }>(sql`
    select a.id as audit_id, a.name, coalesce(l.name, a.room) as place, count(*)::int as lines,
      r.id as recount_id, r.device_id as recount_device_id, r.device_name as recount_device
    from audit_discrepancies d
    join audits a on a.company_id = d.company_id and a.id = d.audit_id
    left join locations l on l.company_id = a.company_id and l.id = a.location_id
    left join audits r on r.company_id = d.company_id and r.id = d.recount_audit_id
      and r.status = 'in_progress' and coalesce((select max(b.received_at) from audit_batches b
        where b.company_id = r.company_id and b.audit_id = r.id), r.created_at)
        >= now() - ${timeoutMinutes}::int * interval '1 minute'
    where d.company_id = ${companyId} and d.decision = 'recount' and d.applied_at is null
    group by a.id, a.name, l.name, a.room, r.id, r.device_id, r.device_name
    order by a.id desc, r.id nulls first
    limit 100`);
  return rows.rows;
}

/** The audit a recount belongs to. */
export async function recountOf(db: Db, companyId: number, auditId: number) {
  const [row] = await db
    .select({ recountOf: audits.recountOf })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)));
  return row?.recountOf ?? null;
}

/** The company's reader `deviceId`, or else the caller's newest Count screen (a browser device they own). */
export async function countingDevice(db: Db, companyId: number, userId: number, deviceId?: number) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(
      and(
        eq(devices.companyId, companyId),
        deviceId === undefined
          ? and(eq(devices.kind, 'browser'), eq(devices.ownerUserId, userId))
          : eq(devices.id, deviceId),
      ),
    )
    .orderBy(desc(devices.id))
    .limit(1);
  return row;
}

export type AdjustmentRow = {
  package_label: string;
  product: string | null;
  room: string;
  expected: number;
  counted: number;
  reason_code: string | null;
  note: string | null;
  approved_by: string | null;
};

/**
 * The audit's approved adjustments, for a Dutchie store to enter in Dutchie's own audit: the package's label (its
 * package id, a Metrc label when it has one), the room counted.
 */
export async function approvedAdjustments(db: Db, companyId: number, auditId: number) {
  const rows = await db.execute<AdjustmentRow>(sql`
    select coalesce(d.product_sku, d.epc) as package_label,
      d.product_name as product, coalesce(a.room, l.name, 'All rooms') as room, d.expected_quantity as expected,
      d.found_quantity as counted, r.code as reason_code, d.decision_note as note, d.decided_by_name as approved_by
    from audit_discrepancies d
    join audits a on a.company_id = d.company_id and a.id = d.audit_id
    left join locations l on l.company_id = a.company_id and l.id = a.location_id
    left join reason_codes r on r.company_id = d.company_id and r.id = d.reason_code_id
    where d.company_id = ${companyId} and d.audit_id = ${auditId} and d.decision = 'approve'
    order by d.product_sku, d.id`);
  return rows.rows;
}
