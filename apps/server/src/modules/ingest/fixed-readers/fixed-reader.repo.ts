import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditParticipants, audits, devices, shipments } from '../../../db/schema/index.ts';
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
 * The receipt a fixed reader at a dock door joins (issue 51): the newest count, in progress as everyone sees it,
 * receiving a shipment whose destination is the reader's home location, which the reader has not been in yet (a
 * reader whose part there was finished does not go back to it).
 */
export async function dockReceipt(db: Db, clock: AuditClock, companyId: number, deviceId: number) {
  const [row] = await db
    .select({ id: audits.id })
    .from(audits)
    .innerJoin(
      shipments,
      and(eq(shipments.companyId, audits.companyId), eq(shipments.receiptAuditId, audits.id)),
    )
    .innerJoin(
      devices,
      and(
        eq(devices.companyId, audits.companyId),
        eq(devices.id, deviceId),
        eq(devices.locationId, shipments.destinationLocationId),
      ),
    )
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.status, 'in_progress'),
        sql`${clock.status()} = 'in_progress'`,
        eq(shipments.status, 'receiving'),
        sql`not exists (select 1 from ${auditParticipants} where ${auditParticipants.companyId} = ${audits.companyId}
          and ${auditParticipants.auditId} = ${audits.id} and ${auditParticipants.deviceId} = ${deviceId})`,
      ),
    )
    .orderBy(desc(audits.id))
    .limit(1);
  return row?.id;
}
