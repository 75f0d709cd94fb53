import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceAntennas, devices } from '../../db/schema/index.ts';

export async function findDeviceKind(db: Db, companyId: number, deviceId: number) {
  const [row] = await db
    .select({ kind: devices.kind, name: devices.name })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.id, deviceId)))
    .limit(1);
  return row;
}

export function antennasOf(db: Db, companyId: number, deviceId: number) {
  return db
    .select({ port: deviceAntennas.port, locationId: deviceAntennas.locationId, name: deviceAntennas.name })
    .from(deviceAntennas)
    .where(and(eq(deviceAntennas.companyId, companyId), eq(deviceAntennas.deviceId, deviceId)))
    .orderBy(asc(deviceAntennas.port));
}

/** The reader's whole map replaced (in the caller's transaction). */
export async function replaceAntennas(
  db: Db,
  companyId: number,
  deviceId: number,
  antennas: { port: number; location_id: number; name: string | null }[],
) {
  await db
    .delete(deviceAntennas)
    .where(and(eq(deviceAntennas.companyId, companyId), eq(deviceAntennas.deviceId, deviceId)));
  if (antennas.length === 0) return;
  await db
    .insert(deviceAntennas)
    .values(
      antennas.map((a) => ({ companyId, deviceId, port: a.port, locationId: a.location_id, name: a.name })),
    );
}
