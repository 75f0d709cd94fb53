import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { devices } from '../../../db/schema/index.ts';

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
