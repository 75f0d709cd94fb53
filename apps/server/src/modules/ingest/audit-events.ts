import type { TAudit } from '@quantics/contracts';
import { tryXactLock } from '../../db/advisory-lock.ts';
import type { Db } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../jobs/locks.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { recordEvent } from '../events/events.repo.ts';
import { discrepanciesByType, failTimedOutAudits } from './audit-events.repo.ts';

/** audit.completed with its figures and its discrepancies counted per type, in the completing transaction. */
export async function recordAuditCompleted(
  tx: Db,
  companyId: number,
  done: TAudit,
  at?: Date,
): Promise<void> {
  await recordEvent(
    tx,
    companyId,
    'audit.completed',
    {
      audit_id: done.id,
      name: done.name,
      location: done.location,
      device_name: done.device_name,
      // Reconciliation always sets a completed audit's accuracy (100 when nothing was expected or found).
      accuracy: done.accuracy ?? 0,
      tags_found: done.tags_found,
      tags_expected: done.tags_expected,
      expected_count: done.expected_count,
      discrepancies_count: done.discrepancies_count,
      discrepancies_by_type: await discrepanciesByType(tx, companyId, done.id),
      completed_at: done.completed_at,
    },
    at,
  );
}

/** The advisory lock key one instance holds while recording timed-out audits. */
const FAILED_LOCK = ADVISORY_LOCKS.timedOutAudits;

/**
 * An audit whose reads stopped for the time-out already reads as failed (derived on read); this stores that status
 * and records audit.failed in the same statement, once per audit. Under a transaction-level advisory lock so several
 * instances do it once. Returns how many failed.
 */
export async function recordTimedOutAudits(db: Db, clock: AuditClock): Promise<number> {
  return db.transaction(async (tx) =>
    (await tryXactLock(tx, FAILED_LOCK)) ? failTimedOutAudits(tx, clock) : 0,
  );
}
