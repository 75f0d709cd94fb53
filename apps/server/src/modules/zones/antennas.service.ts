import {
  DEVICE_MESSAGES,
  type TAntennasResponse,
  type TDevice,
  type ZAntennasRequest,
  ZONE_MESSAGES,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { unknownLocations } from '../locations/locations.service.ts';
import * as repo from './antennas.repo.ts';
import { loadPlaces } from './places.ts';

/** A fixed reader of the company, or 404 (no such device) / 400 (not a fixed reader). */
async function fixedReader(db: Db, companyId: number, deviceId: number) {
  const device = await repo.findDeviceKind(db, companyId, deviceId);
  if (!device) throw notFound(DEVICE_MESSAGES.notFound);
  if (device.kind !== ('fixed' satisfies TDevice['kind'])) throw badRequest(ZONE_MESSAGES.notFixed);
  return device;
}

/** GET /api/devices/{id}/antennas: the reader's antennas and the places they read at. */
export async function getAntennas(db: Db, companyId: number, deviceId: number): Promise<TAntennasResponse> {
  await fixedReader(db, companyId, deviceId);
  const [rows, places] = await Promise.all([
    repo.antennasOf(db, companyId, deviceId),
    loadPlaces(db, companyId),
  ]);
  return {
    antennas: rows.map((r) => ({
      port: r.port,
      location_id: r.locationId,
      location: places.path(r.locationId),
      name: r.name,
    })),
  };
}

/**
 * PUT /api/devices/{id}/antennas: the reader's whole map. Every place must be the company's own (else 400, nothing
 * changed); an antenna left out reads at the reader's home again.
 */
export async function putAntennas(
  db: Db,
  actor: AuthContext,
  deviceId: number,
  input: z.output<typeof ZAntennasRequest>,
): Promise<TAntennasResponse> {
  const device = await fixedReader(db, actor.companyId, deviceId);
  const ids = [...new Set(input.antennas.map((a) => a.location_id))];
  if ((await unknownLocations(db, actor.companyId, ids)).length > 0) {
    throw badRequest(ZONE_MESSAGES.antennaLocationNotFound);
  }
  await db.transaction(async (tx) => {
    await repo.replaceAntennas(tx, actor.companyId, deviceId, input.antennas);
    const n = input.antennas.length;
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'device.antennas',
      type: 'device',
      message: `${userPerformer(actor).name} mapped ${n} antenna${n === 1 ? '' : 's'} of ${device.name}`,
      metadata: { deviceId },
    });
  });
  return getAntennas(db, actor.companyId, deviceId);
}
