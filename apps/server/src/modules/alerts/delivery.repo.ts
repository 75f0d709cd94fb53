import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

/** A webhook message its delivery job is about to send, as the attempt, the delivery log and the endpoint need it. */
export type ClaimedMessage = {
  id: number;
  endpoint_id: number;
  company_id: number;
  created_at: Date;
  /** Attempts made before this one. */
  attempts: number;
  msg_id: string;
  body: string;
  url: string;
  secret_enc: string;
  is_enabled: boolean;
};

/**
 * The messages of the delivery jobs fetched, those still to deliver and not held, each with its endpoint, answered
 * by the job's pg-boss id (a job whose message was delivered, given up or deleted meanwhile is not answered). The
 * endpoints are read FOR SHARE: a person switching one on updates its row, then releases its held messages
 * (releaseHeld), so that either commits first and its messages are sent, or waits for a hold (holdMessages) in this
 * transaction to commit and then releases it.
 */
export async function messagesOfJobs(
  tx: Db,
  fetched: { bossId: string; key: { company_id: number | null; id: number } }[],
): Promise<Map<string, ClaimedMessage>> {
  if (fetched.length === 0) return new Map();
  const jobs = fetched.map((j) => ({ boss_id: j.bossId, company_id: j.key.company_id, id: j.key.id }));
  const res = await tx.execute<ClaimedMessage & { boss_id: string }>(sql`
    select r.boss_id, m.id::int as id, m.company_id, m.endpoint_id, m.created_at, m.attempts, m.msg_id, m.body,
      w.url, w.secret_enc, w.is_enabled
    from ${unnestRows(jobs, { boss_id: 'text', company_id: 'int', id: 'int' })}
    join webhook_messages m on m.company_id = r.company_id and m.id = r.id
    join webhook_endpoints w on w.company_id = m.company_id and w.id = m.endpoint_id
    where m.status = 'pending' and m.held_at is null
    for share of w`);
  return new Map(
    res.rows.map((r) => [
      r.boss_id,
      { ...r, id: Number(r.id), company_id: Number(r.company_id), created_at: new Date(r.created_at) },
    ]),
  );
}

/** Messages whose endpoint is switched off wait, without a job, until it is switched on again (releaseHeld). */
export async function holdMessages(tx: Db, keys: { company_id: number; id: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    update webhook_messages t set held_at = now() from ${unnestRows(keys, { company_id: 'int', id: 'int' })}
    where t.company_id = r.company_id and t.id = r.id`);
}

/**
 * An endpoint switched on again: its held messages are due now; answers their keys, for their jobs to be queued in
 * the same transaction. Call it after the endpoint's row was updated in that transaction (see messagesOfJobs).
 */
export async function releaseHeld(
  tx: Db,
  companyId: number,
  endpointId: number,
): Promise<{ company_id: number; id: number }[]> {
  const res = await tx.execute<{ company_id: number; id: number }>(sql`
    update webhook_messages set held_at = null, next_attempt_at = now()
    where company_id = ${companyId} and endpoint_id = ${endpointId} and held_at is not null
    returning company_id, id::int as id`);
  return res.rows.map((r) => ({ company_id: Number(r.company_id), id: Number(r.id) }));
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
