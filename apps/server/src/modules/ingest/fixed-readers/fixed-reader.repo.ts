import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { audits, devices } from '../../../db/schema/index.ts';
import { ADVISORY_LOCKS } from '../../../jobs/locks.ts';
import type { AuditClock } from '../../audits/audit-status.ts';

// Fixed readers' own rows: every function takes the caller's companyId, except the webhook's token lookup.

/** Inserts a fixed reader; undefined when the company already has that serial number. */
export async function insertFixedReader(
  db: Db,
  values: {
    companyId: number;
    name: string;
    serialNumber: string;
    model: string | null;
    locationId: number | null;
    room: string | null;
    webhookInterface: string;
  },
): Promise<number | undefined> {
  const [row] = await db
    .insert(devices)
    .values({ ...values, kind: 'fixed' })
    .onConflictDoNothing()
    .returning({ id: devices.id });
  return row?.id;
}

/** The company's device (any kind), with what a count on it needs. */
export async function findReader(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({
      id: devices.id,
      name: devices.name,
      kind: devices.kind,
      serialNumber: devices.serialNumber,
      locationId: devices.locationId,
      room: devices.room,
      webhookInterface: devices.webhookInterface,
    })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id)))
    .limit(1);
  return row;
}

/**
 * Holds the device's count lock until the transaction ends: starting a count takes it, so two starts on one
 * reader take turns and the second sees the first's count.
 */
export async function lockDeviceCounts(db: Db, deviceId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.fixedReaderCounts}::int, ${deviceId}::int)`,
  );
}

/** Another count of the device still open (not timed out), started before this one or alongside it. */
export async function otherOpenAudit(
  db: Db,
  clock: AuditClock,
  companyId: number,
  deviceId: number,
  auditId: number,
) {
  const [row] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.deviceId, deviceId),
        eq(audits.status, 'in_progress'),
        ne(audits.id, auditId),
        sql`${clock.status()} = 'in_progress'`,
      ),
    )
    .limit(1);
  return row;
}

/** Names who started the count, what kind it is, and when a timed one ends (from its start). */
/** Undoes a count that lost a race to start (nothing can have been stored in it that anyone saw finished). */
export async function deleteAudit(db: Db, companyId: number, auditId: number) {
  await db.delete(audits).where(and(eq(audits.companyId, companyId), eq(audits.id, auditId)));
}
