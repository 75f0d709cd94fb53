import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

type Who = { userId: number; companyId: number; types: string[] };

/**
 * The newest event this person has read up to: their cursor, or without one (never marked all read) the last event
 * from before they joined the company, so a newcomer is not greeted by the company's whole history.
 */
function readUpTo(w: Who): SQL {
  return sql`coalesce(
    (select read_up_to from notification_cursors where user_id = ${w.userId} and company_id = ${w.companyId}),
    (select coalesce(max(e.id), 0) from events e join memberships m
       on m.user_id = ${w.userId} and m.company_id = ${w.companyId}
     where e.company_id = ${w.companyId} and e.created_at < m.created_at), 0)`;
}

export type NotificationRow = {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
  read: boolean;
};

export async function listNotifications(
  db: Db,
  w: Who,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  const res = await db.execute<NotificationRow>(sql`
    with c as (select ${readUpTo(w)} as upto)
    select e.id::int as id, e.type, e.payload, e.created_at,
      (e.id <= c.upto or r.event_id is not null) as read
    from events e cross join c
    left join notification_reads r on r.company_id = e.company_id and r.user_id = ${w.userId} and r.event_id = e.id
    where e.company_id = ${w.companyId} and e.type = any(${sqlArray(w.types, 'text')})
    order by e.id desc limit ${page.limit} offset ${page.offset}`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
}

export async function countNotifications(db: Db, w: Who): Promise<{ total: number; unread: number }> {
  const res = await db.execute<{ total: number; unread: number }>(sql`
    with c as (select ${readUpTo(w)} as upto)
    select count(*)::int as total,
      count(*) filter (where e.id > c.upto and not exists (
        select 1 from notification_reads r
        where r.company_id = e.company_id and r.user_id = ${w.userId} and r.event_id = e.id))::int as unread
    from events e cross join c
    where e.company_id = ${w.companyId} and e.type = any(${sqlArray(w.types, 'text')})`);
  const row = res.rows[0];
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks these events read (those of other companies are ignored). */
export async function markRead(db: Db, w: Who, ids: number[]): Promise<void> {
  await db.execute(sql`
    insert into notification_reads (company_id, user_id, event_id)
    select e.company_id, ${w.userId}, e.id from events e
    where e.id = any(${sqlArray(ids, 'int')}) and e.company_id = ${w.companyId}
    on conflict do nothing`);
}

/** Marks everything so far read: the cursor moves to the newest event, and the single marks below it go. */
export async function markAllRead(db: Db, w: Who): Promise<void> {
  await db.transaction(async (tx) => {
    const res = await tx.execute<{ upto: number }>(
      sql`select coalesce(max(id), 0)::bigint as upto from events where company_id = ${w.companyId}`,
    );
    const upto = Number(res.rows[0]?.upto ?? 0);
    await tx.execute(sql`
      insert into notification_cursors (user_id, company_id, read_up_to) values (${w.userId}, ${w.companyId}, ${upto})
      on conflict (user_id, company_id) do update
      set read_up_to = greatest(notification_cursors.read_up_to, excluded.read_up_to)`);
    await tx.execute(sql`
      delete from notification_reads r using events e
      where r.company_id = ${w.companyId} and r.user_id = ${w.userId} and e.id = r.event_id
        and e.company_id = ${w.companyId} and e.id <= ${upto}`);
  });
}

export type SettingsRow = {
  email_events: string[];
  accuracy_below: number | null;
  digest_hour: number | null;
  time_zone: string;
};

export async function findSettings(db: Db, userId: number, companyId: number): Promise<SettingsRow | null> {
  const res = await db.execute<SettingsRow>(sql`
    select email_events, accuracy_below, digest_hour, time_zone from notification_settings
    where user_id = ${userId} and company_id = ${companyId}`);
  return res.rows[0] ?? null;
}

export async function saveSettings(db: Db, userId: number, companyId: number, s: SettingsRow): Promise<void> {
  await db.execute(sql`
    insert into notification_settings (user_id, company_id, email_events, accuracy_below, digest_hour, time_zone)
    values (${userId}, ${companyId}, ${sqlArray(s.email_events, 'text')}, ${s.accuracy_below}, ${s.digest_hour},
      ${s.time_zone})
    on conflict (user_id, company_id) do update set email_events = excluded.email_events,
      accuracy_below = excluded.accuracy_below, digest_hour = excluded.digest_hour, time_zone = excluded.time_zone,
      last_digest_on = case when notification_settings.time_zone = excluded.time_zone
        and notification_settings.digest_hour is not distinct from excluded.digest_hour
        then notification_settings.last_digest_on end,
      updated_at = now()`);
}

/** One-click unsubscribe: no more e-mails of any kind from this company. */
export async function unsubscribe(db: Db, userId: number, companyId: number): Promise<void> {
  await db.execute(sql`
    update notification_settings set email_events = ${sqlArray([], 'text')}, digest_hour = null, updated_at = now()
    where user_id = ${userId} and company_id = ${companyId}`);
}
