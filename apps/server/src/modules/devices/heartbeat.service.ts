import { deviceStatus } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import { heartbeatAlerts } from './device-alerts.ts';
import { recordHeartbeat, recountsOnDevice } from './devices.repo.ts';

/** Battery and signal from the reader; its status follows from them and the time. */
export async function heartbeat(
  db: Db,
  device: DeviceContext,
  input: { battery_level: number; signal_strength: number },
) {
  const row = await db.transaction(async (tx) => {
    const updated = await recordHeartbeat(tx, device, input.battery_level, input.signal_strength);
    await heartbeatAlerts(tx, device, input.battery_level);
    return updated;
  });
  const now = new Date();
  return {
    device_id: device.deviceId,
    status: deviceStatus(
      {
        lastSeen: row?.lastSeen ?? now,
        batteryLevel: input.battery_level,
        signalStrength: input.signal_strength,
      },
      now,
    ),
    server_time: now.toISOString(),
    recounts: (await recountsOnDevice(db, device)).flatMap((r) =>
      r.recount_of === null ? [] : [{ ...r, recount_of: r.recount_of }],
    ),
  };
}
