import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/**
 * A tag's latest read waiting to be written (sightings-writer.ts): EPC and TID as stored hex ('' TID: the reader sent
 * none), its reader and antenna, and its key in the writer's memory (company/EPC/TID).
 */
export type PendingSighting = {
  key: string;
  companyId: number;
  deviceId: number;
  epc: string;
  tid: string;
  gtin: string | null;
  rssi: number | null;
  antenna: number | null;
  seenAt: string;
};

/**
 * Fixed readers' tags, one statement (one row per tag already; any companies and readers): each at the place its
 * antenna is mapped to (device_antennas), else at its reader's home; a tag's row is replaced only by a read at least as
 * recent (a late post never moves a tag back). The rows come in key order, so two writers lock alike.
 */
export async function upsertSightings(db: Db, rows: PendingSighting[]) {
  const n = rows.length;
  if (n === 0) return;
  const companies: number[] = new Array(n);
  const deviceIds: number[] = new Array(n);
  const epcs: string[] = new Array(n);
  const tids: string[] = new Array(n);
  const gtins: (string | null)[] = new Array(n);
  const rssis: (number | null)[] = new Array(n);
  const antennas: (number | null)[] = new Array(n);
  const seen: string[] = new Array(n);
  let anyAntenna = false;
  let anyGtin = false;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as PendingSighting;
    companies[i] = r.companyId;
    deviceIds[i] = r.deviceId;
    epcs[i] = r.epc;
    tids[i] = r.tid;
    gtins[i] = r.gtin;
    rssis[i] = r.rssi;
    antennas[i] = r.antenna;
    seen[i] = r.seenAt;
    if (r.antenna !== null) anyAntenna = true;
    if (r.gtin !== null) anyGtin = true;
  }
  // Rows with no antenna need no look-up of the map; rows of no GS1 tag no GTIN array.
  const place = anyAntenna
    ? sql`coalesce((select a.location_id from device_antennas a
        where a.company_id = r.company_id and a.device_id = r.device_id and a.port = r.antenna), d.location_id)`
    : sql`d.location_id`;
  await db.execute(sql`
    insert into tag_sightings (seen_at, company_id, location_id, device_id, antenna, rssi, epc, tid, gtin)
    select r.seen_at, r.company_id, ${place}, r.device_id, r.antenna, r.rssi,
      decode(r.epc, 'hex'), decode(r.tid, 'hex'), ${anyGtin ? sql`r.gtin` : sql`null`}
    from unnest(${sqlArray(companies, 'int')}, ${sqlArray(deviceIds, 'int')}, ${sqlArray(epcs, 'text')},
      ${sqlArray(tids, 'text')}, ${sqlArray(rssis, 'real')}, ${sqlArray(antennas, 'int')},
      ${sqlArray(seen, 'timestamptz')}${anyGtin ? sql`, ${sqlArray(gtins, 'text')}` : sql``})
      as r(company_id, device_id, epc, tid, rssi, antenna, seen_at${anyGtin ? sql`, gtin` : sql``})
    left join devices d on d.company_id = r.company_id and d.id = r.device_id
    on conflict (company_id, epc, tid) do update set seen_at = excluded.seen_at, location_id = excluded.location_id,
      device_id = excluded.device_id, antenna = excluded.antenna, rssi = excluded.rssi, gtin = excluded.gtin
    where tag_sightings.seen_at <= excluded.seen_at`);
}

/**
 * A completed count's tags (its audit_tags, kept in the completing transaction) as sightings at the count's place:
 * a tag already seen more recently (a fixed reader's antenna) keeps that; any of its rows seen before is moved here;
 * a tag never seen gets a row (no TID: the count keeps how many TIDs, not which).
 */
export async function upsertCountSightings(db: Db, companyId: number, auditId: number) {
  await db.execute(sql`
    with kept as (
      select t.epc, t.gtin, t.best_rssi, coalesce(t.last_seen, a.completed_at, now()) as seen_at,
        a.location_id, a.device_id
      from audit_tags t
      join audits a on a.company_id = t.company_id and a.id = t.audit_id
      where t.company_id = ${companyId} and t.audit_id = ${auditId}
    ),
    moved as (
      update tag_sightings s set seen_at = k.seen_at, location_id = k.location_id, device_id = k.device_id,
        antenna = null, rssi = k.best_rssi, gtin = coalesce(s.gtin, k.gtin)
      from kept k
      where s.company_id = ${companyId} and s.epc = k.epc and s.seen_at < k.seen_at
    )
    insert into tag_sightings (seen_at, company_id, location_id, device_id, antenna, rssi, epc, gtin)
    select k.seen_at, ${companyId}::int, k.location_id, k.device_id, null, k.best_rssi, k.epc, k.gtin
    from kept k
    where not exists (select 1 from tag_sightings s where s.company_id = ${companyId} and s.epc = k.epc)
    on conflict do nothing`);
}

/** Sightings not renewed since the cutoff (the raw reads' retention); answers how many went. */
export async function deleteSightingsBefore(db: Db, cutoff: Date): Promise<number> {
  const r = await db.execute(
    sql`delete from tag_sightings where seen_at < ${cutoff.toISOString()}::timestamptz`,
  );
  return r.rowCount ?? 0;
}
