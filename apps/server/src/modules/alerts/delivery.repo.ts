import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type ClaimedMessage = {
  id: number;
  endpoint_id: number;
  company_id: number;
  msg_id: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_enc: string;
};

/**
 * Takes due webhook messages of enabled endpoints for `leaseSeconds`: SKIP LOCKED so instances take different
 * ones, the lease so a message whose instance died mid-send is taken again once it lapses.
 */
export async function claimMessages(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const res = await db.execute<ClaimedMessage>(sql`
    with due as (
      select m.company_id, m.id from webhook_messages m
      join webhook_endpoints w on w.company_id = m.company_id and w.id = m.endpoint_id and w.is_enabled
      where m.status = 'pending' and m.next_attempt_at <= now()
        and (m.locked_until is null or m.locked_until < now())
      order by m.next_attempt_at, m.id limit ${limit}
      for update of m skip locked
    )
    update webhook_messages m
    set locked_until = now() + ${leaseSeconds}::int * interval '1 second', attempts = m.attempts + 1
    from due, webhook_endpoints w
    where m.company_id = due.company_id and m.id = due.id and w.company_id = m.company_id and w.id = m.endpoint_id
    returning m.id::int as id, m.endpoint_id, m.company_id, m.msg_id, m.body, m.attempts, m.created_at, w.url,
      w.secret_enc`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at) }));
}

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

export async function markDelivered(tx: Db, m: ClaimedMessage): Promise<void> {
  await tx.execute(sql`update webhook_messages set status = 'delivered', locked_until = null
    where company_id = ${m.company_id} and id = ${m.id}`);
  await tx.execute(sql`update webhook_endpoints set failing_since = null
    where company_id = ${m.company_id} and id = ${m.endpoint_id} and failing_since is not null`);
}

export async function scheduleRetry(tx: Db, m: ClaimedMessage, delayMs: number): Promise<void> {
  await tx.execute(sql`update webhook_messages
    set locked_until = null, next_attempt_at = now() + ${delayMs}::int * interval '1 millisecond'
    where company_id = ${m.company_id} and id = ${m.id}`);
  await tx.execute(sql`update webhook_endpoints set failing_since = now()
    where company_id = ${m.company_id} and id = ${m.endpoint_id} and failing_since is null`);
}

/**
 * Gives up on a message. When its endpoint has not succeeded since this message was first due (it has been failing
 * for the whole retry span, a day), the endpoint is switched off: true when this call switched it off.
 */
export async function giveUp(tx: Db, m: ClaimedMessage): Promise<boolean> {
  await tx.execute(sql`update webhook_messages set status = 'failed', locked_until = null
    where company_id = ${m.company_id} and id = ${m.id}`);
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
