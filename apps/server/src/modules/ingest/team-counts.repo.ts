import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditParticipants, audits, devices, locations } from '../../db/schema/index.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import { locationScope } from '../locations/location-tree.repo.ts';

// Team counts, read side and the count's own lock: the company's open counts, their readers, each reader's part.

/**
 * The count, locked FOR UPDATE when `isLocked` (joins take turns for seats; finishing waits for batches in flight),
 * whichever reader's.
 */
export async function findCount(
  db: Db,
  clock: AuditClock,
  companyId: number,
  auditId: number,
  isLocked: boolean,
) {
  const query = db
    .select({
      id: audits.id,
      name: audits.name,
      status: clock.status(),
      deviceId: audits.deviceId,
      deviceName: sql<string>`coalesce(${audits.deviceName}, 'Reader')`,
      locationId: audits.locationId,
      room: audits.room,
      expectedAsOf: audits.expectedAsOf,
      startedBy: audits.startedBy,
      startedByName: audits.startedByName,
      tagsFound: audits.tagsFound,
      tagsExpected: audits.tagsExpected,
    })
    .from(audits)
    .where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)));
  const [row] = await (isLocked ? query.for('update', { of: audits }) : query);
  return row;
}

/** The company's counts in progress (not timed out) that readers count, newest first. */
export async function openCounts(db: Db, clock: AuditClock, companyId: number, limit: number) {
  return db
    .select({
      id: audits.id,
      name: audits.name,
      locationId: audits.locationId,
      place: sql<string | null>`coalesce(${locations.name}, ${audits.room})`,
      startedBy: audits.startedByName,
      createdAt: audits.createdAt,
      auditType: audits.auditType,
      endsAt: audits.endsAt,
      deviceId: audits.deviceId,
      deviceName: sql<string>`coalesce(${devices.name}, ${audits.deviceName}, 'Reader')`,
    })
    .from(audits)
    .leftJoin(locations, and(eq(locations.companyId, audits.companyId), eq(locations.id, audits.locationId)))
    .leftJoin(devices, and(eq(devices.companyId, audits.companyId), eq(devices.id, audits.deviceId)))
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.status, 'in_progress'),
        isNotNull(audits.deviceId),
        sql`${clock.status()} = 'in_progress'`,
      ),
    )
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(limit);
}

/** The readers of these counts, by seat (a reader's current name when it still exists). */
export async function membersOf(db: Db, companyId: number, auditIds: number[]) {
  if (auditIds.length === 0) return [];
  return db
    .select({
      auditId: auditParticipants.auditId,
      deviceId: auditParticipants.deviceId,
      deviceName: sql<string>`coalesce(${devices.name}, ${auditParticipants.deviceName})`,
      person: auditParticipants.personName,
      seat: auditParticipants.seat,
      finishedAt: auditParticipants.finishedAt,
    })
    .from(auditParticipants)
    .leftJoin(
      devices,
      and(eq(devices.companyId, auditParticipants.companyId), eq(devices.id, auditParticipants.deviceId)),
    )
    .where(and(eq(auditParticipants.companyId, companyId), inArray(auditParticipants.auditId, auditIds)))
    .orderBy(asc(auditParticipants.auditId), asc(auditParticipants.seat));
}

/**
 * The company's device, and whether it is a fixed reader kept in the counted place: its home location in the
 * location or below it (any place for a whole-catalogue count), or its room (any room for a whole store).
 */
export async function readerInPlace(
  db: Db,
  companyId: number,
  deviceId: number,
  place: { locationId: number | null; room: string | null },
) {
  const res = await db.execute<{ name: string; kind: string; is_here: boolean }>(sql`
    with recursive ${locationScope(companyId, place.locationId)}
    select d.name, d.kind,
      (${place.locationId}::int is null or d.location_id in (select id from scope))
        and (${place.room}::text is null or d.room = ${place.room}::text) as is_here
    from devices d where d.company_id = ${companyId} and d.id = ${deviceId}`);
  const row = res.rows[0];
  return row && { name: row.name, kind: row.kind, isHere: row.is_here === true };
}
