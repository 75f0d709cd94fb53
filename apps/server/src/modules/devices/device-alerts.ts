import { DEVICE_ONLINE_WINDOW_MS, LOW_BATTERY } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../events/events.service.ts';

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
  // The no-op update locks the row and answers what it held (one statement whether or not it existed).
  const prev = await tx.execute<{ is_offline: boolean; is_battery_low: boolean }>(sql`
    insert into device_alert_states (device_id, company_id) values (${device.deviceId}, ${device.companyId})
    on conflict (company_id, device_id) do update set device_id = excluded.device_id
    returning is_offline, is_battery_low`);
  const state = prev.rows[0];
  if (!state) return;
  if (!state.is_offline && state.is_battery_low === isLow) return;
  await tx.execute(sql`
    update device_alert_states set is_offline = false, is_battery_low = ${isLow}
    where company_id = ${device.companyId} and device_id = ${device.deviceId}`);
  const base = { device_id: device.deviceId, name: device.name, battery_level: batteryLevel };
  if (state.is_offline) await recordEvent(tx, device.companyId, 'device.online', base);
  if (isLow && !state.is_battery_low) await recordEvent(tx, device.companyId, 'device.battery_low', base);
}

/** The advisory lock key one instance holds while looking for readers gone quiet. */
const OFFLINE_LOCK = 0x51_44_4f_46; // 'QDOF'

/**
 * device.offline for every reader heard from before but not within the online window, once until it is heard
 * again (its heartbeat clears the state). One statement, under an advisory lock so several instances tell it once.
 */
export async function recordOfflineDevices(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${OFFLINE_LOCK}::int) as ok`,
    );
    if (!locked.rows[0]?.ok) return 0;
    const res = await tx.execute<{ n: number }>(sql`
      with quiet as (
        select d.id, d.company_id, d.name, d.last_seen, d.battery_level from devices d
        left join device_alert_states s on s.company_id = d.company_id and s.device_id = d.id
        where d.kind <> 'browser' and d.last_seen is not null
          and d.last_seen < now() - ${DEVICE_ONLINE_WINDOW_MS}::int * interval '1 millisecond'
          and s.is_offline is not true
        order by d.id limit 500
      ), upd as (
        insert into device_alert_states (device_id, company_id, is_offline)
        select id, company_id, true from quiet
        on conflict (company_id, device_id) do update set is_offline = true
        returning company_id, device_id
      ), ins as (
        insert into events (company_id, type, payload)
        select q.company_id, 'device.offline', jsonb_build_object('device_id', q.id, 'name', q.name,
          'last_seen', q.last_seen, 'battery_level', q.battery_level, 'company_id', q.company_id)
        from quiet q join upd on upd.company_id = q.company_id and upd.device_id = q.id order by q.id
        returning 1
      )
      select count(*)::int as n from ins`);
    return Number(res.rows[0]?.n ?? 0);
  });
}
