import {
  DEVICE_MESSAGES,
  deviceStatus,
  serialTakenMessage,
  storedInterface,
  type TDevice,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import * as repo from './devices.repo.ts';

export function deviceView(d: repo.DeviceRow, now = new Date()): TDevice {
  return {
    id: d.id,
    name: d.name,
    kind: d.kind === 'browser' || d.kind === 'fixed' ? d.kind : 'handheld',
    serial_number: d.serialNumber,
    model: d.model,
    firmware: d.firmware,
    status: deviceStatus(d, now),
    battery_level: d.batteryLevel,
    signal_strength: d.signalStrength,
    last_seen: d.lastSeen?.toISOString() ?? null,
    is_paired: Boolean(d.isPaired),
    location_id: d.locationId,
    room: d.room,
    interface: d.kind === 'fixed' ? storedInterface(d.webhookInterface) : null,
    created_at: d.createdAt.toISOString(),
  };
}

export async function listDevices(db: Db, companyId: number): Promise<TDevice[]> {
  const now = new Date();
  return (await repo.listDevices(db, companyId)).map((d) => deviceView(d, now));
}

export async function getDevice(db: Db, companyId: number, id: number): Promise<TDevice> {
  const row = await repo.findDevice(db, companyId, id);
  if (!row) throw notFound(DEVICE_MESSAGES.notFound);
  return deviceView(row);
}

/** Registers a reader by name and serial number before it pairs; pairing it later finds it by serial. */
export async function createDevice(
  db: Db,
  actor: AuthContext,
  input: { name: string; serial_number: string },
): Promise<TDevice> {
  return db.transaction(async (tx) => {
    const id = await repo.insertDevice(tx, {
      companyId: actor.companyId,
      name: input.name,
      serialNumber: input.serial_number,
    });
    if (id === undefined) throw conflict(serialTakenMessage(input.serial_number));
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'device.create',
      type: 'device',
      message: `${userPerformer(actor).name} registered reader ${input.name} (${input.serial_number})`,
      metadata: { deviceId: id },
    });
    return getDevice(tx, actor.companyId, id);
  });
}

export async function renameDevice(db: Db, actor: AuthContext, id: number, name: string): Promise<TDevice> {
  if (!(await repo.renameDevice(db, actor.companyId, id, name))) throw notFound(DEVICE_MESSAGES.notFound);
  return getDevice(db, actor.companyId, id);
}

export async function deleteDevice(db: Db, actor: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteDevice(tx, actor.companyId, id);
    if (!row) throw notFound(DEVICE_MESSAGES.notFound);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'device.delete',
      type: 'device',
      message: `${userPerformer(actor).name} deleted reader ${row.name}`,
      metadata: { deviceId: id },
    });
  });
}

/** The company card's device counter. */
export const countDevices = (db: Db, companyId: number) => repo.countDevices(db, companyId);
