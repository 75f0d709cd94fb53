import type { TDutchieItem } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyToday, zoneOf } from '../../db/company-day.ts';

/**
 * A person whose digest is due, with the day it is for in their time zone (when it is sent), and the company's today
 * (what "expiring within 30 days" counts from).
 */
export type DueDigest = {
  user_id: number;
  company_id: number;
  email: string;
  local_day: string;
  company_day: string;
};

/** A line of a digest. */
export type DigestItem = {
  name: string;
  sku: string;
  /** All its units (a catalogue product's total over its places). */
  quantity: number;
  status: string;
  expiration_date: string | null;
  is_expiring: boolean;
  /** A product kept in several places: each place and its units ("5 at Back room, 3 at Floor"); else null. */
  places?: string | null;
};

/** A person's digest is due: their hour has come in their time zone, and today's has not gone (`s` their settings). */
const DUE = sql`s.digest_hour is not null
  and extract(hour from now() at time zone s.time_zone) >= s.digest_hour
  and (s.last_digest_on is null or s.last_digest_on < (now() at time zone s.time_zone)::date)`;

/** Up to `limit` people whose digest is due, in a company where they are active (the digests sweep's units). */
export async function dueDigests(db: Db, limit: number): Promise<{ user_id: number; company_id: number }[]> {
  const res = await db.execute<{ user_id: number; company_id: number }>(sql`
    select s.user_id, s.company_id from notification_settings s
    join memberships m on m.user_id = s.user_id and m.company_id = s.company_id and m.is_active
    where ${DUE} order by s.user_id, s.company_id limit ${limit}`);
  return res.rows;
}

/**
 * Claims one person's digest if it is still due, marking today as sent, in the caller's transaction (SKIP LOCKED: a
 * digest another instance is claiming now is not this one's). Undefined when it is not due (any more).
 */
export async function claimDigest(
  tx: Db,
  person: { user_id: number; company_id: number },
): Promise<DueDigest | undefined> {
  const res = await tx.execute<DueDigest>(sql`
    with due as (
      select s.user_id, s.company_id from notification_settings s
      join memberships m on m.user_id = s.user_id and m.company_id = s.company_id and m.is_active
      where s.user_id = ${person.user_id} and s.company_id = ${person.company_id} and ${DUE}
      for update of s skip locked
    )
    update notification_settings s set last_digest_on = (now() at time zone s.time_zone)::date
    from due, users u
    where s.user_id = due.user_id and s.company_id = due.company_id and u.id = s.user_id
    returning s.user_id, s.company_id, u.email, s.last_digest_on::text as local_day,
      ${companyToday(zoneOf(sql`s.company_id`))}::text as company_day`);
  return res.rows[0];
}

/** Set the last digest day to today when today's hour has already passed, so saving settings sends nothing at once. */
export async function skipTodayIfPast(db: Db, userId: number, companyId: number): Promise<void> {
  await db.execute(sql`update notification_settings set last_digest_on = (now() at time zone time_zone)::date
    where user_id = ${userId} and company_id = ${companyId} and digest_hour is not null
      and extract(hour from now() at time zone time_zone) >= digest_hour`);
}

/**
 * A local catalogue's products that are low, out (their total against their minimum), or expiring within 30 days of
 * the company's today,
 * with the places of those kept in several (a key range of stock_pkey each, for these few products only).
 */
export async function productDigestItems(db: Db, companyId: number): Promise<DigestItem[]> {
  const res = await db.execute<DigestItem>(sql`
    with t as (select ${companyToday(zoneOf(companyId))} as today)
    select p.name, p.sku, p.quantity, p.status, p.expiration_date::text as expiration_date,
      coalesce(p.expiration_date >= t.today and p.expiration_date <= t.today + 30, false) as is_expiring,
      (select case when count(*) > 1 then string_agg(
          s.quantity || coalesce(' at ' || l.name, ' with no location'), ', ' order by l.name nulls last, s.place)
        end
        from stock s left join locations l on l.company_id = s.company_id and l.id = s.location_id
        where s.company_id = p.company_id and s.product_id = p.id) as places
    from products p, t
    where p.company_id = ${companyId} and (p.status in ('low-stock', 'out-of-stock')
      or (p.expiration_date >= t.today and p.expiration_date <= t.today + 30))
    order by p.name, p.id limit 1000`);
  return res.rows;
}

export type PosSnapshot = { items: TDutchieItem[]; fetched_at: string };

/**
 * A point-of-sale company's digest is read from its last stored Dutchie snapshot (no call to Dutchie from here;
 * the snapshot is refreshed whenever someone looks at the store). Null for a company with a local catalogue; a
 * Dutchie company with no snapshot yet has nothing to say.
 */
export async function dutchieSnapshot(db: Db, companyId: number): Promise<PosSnapshot | null> {
  const res = await db.execute<{ body: { items?: TDutchieItem[] } | null; fetched_at: string | null }>(sql`
    select c.body, to_char(c.fetched_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as fetched_at
    from companies co
    left join dutchie_cache c on c.company_id = co.id and c.kind = 'inventory' and c.params = ''
    where co.id = ${companyId} and co.inventory_type = 'dutchie'`);
  const row = res.rows[0];
  if (!row) return null;
  return { items: row.body?.items ?? [], fetched_at: row.fetched_at ?? '' };
}
