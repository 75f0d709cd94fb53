import { DEVICE_ONLINE_WINDOW_MS } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventsFromSelect } from '../events/events.repo.ts';

/**
 * The device's alert state, its row locked for the rest of the transaction (created when missing): what was last
 * told. The no-op update locks the row and answers what it held (one statement whether or not it existed).
 */
export async function lockAlertState(
  tx: Db,
  device: { deviceId: number; companyId: number },
): Promise<{ is_offline: boolean; is_battery_low: boolean } | undefined> {
  const prev = await tx.execute<{ is_offline: boolean; is_battery_low: boolean }>(sql`
    insert into device_alert_states (device_id, company_id) values (${device.deviceId}, ${device.companyId})
    on conflict (company_id, device_id) do update set device_id = excluded.device_id
    returning is_offline, is_battery_low`);
  return prev.rows[0];
}

/** The device was heard from: online, and its battery low or not. */
export async function setHeardState(
  tx: Db,
  device: { deviceId: number; companyId: number },
  isLow: boolean,
): Promise<void> {
  await tx.execute(sql`
    update device_alert_states set is_offline = false, is_battery_low = ${isLow}
    where company_id = ${device.companyId} and device_id = ${device.deviceId}`);
}

/** A reader heard from before but not within the online window, not yet told offline (`d` a device, `s` its state). */
const QUIET = sql`d.kind <> 'browser' and d.last_seen is not null
  and d.last_seen < now() - ${DEVICE_ONLINE_WINDOW_MS}::int * interval '1 millisecond'
  and s.is_offline is not true`;

/** Up to `limit` companies with readers gone quiet and not yet told (the offline-readers sweep's units). */
export async function quietCompanies(db: Db, limit: number): Promise<number[]> {
  const res = await db.execute<{ company_id: number }>(sql`
    select distinct d.company_id from devices d
    left join device_alert_states s on s.company_id = d.company_id and s.device_id = d.id
    where ${QUIET} limit ${limit}`);
  return res.rows.map((r) => Number(r.company_id));
}

/** Readers one statement tells offline: a company with more is worked again at once. */
export const OFFLINE_BATCH = 500;

/**
 * Marks up to OFFLINE_BATCH of the company's readers heard from before but not within the online window as offline and writes
 * device.offline for each, in one statement. Answers how many.
 */
export async function markQuietDevicesOffline(tx: Db, companyId: number): Promise<number> {
  const res = await tx.execute<{ n: number }>(sql`
    with quiet as (
      select d.id, d.company_id, d.name, d.last_seen, d.battery_level from devices d
      left join device_alert_states s on s.company_id = d.company_id and s.device_id = d.id
      where d.company_id = ${companyId} and ${QUIET}
      order by d.id limit ${OFFLINE_BATCH}
    ), upd as (
      insert into device_alert_states (device_id, company_id, is_offline)
      select id, company_id, true from quiet
      on conflict (company_id, device_id) do update set is_offline = true
      returning company_id, device_id
    ), ins as (
      ${eventsFromSelect('device.offline', {
        companyId: sql`q.company_id`,
        data: {
          device_id: sql`q.id`,
          name: sql`q.name`,
          last_seen: sql`q.last_seen`,
          battery_level: sql`q.battery_level`,
        },
        from: sql`quiet q join upd on upd.company_id = q.company_id and upd.device_id = q.id`,
        orderBy: sql`q.id`,
      })}
    )
    select count(*)::int as n from ins`);
  return Number(res.rows[0]?.n ?? 0);
}
