import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A claimed webhook message (jobs/queue.repo.ts claims it), as the delivery log and the endpoint's state need it. */
export type ClaimedMessage = {
  id: number;
  endpoint_id: number;
  company_id: number;
  created_at: Date;
  url: string;
  secret_enc: string;
};

export type AttemptOutcome = {
  isSuccess: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
};

export async function insertAttempt(tx: Db, m: ClaimedMessage, o: AttemptOutcome): Promise<void> {
  await tx.execute(sql`
    insert into webhook_attempts (company_id, message_id, endpoint_id, is_success, response_code, duration_ms, error)
    values (${m.company_id}, ${m.id}, ${m.endpoint_id}, ${o.isSuccess}, ${o.responseCode}, ${o.durationMs}, ${o.error})`);
}

/** The endpoint answered: it is no longer failing. */
export async function endpointSucceeded(tx: Db, m: ClaimedMessage): Promise<void> {
  await tx.execute(sql`update webhook_endpoints set failing_since = null
    where company_id = ${m.company_id} and id = ${m.endpoint_id} and failing_since is not null`);
}

/** The endpoint did not answer well: it is failing since now, unless it already was. */
export async function endpointFailing(tx: Db, m: ClaimedMessage): Promise<void> {
  await tx.execute(sql`update webhook_endpoints set failing_since = now()
    where company_id = ${m.company_id} and id = ${m.endpoint_id} and failing_since is null`);
}

/**
 * After a message was given up: when its endpoint has not succeeded since the message was first due (it has been
 * failing for the whole retry span, a day), the endpoint is switched off: true when this call switched it off.
 */
export async function switchOffIfFailing(tx: Db, m: ClaimedMessage): Promise<boolean> {
  const off = await tx.execute(sql`update webhook_endpoints
    set is_enabled = false, disabled_reason = 'failing', updated_at = now()
    where company_id = ${m.company_id} and id = ${m.endpoint_id} and is_enabled
      and not exists (select 1 from webhook_attempts a
        where a.company_id = ${m.company_id} and a.endpoint_id = ${m.endpoint_id} and a.is_success
          and a.attempted_at >= ${m.created_at.toISOString()}::timestamptz)
    returning id`);
  return off.rows.length > 0;
}

export async function companyAdmins(
  db: Db,
  companyId: number,
): Promise<{ user_id: number; email: string }[]> {
  const res = await db.execute<{ user_id: number; email: string }>(sql`
    select u.id as user_id, u.email from memberships m join users u on u.id = m.user_id
    where m.company_id = ${companyId} and m.role = 'admin' and m.is_active`);
  return res.rows;
}
