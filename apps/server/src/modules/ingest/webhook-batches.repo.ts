import { TEAM_SEAT_BATCHES } from '@quantics/contracts';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditBatches, auditParticipants, audits, devices } from '../../db/schema/index.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { openParticipation } from './participants.repo.ts';

/**
 * Audits fed by devices that don't number their posts (a fixed reader's webhook): the server numbers the batches
 * under the audit's row lock, and a post's content hash makes a resent post a no-op.
 */

/**
 * The count the device is an open participant of (in progress as everyone sees it: not timed out), with its seat; a
 * count the build before started (no participant rows) is found by its reader, newest first.
 */
export async function findOpenAudit(db: Db, companyId: number, deviceId: number, clock: AuditClock) {
  const mine = await openParticipation(db, companyId, deviceId, clock);
  if (mine) return { id: mine.auditId, endsAt: mine.endsAt, seat: mine.seat };
  const [legacy] = await db
    .select({ id: audits.id, endsAt: audits.endsAt, seat: sql<number>`0` })
    .from(audits)
    .where(
      and(
        eq(audits.deviceId, deviceId),
        eq(audits.companyId, companyId),
        eq(audits.status, 'in_progress'),
        sql`${clock.status()} = 'in_progress'`,
        sql`not exists (select 1 from ${auditParticipants} where ${auditParticipants.companyId} = ${audits.companyId}
          and ${auditParticipants.auditId} = ${audits.id})`,
      ),
    )
    .orderBy(desc(audits.id))
    .limit(1);
  return legacy;
}

/** The audit row held FOR UPDATE (posts to one audit take turns; completion waits for them), with its end. */
export async function lockForAppend(db: Db, companyId: number, auditId: number, clock: AuditClock) {
  const [row] = await db
    .select({
      id: audits.id,
      status: clock.status(),
      isPastEnd: sql<boolean>`coalesce(${audits.endsAt} <= now(), false)`,
    })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)))
    .for('update', { of: audits });
  return row;
}

export async function hasContent(
  db: Db,
  companyId: number,
  auditId: number,
  contentHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ seq: auditBatches.batchSeq })
    .from(auditBatches)
    .where(
      and(
        eq(auditBatches.companyId, companyId),
        eq(auditBatches.auditId, auditId),
        eq(auditBatches.contentHash, contentHash),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Stores the post as the next batch of the reader's seat (seat × TEAM_SEAT_BATCHES + 0, 1, 2... with no gaps: the
 * caller holds the row lock). Undefined when the same content is already there (the partial unique index decides,
 * even without the lock).
 */
export async function appendBatch(
  db: Db,
  companyId: number,
  auditId: number,
  seat: number,
  contentHash: string,
  readCount: number,
) {
  const first = seat * TEAM_SEAT_BATCHES;
  const result = await db.execute<{ seq: number }>(sql`
    insert into audit_batches (company_id, audit_id, batch_seq, read_count, content_hash)
    select ${companyId}::int, ${auditId}::int, coalesce(max(batch_seq) + 1, ${first}::int), ${readCount}::int,
      ${contentHash}::text
    from audit_batches where company_id = ${companyId} and audit_id = ${auditId}
      and batch_seq between ${first}::int and ${first + TEAM_SEAT_BATCHES - 1}::int
    on conflict do nothing
    returning batch_seq as seq`);
  const row = result.rows[0];
  return row === undefined ? undefined : Number(row.seq);
}

/** Counts whose chosen duration has run out and are still open (any company, or one), oldest first. */
export async function dueAudits(db: Db, clock: AuditClock, companyId: number | null, limit: number) {
  return db
    .select({
      id: audits.id,
      companyId: audits.companyId,
      deviceId: audits.deviceId,
      name: sql<string>`coalesce(${devices.name}, ${audits.deviceName}, 'Fixed reader')`,
    })
    .from(audits)
    .leftJoin(devices, and(eq(devices.companyId, audits.companyId), eq(devices.id, audits.deviceId)))
    .where(
      and(
        eq(audits.status, 'in_progress'),
        isNotNull(audits.endsAt),
        lte(audits.endsAt, sql`now()`),
        sql`${clock.status()} = 'in_progress'`,
        companyId === null ? undefined : eq(audits.companyId, companyId),
      ),
    )
    .orderBy(audits.endsAt)
    .limit(limit);
}
