import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { eventsFromSelect } from '../events/events.repo.ts';

/** A completed audit's discrepancies counted per type (every type present, 0 when none). */
export async function discrepanciesByType(db: Db, companyId: number, auditId: number) {
  const counts = await db.execute<{ type: string; n: number }>(
    sql`select discrepancy_type as type, count(*)::int as n from audit_discrepancies
        where company_id = ${companyId} and audit_id = ${auditId} group by discrepancy_type`,
  );
  const byType = { shortage: 0, overage: 0, misplaced: 0, unknown: 0 };
  for (const r of counts.rows) if (r.type in byType) byType[r.type as keyof typeof byType] = Number(r.n);
  return byType;
}

/** Audits one statement marks failed: a company with more is worked again at once. */
export const TIMED_OUT_BATCH = 500;

/** Up to `limit` companies with audits that read as failed (timed out) but are stored in progress. */
export async function timedOutCompanies(db: Db, clock: AuditClock, limit: number): Promise<number[]> {
  const res = await db.execute<{ company_id: number }>(sql`
    select distinct audits.company_id from audits
    where audits.status = 'in_progress' and ${clock.status()} = 'failed' limit ${limit}`);
  return res.rows.map((r) => Number(r.company_id));
}

/**
 * Stores `failed` on up to TIMED_OUT_BATCH of the company's audits that already read as failed (derived on read) and
 * writes audit.failed for each, in one statement: only rows still stored as in_progress change, so each audit fails
 * once. Answers how many.
 */
export async function failTimedOutAudits(tx: Db, clock: AuditClock, companyId: number): Promise<number> {
  const failed = await tx.execute<{ n: number }>(sql`
    with due as (
      select audits.company_id, audits.id from audits
      where audits.company_id = ${companyId} and audits.status = 'in_progress' and ${clock.status()} = 'failed'
      order by audits.id limit ${TIMED_OUT_BATCH}
      for update skip locked
    ), upd as (
      update audits a set status = 'failed' from due where a.company_id = due.company_id and a.id = due.id
      returning a.id, a.company_id, a.name, a.device_id, a.device_name, a.location_id, a.created_at
    ), ins as (
      ${eventsFromSelect('audit.failed', {
        companyId: sql`upd.company_id`,
        data: {
          audit_id: sql`upd.id`,
          name: sql`upd.name`,
          device_id: sql`upd.device_id`,
          device_name: sql`upd.device_name`,
          location_id: sql`upd.location_id`,
          started_at: sql`upd.created_at`,
          timeout_minutes: sql`${clock.timeoutMinutes}::int`,
        },
        from: sql`upd`,
        orderBy: sql`upd.id`,
      })}
    )
    select count(*)::int as n from ins`);
  return Number(failed.rows[0]?.n ?? 0);
}
