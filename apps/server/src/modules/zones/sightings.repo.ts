import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/** One tag's latest read in a post, ready to store: EPC and TID as stored hex ('' TID: the reader sent none). */
export type SightingRow = {
  epc: string;
  tid: string;
  gtin: string | null;
  rssi: number | null;
  antenna: number | null;
  seenAt: string | null;
};

/**
 * A fixed reader's post's tags, one statement: each at the place its antenna is mapped to (device_antennas), else at
 * the reader's home; a tag's row is replaced only by a read at least as recent (a late post never moves a tag back).
 * The rows are one per tag already (the caller keeps each tag's latest read).
 */
export async function upsertReaderSightings(
  db: Db,
  companyId: number,
  deviceId: number,
  rows: SightingRow[],
) {
  const n = rows.length;
  const epcs: string[] = new Array(n);
  const tids: string[] = new Array(n);
  const gtins: (string | null)[] = new Array(n);
  const rssis: (number | null)[] = new Array(n);
  const antennas: (number | null)[] = new Array(n);
  const seen: (string | null)[] = new Array(n);
  let anyAntenna = false;
  let anyGtin = false;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as SightingRow;
    epcs[i] = r.epc;
    tids[i] = r.tid;
    gtins[i] = r.gtin;
    rssis[i] = r.rssi;
    antennas[i] = r.antenna;
    seen[i] = r.seenAt;
    if (r.antenna !== null) anyAntenna = true;
    if (r.gtin !== null) anyGtin = true;
  }
  // A post with no antenna (or a reader with no map) needs no join; nor a post of no GS1 tag its GTIN array.
  const place = anyAntenna
    ? sql`coalesce((select a.location_id from device_antennas a
        where a.company_id = ${companyId} and a.device_id = ${deviceId} and a.port = r.antenna), d.location_id)`
    : sql`d.location_id`;
  await db.execute(sql`
    insert into tag_sightings (seen_at, company_id, location_id, device_id, antenna, rssi, epc, tid, gtin)
    select coalesce(r.seen_at, now()), ${companyId}::int, ${place}, ${deviceId}::int, r.antenna, r.rssi,
      decode(r.epc, 'hex'), decode(r.tid, 'hex'), ${anyGtin ? sql`r.gtin` : sql`null`}
    from unnest(${sqlArray(epcs, 'text')}, ${sqlArray(tids, 'text')}, ${sqlArray(rssis, 'real')},
      ${sqlArray(antennas, 'int')}, ${sqlArray(seen, 'timestamptz')}${anyGtin ? sql`, ${sqlArray(gtins, 'text')}` : sql``})
      as r(epc, tid, rssi, antenna, seen_at${anyGtin ? sql`, gtin` : sql``})
    left join devices d on d.company_id = ${companyId} and d.id = ${deviceId}
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
