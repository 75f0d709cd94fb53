import type { TAudit } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { recordEvent } from '../events/events.service.ts';

/** audit.completed with its figures and its discrepancies counted per type, in the completing transaction. */
export async function recordAuditCompleted(
  tx: Db,
  companyId: number,
  done: TAudit,
  at?: Date,
): Promise<void> {
  const counts = await tx.execute<{ type: string; n: number }>(
    sql`select discrepancy_type as type, count(*)::int as n from audit_discrepancies
        where company_id = ${companyId} and audit_id = ${done.id} group by discrepancy_type`,
  );
  const byType: Record<string, number> = { shortage: 0, overage: 0, misplaced: 0, unknown: 0 };
  for (const r of counts.rows) byType[r.type] = Number(r.n);
  await recordEvent(
    tx,
    companyId,
    'audit.completed',
    {
      audit_id: done.id,
      name: done.name,
      location: done.location,
      device_name: done.device_name,
      accuracy: done.accuracy,
      tags_found: done.tags_found,
      tags_expected: done.tags_expected,
      expected_count: done.expected_count,
      discrepancies_count: done.discrepancies_count,
      discrepancies_by_type: byType,
      completed_at: done.completed_at,
    },
    at,
  );
}

/** The advisory lock key one instance holds while recording timed-out audits. */
const FAILED_LOCK = 0x51_41_46_4c; // 'QAFL'

/**
 * An audit whose reads stopped for the time-out already reads as failed (derived on read); this stores that status
 * and records audit.failed in the same statement, once per audit (only rows still stored as in_progress change).
 * Under a transaction-level advisory lock so several instances do it once. Returns how many failed.
 */
export async function recordTimedOutAudits(db: Db, clock: AuditClock): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${FAILED_LOCK}::int) as ok`,
    );
    if (!locked.rows[0]?.ok) return 0;
    const failed = await tx.execute<{ n: number }>(sql`
      with due as (
        select audits.company_id, audits.id from audits
        where audits.status = 'in_progress' and ${clock.status()} = 'failed'
        order by audits.id limit 500
        for update skip locked
      ), upd as (
        update audits a set status = 'failed' from due where a.company_id = due.company_id and a.id = due.id
        returning a.id, a.company_id, a.name, a.device_id, a.device_name, a.location_id, a.created_at
      ), ins as (
        insert into events (company_id, type, payload)
        select upd.company_id, 'audit.failed', jsonb_build_object(
          'audit_id', upd.id, 'name', upd.name, 'device_id', upd.device_id, 'device_name', upd.device_name,
          'location_id', upd.location_id, 'started_at', upd.created_at, 'timeout_minutes', ${clock.timeoutMinutes}::int,
          'company_id', upd.company_id)
        from upd order by upd.id
        returning 1
      )
      select count(*)::int as n from ins`);
    return Number(failed.rows[0]?.n ?? 0);
  });
}
