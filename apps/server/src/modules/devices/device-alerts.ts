import { LOW_BATTERY } from '@quantics/contracts';
import { tryXactLock } from '../../db/advisory-lock.ts';
import type { Db } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../jobs/locks.ts';
import { recordEvent } from '../events/events.repo.ts';
import { lockAlertState, markQuietDevicesOffline, setHeardState } from './device-alerts.repo.ts';

/**
 * device.online and device.battery_low from a heartbeat, in its transaction, once per crossing: the device's alert
 * state (device_alert_states) says what was last told, locked FOR UPDATE so two heartbeats at once tell it once.
 */
export async function heartbeatAlerts(
  tx: Db,
  device: { deviceId: number; companyId: number; name: string },
  batteryLevel: number,
): Promise<void> {
  const isLow = batteryLevel < LOW_BATTERY;
  const state = await lockAlertState(tx, device);
  if (!state) return;
  if (!state.is_offline && state.is_battery_low === isLow) return;
  await setHeardState(tx, device, isLow);
  const base = { device_id: device.deviceId, name: device.name, battery_level: batteryLevel };
  if (state.is_offline) await recordEvent(tx, device.companyId, 'device.online', base);
  if (isLow && !state.is_battery_low) await recordEvent(tx, device.companyId, 'device.battery_low', base);
}

/** The advisory lock key one instance holds while looking for readers gone quiet. */
const OFFLINE_LOCK = ADVISORY_LOCKS.offlineReaders;

/**
 * device.offline for every reader heard from before but not within the online window, once until it is heard
 * again (its heartbeat clears the state). One statement, under an advisory lock so several instances tell it once.
 */
export async function recordOfflineDevices(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await tryXactLock(tx, OFFLINE_LOCK))) return 0;
    return markQuietDevicesOffline(tx);
  });
}
