import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';

/** An event as dispatch reads it, locked for the dispatching transaction. */
export type EventRow = {
  id: number;
  company_id: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
};

/**
 * The events of the jobs dispatch fetched that are still to hand on, locked for its transaction (dispatched_at is
 * written before it commits), in the order they were written.
 */
export async function eventsToDispatch(
  tx: Db,
  keys: { company_id: number; id: number }[],
): Promise<EventRow[]> {
  if (keys.length === 0) return [];
  const res = await tx.execute<EventRow>(sql`
    select e.id::int as id, e.company_id, e.type, e.payload, e.created_at
    from events e join ${unnestRows(keys, { company_id: 'int', id: 'int' })} on e.company_id = r.company_id and e.id = r.id
    where e.dispatched_at is null order by e.id for update of e`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
}

/** Marks events handed on, in the dispatching transaction. */
export async function markDispatched(tx: Db, keys: { company_id: number; id: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    update events t set dispatched_at = now() from ${unnestRows(keys, { company_id: 'int', id: 'int' })}
    where t.company_id = r.company_id and t.id = r.id`);
}

export type EndpointRow = { id: number; company_id: number; url: string; events: string[] };

export async function enabledEndpoints(tx: Db, companyIds: number[]): Promise<EndpointRow[]> {
  const res = await tx.execute<EndpointRow>(sql`
    select id, company_id, url, events from webhook_endpoints
    where is_enabled and company_id = any(${sqlArray(companyIds, 'int')})`);
  return res.rows;
}

export type RecipientRow = {
  user_id: number;
  company_id: number;
  email: string;
  name: string | null;
  role: string;
  email_events: string[];
  accuracy_below: number | null;
};

/** People of these companies who asked for any event by e-mail (active memberships only). */
export async function emailRecipients(tx: Db, companyIds: number[]): Promise<RecipientRow[]> {
  const res = await tx.execute<RecipientRow>(sql`
    select s.user_id, s.company_id, u.email, u.name, m.role, s.email_events, s.accuracy_below
    from notification_settings s
    join memberships m on m.user_id = s.user_id and m.company_id = s.company_id and m.is_active
    join users u on u.id = s.user_id
    where s.company_id = any(${sqlArray(companyIds, 'int')}) and cardinality(s.email_events) > 0`);
  return res.rows;
}

export type NewMessage = {
  endpoint_id: number;
  company_id: number;
  event_id: number | null;
  msg_id: string;
  type: string;
  body: string;
};

/** Inserts the messages (one per endpoint and event at most) and answers the keys of those it inserted. */
export async function insertMessages(
  tx: Db,
  rows: NewMessage[],
): Promise<{ company_id: number; id: number }[]> {
  if (rows.length === 0) return [];
  const res = await tx.execute<{ company_id: number; id: number }>(sql`
    insert into webhook_messages (endpoint_id, company_id, event_id, msg_id, type, body)
    select endpoint_id, company_id, event_id, msg_id, type, body from ${unnestRows(rows, {
      endpoint_id: 'int',
      company_id: 'int',
      event_id: 'int',
      msg_id: 'text',
      type: 'text',
      body: 'text',
    })}
    on conflict (company_id, endpoint_id, event_id) do nothing
    returning company_id, id::int as id`);
  return res.rows.map((r) => ({ company_id: Number(r.company_id), id: Number(r.id) }));
}
