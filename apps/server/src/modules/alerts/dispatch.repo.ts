import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlArray, unnestRows } from '../../db/sql-arrays.ts';

/** An event as dispatch reads it (jobs/queue.repo.ts locks it for the dispatching transaction). */
export type EventRow = {
  id: number;
  company_id: number;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
};

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
