import { TEAM_SEAT_BATCHES } from '@quantics/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditBatches, auditParticipants, audits, devices } from '../../db/schema/index.ts';
import type { AuditClock } from '../audits/audit-status.ts';

// The readers of a count (audit_participants): seats, the one open count per reader, parts finished. Scoped by company.

export type NewParticipant = {
  companyId: number;
  auditId: number;
  deviceId: number;
  deviceName: string;
  person: { id: number; name: string } | null;
  at?: Date;
};

/** The open-count index: its violation means the reader is in another open count. */
export const OPEN_DEVICE_INDEX = 'audit_participants_open_device_unique';

/**
 * Seats the reader in the count: seat 0 for the reader that starts it, else the next free seat (the caller holds the
 * audit's row lock, so joins take turns). Throws the open-count index's unique violation when the reader is in another
 * open count. Undefined when it is a participant already.
 */
export async function insertParticipant(db: Db, p: NewParticipant, isFirst: boolean) {
  const seat = isFirst
    ? sql`0`
    : sql`(select coalesce(max(seat) + 1, 0) from audit_participants
        where company_id = ${p.companyId} and audit_id = ${p.auditId})`;
  const res = await db.execute<{ seat: number }>(sql`
    insert into audit_participants (company_id, audit_id, device_id, seat, device_name, person_id, person_name,
      joined_at)
    values (${p.companyId}::int, ${p.auditId}::int, ${p.deviceId}::int, ${seat}, ${p.deviceName}::text,
      ${p.person?.id ?? null}::int, ${p.person?.name ?? null}::text, ${p.at ? sql`${p.at.toISOString()}::timestamptz` : sql`now()`})
    on conflict (company_id, audit_id, device_id) do nothing
    returning seat`);
  const row = res.rows[0];
  return row === undefined ? undefined : Number(row.seat);
}

/**
 * The reader's open count (the one the open-count index holds), with its name, end and the reader's seat; with a
 * clock, only while it is in progress as everyone sees it (not timed out).
 */
