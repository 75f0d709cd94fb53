import { randomUUID } from 'node:crypto';
import {
  DEVICE_MESSAGES,
  IMPINJ_MESSAGES,
  IMPINJ_WEBHOOK_PATH,
  READER_MESSAGES,
  serialTakenMessage,
  type TAudit,
  type TFixedReaderCreated,
  type TStartCountResponse,
} from '@quantics/contracts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext, DeviceContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { IngestDeps } from '../audits/audit-ingest.service.ts';
import { startAudit } from '../audits/audit-ingest.service.ts';
import { completeWithStored, findOpenAudit, finishDueAudits } from '../audits/audit-stream.service.ts';
import { locationExists } from '../locations/locations.service.ts';
import { issueDeviceToken } from './device-token.ts';
import { getDevice } from './devices.service.ts';
import * as repo from './fixed-reader.repo.ts';

/**
 * Fixed readers (an Impinj R700 and the like): added by name and serial number with a home location, they post
 * reads to a webhook with HTTP Basic (serial number + a device token as password). People start and finish their
 * counts from the portal; the reads land in the open count through the same ingest as every reader's.
 */

export type FixedReaderDeps = IngestDeps & { publicUrl: string };

const webhookSettings = (deps: FixedReaderDeps, serial: string, password: string) => ({
  url: `${deps.publicUrl}${IMPINJ_WEBHOOK_PATH}`,
  username: serial,
  password,
});

/** The home or count place must suit the company: a location of its catalogue, or a Dutchie store's room. */
async function checkPlace(
  deps: IngestDeps,
  actor: AuthContext,
  place: { location_id: number | null; room: string | null },
) {
  if (actor.inventoryType === 'dutchie') {
    if (place.location_id !== null) throw badRequest(READER_MESSAGES.locationIsForCatalogue);
    return;
  }
  if (place.room !== null) throw badRequest(READER_MESSAGES.roomIsForDutchie);
  if (place.location_id !== null && !(await locationExists(deps.db, actor.companyId, place.location_id))) {
    throw notFound(READER_MESSAGES.locationNotFound);
  }
}

export async function createFixedReader(
  deps: FixedReaderDeps,
  actor: AuthContext,
  input: {
    name: string;
    serial_number: string;
    model: string | null;
    location_id: number | null;
    room: string | null;
  },
): Promise<TFixedReaderCreated> {
  await checkPlace(deps, actor, input);
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertFixedReader(tx, {
      companyId: actor.companyId,
      name: input.name,
      serialNumber: input.serial_number,
      model: input.model,
      locationId: input.location_id,
      room: input.room,
    });
    if (id === undefined) throw conflict(serialTakenMessage(input.serial_number));
    const password = await issueDeviceToken(tx, actor.companyId, id);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'device.create',
      type: 'device',
      message: `${userPerformer(actor).name} added fixed reader ${input.name} (${input.serial_number})`,
      metadata: { deviceId: id },
    });
    const device = await getDevice(tx, actor.companyId, id);
    return { device, webhook: webhookSettings(deps, input.serial_number, password) };
  });
}

async function fixedReader(deps: IngestDeps, companyId: number, id: number) {
  const row = await repo.findReader(deps.db, companyId, id);
  if (!row) throw notFound(DEVICE_MESSAGES.notFound);
  if (row.kind !== 'fixed') throw badRequest(IMPINJ_MESSAGES.notFixedReader);
  return row;
}

/** A new webhook password; the old one stops working at once (same transaction). */
export async function replaceWebhookPassword(
  deps: FixedReaderDeps,
  actor: AuthContext,
  id: number,
): Promise<TFixedReaderCreated> {
  const reader = await fixedReader(deps, actor.companyId, id);
  return deps.db.transaction(async (tx) => {
    const password = await issueDeviceToken(tx, actor.companyId, id);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'device.password',
      type: 'device',
      message: `${userPerformer(actor).name} replaced the webhook password of ${reader.name}`,
      metadata: { deviceId: id },
    });
    const device = await getDevice(tx, actor.companyId, id);
    return { device, webhook: webhookSettings(deps, reader.serialNumber, password) };
  });
}

/**
 * Starts a count on the reader: at its home unless the call names another place, optionally timed. 409 while one
 * is open. Two starts at once: both create their audit, then take turns on the device's lock; the one that finds
 * the other's count open removes its own and answers 409, so exactly one count opens.
 */
export async function startCount(
  deps: IngestDeps,
  actor: AuthContext,
  id: number,
  input: {
    location_id: number | null;
    room: string | null;
    name: string | null;
    duration_minutes: number | null;
  },
): Promise<TStartCountResponse> {
  const reader = await fixedReader(deps, actor.companyId, id);
  const device: DeviceContext = { deviceId: reader.id, companyId: actor.companyId, name: reader.name };
  await finishDueAudits(deps, actor.companyId);
  if (await findOpenAudit(deps, device)) throw conflict(IMPINJ_MESSAGES.countOpen);
  const isNamed = input.location_id !== null || input.room !== null;
  const place = isNamed
    ? { location_id: input.location_id, room: input.room }
    : { location_id: reader.locationId, room: reader.room };
  if (actor.inventoryType === 'dutchie') place.location_id = null;
  else place.room = null;
  await checkPlace(deps, actor, isNamed ? input : place);
  const started = await startAudit(deps, device, {
    client_audit_id: randomUUID(),
    name: input.name,
    audit_type: null,
    ...place,
  });
  const isFirst = await deps.db.transaction(async (tx) => {
    await repo.lockDeviceCounts(tx, reader.id);
    if (await repo.otherOpenAudit(tx, deps.clock, actor.companyId, reader.id, started.audit_id)) {
      // Committed before answering 409 (throwing here would roll the removal back).
      await repo.deleteAudit(tx, actor.companyId, started.audit_id);
      return false;
    }
    await repo.markStarted(tx, actor.companyId, started.audit_id, {
      startedBy: actor.userId,
      startedByName: userPerformer(actor).name,
      durationMinutes: input.duration_minutes,
    });
    return true;
  });
  if (!isFirst) throw conflict(IMPINJ_MESSAGES.countOpen);
  return { audit_id: started.audit_id, status: 'in_progress' };
}

/** Finishes the reader's open count with every post stored so far, reconciling it; 409 when none is open. */
export async function finishCount(deps: IngestDeps, actor: AuthContext, id: number): Promise<TAudit> {
  const reader = await fixedReader(deps, actor.companyId, id);
  const device: DeviceContext = { deviceId: reader.id, companyId: actor.companyId, name: reader.name };
  const open = await findOpenAudit(deps, device);
  if (!open) throw conflict(IMPINJ_MESSAGES.noCountOpen);
  return completeWithStored(deps, device, open.id);
}
