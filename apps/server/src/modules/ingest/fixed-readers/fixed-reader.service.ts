import { randomUUID } from 'node:crypto';
import {
  DEVICE_MESSAGES,
  FIXED_READER_WEBHOOK_PATHS,
  IMPINJ_MESSAGES,
  interfaceForModel,
  serialTakenMessage,
  storedInterface,
  type TAudit,
  type TFixedReaderCreated,
  type TFixedReaderInterface,
  type TStartCountResponse,
} from '@quantics/contracts';
import { badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import type { AuthContext, DeviceContext } from '../../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../../activity/activity.service.ts';
import { issueDeviceToken } from '../../devices/device-token.ts';
import { getDevice } from '../../devices/devices.service.ts';
import type { IngestDeps } from '../audit-lifecycle.service.ts';
import { checkPlace, createAudit, defaultAuditName } from '../audit-lifecycle.service.ts';
import { completeWithStored, findOpenAudit, finishDueAudits } from '../webhook-batches.service.ts';
import * as repo from './fixed-reader.repo.ts';

/**
 * Fixed readers (an Impinj R700, a Zebra FX or ATR through its IoT Connector, a Speedway through Speedway
 * Connect): added by name and serial number with a home location, they post reads to their interface's webhook with
 * HTTP Basic (serial number + a device token as password). People start and finish their
 * counts from the portal; the reads land in the open count through the same ingest as every reader's.
 */

export type FixedReaderDeps = IngestDeps & { publicUrl: string };

/** What to type into the reader: the URL of its interface, its serial number and its password. */
const webhookSettings = (deps: FixedReaderDeps, iface: string | null, serial: string, password: string) => ({
  url: `${deps.publicUrl}${FIXED_READER_WEBHOOK_PATHS[storedInterface(iface)]}`,
  username: serial,
  password,
});

export async function createFixedReader(
  deps: FixedReaderDeps,
  actor: AuthContext,
  input: {
    name: string;
    serial_number: string;
    model: string | null;
    location_id: number | null;
    room: string | null;
    interface: TFixedReaderInterface | null;
  },
): Promise<TFixedReaderCreated> {
  await checkPlace(deps, actor.companyId, input);
  const webhookInterface = input.interface ?? interfaceForModel(input.model);
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertFixedReader(tx, {
      companyId: actor.companyId,
      name: input.name,
      serialNumber: input.serial_number,
      model: input.model,
      locationId: input.location_id,
      room: input.room,
      webhookInterface,
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
    return { device, webhook: webhookSettings(deps, webhookInterface, input.serial_number, password) };
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
    return { device, webhook: webhookSettings(deps, reader.webhookInterface, reader.serialNumber, password) };
  });
}

/**
 * Starts a count on the reader: at its home unless the call names another place, optionally timed. A count it is
 * already in is 409 naming it: the one open count per reader is held by the database where every start goes through
 * (createAudit), so of two starts at once exactly one opens a count. A timed count past its end is finished first.
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
  await finishDueAudits(deps, actor.companyId);
  const isNamed = input.location_id !== null || input.room !== null;
  const place = isNamed
    ? { location_id: input.location_id, room: input.room }
    : { location_id: reader.locationId, room: reader.room };
  if (actor.inventoryType === 'dutchie') place.location_id = null;
  else place.room = null;
  // The place the call names is checked as named (a room named to a catalogue company is refused, not dropped).
  if (isNamed) await checkPlace(deps, actor.companyId, input);
  const started = await createAudit(deps, {
    companyId: actor.companyId,
    source: { deviceId: reader.id, deviceName: reader.name },
    clientAuditId: randomUUID(),
    name: input.name ?? defaultAuditName(deps.at ?? new Date()),
    place,
    auditType: 'Fixed reader',
    startedBy: { id: actor.userId, name: userPerformer(actor).name },
    durationMinutes: input.duration_minutes,
  });
  if (started === undefined) throw new Error('a random client audit id was taken');
  return { audit_id: started.id, status: 'in_progress' };
}

/** Finishes the reader's open count with every post stored so far, reconciling it; 409 when none is open. */
export async function finishCount(deps: IngestDeps, actor: AuthContext, id: number): Promise<TAudit> {
  const reader = await fixedReader(deps, actor.companyId, id);
  const device: DeviceContext = { deviceId: reader.id, companyId: actor.companyId, name: reader.name };
  const open = await findOpenAudit(deps, device);
  if (!open) throw conflict(IMPINJ_MESSAGES.noCountOpen);
  return completeWithStored(deps, device, open.id);
}