export async function openParticipation(db: Db, companyId: number, deviceId: number, clock?: AuditClock) {
  const [row] = await db
    .select({ auditId: audits.id, name: audits.name, endsAt: audits.endsAt, seat: auditParticipants.seat })
    .from(auditParticipants)
    .innerJoin(
      audits,
      and(eq(audits.companyId, auditParticipants.companyId), eq(audits.id, auditParticipants.auditId)),
    )
    .where(
      and(
        eq(auditParticipants.companyId, companyId),
        eq(auditParticipants.deviceId, deviceId),
        eq(auditParticipants.isOpen, true),
        clock ? and(eq(audits.status, 'in_progress'), sql`${clock.status()} = 'in_progress'`) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Every participant row of the count FOR UPDATE: what completes it waits for its readers' batches in flight. */
export async function lockParticipants(db: Db, companyId: number, auditId: number) {
  await db
    .select({ seat: auditParticipants.seat })
    .from(auditParticipants)
    .where(and(eq(auditParticipants.companyId, companyId), eq(auditParticipants.auditId, auditId)))
    .for('update');
}

/**
 * The reader's place in the count, if it has one; `'share'`: its row held FOR SHARE until the transaction ends (a
 * batch of its being stored).
 */
export async function participantOf(
  db: Db,
  companyId: number,
  auditId: number,
  deviceId: number,
  lock?: 'share',
) {
  const query = db
    .select({ seat: auditParticipants.seat, finishedAt: auditParticipants.finishedAt })
    .from(auditParticipants)
    .where(
      and(
        eq(auditParticipants.companyId, companyId),
        eq(auditParticipants.auditId, auditId),
        eq(auditParticipants.deviceId, deviceId),
      ),
    );
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/**
 * Which participations close (is_open false), in the one function every path uses:
 * - `{ auditId }`: the count completed or was finished for everyone, whichever way (reconcileAudit): its unfinished
 *   parts finish with it;
 * - `{ deviceId }`: the reader's counts no longer in progress (failed, or timed out: derived on read, so the time-out
 *   sweep may not have stored it yet), closed by its next start or join before it takes a seat, so a stale count
 *   never holds a reader.
 */
export async function closeParticipations(
  db: Db,
  clock: AuditClock,
  companyId: number,
  which: { auditId: number; at?: Date } | { deviceId: number },
) {
  if ('auditId' in which) {
    const at = which.at ? sql`${which.at.toISOString()}::timestamptz` : sql`now()`;
    await db
      .update(auditParticipants)
      .set({ isOpen: false, finishedAt: sql`coalesce(${auditParticipants.finishedAt}, ${at})` })
      .where(
        and(
          eq(auditParticipants.companyId, companyId),
          eq(auditParticipants.auditId, which.auditId),
          isNull(auditParticipants.finishedAt),
        ),
      );
    return;
  }
  await db
    .update(auditParticipants)
    .set({ isOpen: false })
    .where(
      and(
        eq(auditParticipants.companyId, companyId),
        eq(auditParticipants.deviceId, which.deviceId),
        eq(auditParticipants.isOpen, true),
        sql`exists (select 1 from ${audits} where ${audits.companyId} = ${auditParticipants.companyId}
          and ${audits.id} = ${auditParticipants.auditId} and ${clock.status()} <> 'in_progress')`,
      ),
    );
}

/** The reader's part is done: it sent `batchCount` batches (null: finished without saying, e.g. by a person). */
export async function finishParticipant(
  db: Db,
  companyId: number,
  auditId: number,
  deviceId: number,
  batchCount: number | null,
  at?: Date,
) {
  await db
    .update(auditParticipants)
    .set({
      isOpen: false,
      finishedAt: sql`coalesce(${auditParticipants.finishedAt}, ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`})`,
      batchCount,
    })
    .where(
      and(
        eq(auditParticipants.companyId, companyId),
        eq(auditParticipants.auditId, auditId),
        eq(auditParticipants.deviceId, deviceId),
      ),
    );
}

/**
 * Participants other than this reader still counting (not finished). In a receipt a fixed reader (a dock door's)
 * does not count: it reads whatever passes, so the receipt completes when its people have finished (issue 51).
 */
export async function othersCounting(db: Db, companyId: number, auditId: number, deviceId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditParticipants)
    .where(
      and(
        eq(auditParticipants.companyId, companyId),
        eq(auditParticipants.auditId, auditId),
        ne(auditParticipants.deviceId, deviceId),
        isNull(auditParticipants.finishedAt),
        sql`not exists (select 1 from ${audits} a join ${devices} d on d.company_id = a.company_id
          where a.company_id = ${companyId} and a.id = ${auditId} and a.audit_type = 'receipt'
            and d.id = ${auditParticipants.deviceId} and d.kind = 'fixed')`,
      ),
    );
  return row?.n ?? 0;
}

/** The seat's range of stored batch numbers, as SQL bounds on audit_batches.batch_seq. */
const seatRange = (seat: number) =>
  sql`${auditBatches.batchSeq} between ${seat * TEAM_SEAT_BATCHES}::int and ${(seat + 1) * TEAM_SEAT_BATCHES - 1}::int`;

/**
 * The reader's own batch numbers in 0..batchCount-1 that never arrived (the first 1,000), and the highest of its own
 * that did (numbers as the reader sent them).
 */
export async function missingBatches(
  db: Db,
  companyId: number,
  auditId: number,
  seat: number,
  batchCount: number,
) {
  const base = seat * TEAM_SEAT_BATCHES;
  const result = await db.execute<{ seq: number }>(sql`
    select s::int as seq from generate_series(0, ${batchCount}::int - 1) s
    where not exists (select 1 from audit_batches b
      where b.company_id = ${companyId} and b.audit_id = ${auditId} and b.batch_seq = ${base}::int + s)
    order by s limit 1000`);
  const [max] = await db
    .select({ seq: sql<number | null>`max(${auditBatches.batchSeq}) - ${base}::int` })
    .from(auditBatches)
    .where(and(eq(auditBatches.companyId, companyId), eq(auditBatches.auditId, auditId), seatRange(seat)));
  return { missing: result.rows.map((r) => Number(r.seq)), highest: max?.seq ?? null };
}

/** The batches the reader's seat has stored (a fixed reader's posts, numbered without gaps by the server). */
export async function storedBatches(db: Db, companyId: number, auditId: number, seat: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditBatches)
    .where(and(eq(auditBatches.companyId, companyId), eq(auditBatches.auditId, auditId), seatRange(seat)));
  return row?.n ?? 0;
}
