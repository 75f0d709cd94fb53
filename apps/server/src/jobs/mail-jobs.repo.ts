import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../modules/mail/mailer.ts';

/** The two mail queues: the companies' alert mail (keyed by company and id) and people's account mail (by id). */
export type MailQueue = 'mail_jobs' | 'account_mail_jobs';

export type ClaimedMail = { id: number; company_id: number | null; message: unknown; attempts: number };

/** Each queue's key: the columns a claim selects, and the claimed row matched to them. */
const KEY = {
  mail_jobs: { columns: sql`company_id, id`, match: sql`j.company_id = due.company_id and j.id = due.id` },
  account_mail_jobs: { columns: sql`null::int as company_id, id`, match: sql`j.id = due.id` },
} as const;

/** The row of a claimed job, by its queue's key. */
function whereJob(queue: MailQueue, job: ClaimedMail) {
  return queue === 'mail_jobs' ? sql`company_id = ${job.company_id} and id = ${job.id}` : sql`id = ${job.id}`;
}

/**
 * Queues an account e-mail in the caller's transaction, so it goes if and only if what caused it commits. `when`
 * false runs the same statement and inserts nothing (the password reset does the same work for an unknown address).
 */
export async function queueAccountMail(tx: Db, messages: MailMessage[], when = true): Promise<void> {
  if (messages.length === 0) return;
  await tx.execute(sql`
    insert into account_mail_jobs (to_email, message)
    select m->>'to', m from jsonb_array_elements(${JSON.stringify(messages)}::jsonb) m where ${when}`);
}

/** Takes due jobs of a queue for `leaseSeconds` (SKIP LOCKED: instances take different ones). */
export async function claimMail(
  db: Db,
  queue: MailQueue,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMail[]> {
  const table = sql.identifier(queue);
  const res = await db.execute<ClaimedMail>(sql`
    with due as (
      select ${KEY[queue].columns} from ${table}
      where sent_at is null and failed_at is null and run_at <= now()
        and (locked_until is null or locked_until < now())
      order by id limit ${limit} for update skip locked
    )
    update ${table} j set locked_until = now() + ${leaseSeconds}::int * interval '1 second',
      attempts = j.attempts + 1
    from due where ${KEY[queue].match}
    returning j.id::int as id, due.company_id, j.message, j.attempts`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Marks a job sent, given up (retryInMs null) or due again later. */
export async function finishMail(
  db: Db,
  queue: MailQueue,
  job: ClaimedMail,
  sent: boolean,
  retryInMs: number | null,
): Promise<void> {
  const table = sql.identifier(queue);
  const key = whereJob(queue, job);
  if (sent) {
    await db.execute(sql`update ${table} set sent_at = now(), locked_until = null where ${key}`);
  } else if (retryInMs === null) {
    await db.execute(sql`update ${table} set failed_at = now(), locked_until = null where ${key}`);
  } else {
    await db.execute(sql`update ${table} set locked_until = null,
      run_at = now() + ${retryInMs}::int * interval '1 millisecond' where ${key}`);
  }
}
