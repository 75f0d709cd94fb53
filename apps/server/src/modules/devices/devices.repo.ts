import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audits, devices, deviceTokens } from '../../db/schema/index.ts';

// Readers of one company: every function takes the caller's companyId and filters by it.

/** A reader by its key (the company first, as in the primary key). */
export type DeviceKey = { companyId: number; deviceId: number };

const isDevice = (d: DeviceKey) => and(eq(devices.companyId, d.companyId), eq(devices.id, d.deviceId));

const deviceColumns = {
  id: devices.id,
  name: devices.name,
  serialNumber: devices.serialNumber,
  kind: devices.kind,
  locationId: devices.locationId,
  room: devices.room,
  webhookInterface: devices.webhookInterface,
  model: devices.model,
  firmware: devices.firmware,
  batteryLevel: devices.batteryLevel,
  signalStrength: devices.signalStrength,
  lastSeen: devices.lastSeen,
  createdAt: devices.createdAt,
  // A reader is paired while it holds a live token.
  // Qualified by hand: inside sql`` Drizzle writes bare column names, and a bare "id" here is the token's own id.
  isPaired: sql<boolean>`exists (select 1 from ${deviceTokens} t
    where t.company_id = "devices"."company_id" and t.device_id = "devices"."id" and t.revoked_at is null)`,
};
export type DeviceRow = {
  id: number;
  name: string;
  serialNumber: string;
  kind: string;
  locationId: number | null;
  room: string | null;
  webhookInterface: string | null;
  model: string | null;
  firmware: string | null;
  batteryLevel: number | null;
  signalStrength: number | null;
  lastSeen: Date | null;
  createdAt: Date;
  isPaired: boolean;
};

export function listDevices(db: Db, companyId: number): Promise<DeviceRow[]> {
  return db
    .select(deviceColumns)
    .from(devices)
    .where(eq(devices.companyId, companyId))
    .orderBy(asc(devices.name), asc(devices.id));
}

export async function findDevice(db: Db, companyId: number, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(deviceColumns)
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id)))
    .limit(1);
  return row;
}

export async function findDeviceBySerial(db: Db, companyId: number, serialNumber: string) {
  const [row] = await db
    .select(deviceColumns)
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.serialNumber, serialNumber)))
    .limit(1);
  return row;
}

/** Inserts the device; undefined when the company already has that serial number. */
export async function insertDevice(
  db: Db,
  values: {
    companyId: number;
    name: string;
    serialNumber: string;
    model?: string | null;
    firmware?: string | null;
    kind?: 'handheld' | 'browser' | 'fixed';
    /** The person whose browser it is (kind 'browser'). */
    ownerUserId?: number | null;
  },
) {
  const [row] = await db.insert(devices).values(values).onConflictDoNothing().returning({ id: devices.id });
  return row?.id;
}

export async function markPaired(
  db: Db,
  companyId: number,
  id: number,
  info: { model: string | null; firmware: string | null },
) {
  await db
    .update(devices)
    .set({
      pairedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(info.model ? { model: info.model } : {}),
      ...(info.firmware ? { firmware: info.firmware } : {}),
    })
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id)));
}

export async function renameDevice(db: Db, companyId: number, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** Deleting a device deletes its tokens (cascade): the reader stops working at once. */
export async function deleteDevice(db: Db, companyId: number, id: number) {
  const [row] = await db
    .delete(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.id, id)))
    .returning({ id: devices.id, name: devices.name });
  return row;
}

export async function revokeTokens(db: Db, companyId: number, deviceId: number) {
  await db
    .update(deviceTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(deviceTokens.companyId, companyId),
        eq(deviceTokens.deviceId, deviceId),
        isNull(deviceTokens.revokedAt),
      ),
    );
}

export async function insertToken(db: Db, companyId: number, deviceId: number, tokenHash: string) {
  await db.insert(deviceTokens).values({ companyId, deviceId, tokenHash });
}

/** The device behind a live (not revoked) token hash, its kind and serial, and when it was last heard from. */
export async function findByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      deviceId: devices.id,
      companyId: devices.companyId,
      name: devices.name,
      serialNumber: devices.serialNumber,
      kind: devices.kind,
      lastSeen: devices.lastSeen,
    })
    .from(deviceTokens)
    .innerJoin(
      devices,
      and(eq(devices.companyId, deviceTokens.companyId), eq(devices.id, deviceTokens.deviceId)),
    )
    .where(and(eq(deviceTokens.tokenHash, tokenHash), isNull(deviceTokens.revokedAt)))
    .limit(1);
  return row;
}

/** Sets last_seen to now unless another request did in the last `seconds` (many calls, one write). */
export async function touchLastSeen(db: Db, device: DeviceKey, seconds: number) {
  await db
    .update(devices)
    .set({ lastSeen: sql`now()` })
    .where(
      and(
        isDevice(device),
        or(isNull(devices.lastSeen), lt(devices.lastSeen, sql`now() - ${seconds} * interval '1 second'`)),
      ),
    );
}

export async function recordHeartbeat(
  db: Db,
  device: DeviceKey,
  batteryLevel: number,
  signalStrength: number,
) {
  const [row] = await db
    .update(devices)
    .set({ batteryLevel, signalStrength, lastSeen: sql`now()` })
    .where(isDevice(device))
    .returning({ lastSeen: devices.lastSeen });
  return row;
}

/** The recounts in progress on this reader (started from the portal for it), oldest first. */
export function recountsOnDevice(db: Db, device: DeviceKey) {
  return db
    .select({
      audit_id: audits.id,
      name: audits.name,
      recount_of: audits.recountOf,
      location_id: audits.locationId,
    })
    .from(audits)
    .where(
      and(
        eq(audits.companyId, device.companyId),
        eq(audits.deviceId, device.deviceId),
        eq(audits.status, 'in_progress'),
        sql`${audits.recountOf} is not null`,
      ),
    )
    .orderBy(asc(audits.id));
}

export async function countDevices(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.companyId, companyId));
  return row?.n ?? 0;
}
