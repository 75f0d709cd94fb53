import { LOW_BATTERY } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../events/events.repo.ts';
import {
  lockAlertState,
  markQuietDevicesOffline,
  OFFLINE_BATCH,
  quietCompanies,
  setHeardState,
} from './device-alerts.repo.ts';

export { OFFLINE_BATCH };

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

/** Up to `limit` companies with readers gone quiet and not yet told offline (the offline-readers sweep's units). */
export const quietReaderCompanies = quietCompanies;

/**
 * device.offline for each of the company's readers heard from before but not within the online window, once until
 * it is heard again (its heartbeat clears the state): one statement of at most OFFLINE_BATCH (device-alerts.repo.ts) readers, in its own
 * transaction. Run by one instance at a time (the offline-readers sweep's lock). Answers how many were told.
 */
export async function recordOfflineDevices(db: Db, companyId: number): Promise<number> {
  return db.transaction((tx) => markQuietDevicesOffline(tx, companyId));
}
