import type { TAudit } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { recordEvent } from '../events/events.repo.ts';
import { recordCountSightings } from '../zones/sightings.service.ts';
import {
  discrepanciesByType,
  failTimedOutAudits,
  TIMED_OUT_BATCH,
  timedOutCompanies,
} from './audit-events.repo.ts';

export { TIMED_OUT_BATCH };

/** audit.completed with its figures and its discrepancies counted per type, in the completing transaction. */
export async function recordAuditCompleted(
  tx: Db,
  companyId: number,
  done: TAudit,
  at?: Date,
): Promise<void> {
  // Where its tags were last seen (issue 52): the count's place, from the tags it has just kept.
  await recordCountSightings(tx, companyId, done.id);
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

/** Up to `limit` companies with audits timed out but stored in progress (the timed-out-audits sweep's units). */
export const timedOutAuditCompanies = timedOutCompanies;

/**
 * An audit whose reads stopped for the time-out already reads as failed (derived on read); this stores that status
 * for the company's and records audit.failed in the same statement, once per audit (at most TIMED_OUT_BATCH), in its
 * own transaction. Run by one instance at a time (the timed-out-audits sweep's lock). Returns how many failed.
 */
export async function recordTimedOutAudits(db: Db, clock: AuditClock, companyId: number): Promise<number> {
  return db.transaction((tx) => failTimedOutAudits(tx, clock, companyId));
}
