import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';

export type EventRow = {
  id: number;
  company_id: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
};

/**
 * The oldest events not yet handed on, locked for this transaction; SKIP LOCKED lets another instance take the
 * next ones meanwhile, and dispatched_at (set in the same transaction) makes each one handed on once.
 */
export async function claimEvents(tx: Db, limit: number): Promise<EventRow[]> {
  const res = await tx.execute<EventRow>(sql`
    select id::int as id, company_id, type, payload, created_at from events
    where dispatched_at is null order by id limit ${limit} for update skip locked`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
}

/** Marks these events handed on, each by its key (company, id). */
export async function markDispatched(tx: Db, events: Pick<EventRow, 'company_id' | 'id'>[]): Promise<void> {
  await tx.execute(sql`
    update events e set dispatched_at = now()
    from ${unnestRows(events, { company_id: 'int', id: 'int' })}
    where e.company_id = r.company_id and e.id = r.id`);
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

export async function insertMessages(tx: Db, rows: NewMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into webhook_messages (endpoint_id, company_id, event_id, msg_id, type, body)
    select endpoint_id, company_id, event_id, msg_id, type, body from ${unnestRows(rows, {
      endpoint_id: 'int',
      company_id: 'int',
      event_id: 'int',
      msg_id: 'text',
      type: 'text',
      body: 'text',
    })}
    on conflict (company_id, endpoint_id, event_id) do nothing`);
}

export type NewMail = { company_id: number; to_email: string; message: string };

export async function insertMailJobs(tx: Db, rows: NewMail[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into mail_jobs (company_id, to_email, message)
    select company_id, to_email, message::jsonb from ${unnestRows(rows, {
      company_id: 'int',
      to_email: 'text',
      message: 'text',
    })}`);
}

/** Whether anything waits to be handed on (a cheap look, by the partial index, before taking locks). */
export async function hasUndispatched(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select 1 from events where dispatched_at is null limit 1`);
  return res.rows.length > 0;
}
