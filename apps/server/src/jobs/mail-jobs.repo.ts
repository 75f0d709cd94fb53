import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { unnestRows } from '../db/sql-arrays.ts';
import type { MailMessage } from '../modules/mail/mailer.ts';
import { accountMail, alertMail } from './mail.job.ts';
import { queueJobs } from './queue.repo.ts';

/**
 * Queues an account e-mail in the caller's transaction, so it goes if and only if what caused it commits: its
 * record (account_mail_jobs) and its pg-boss job, whose data is the record's id. `when` false runs the same
 * statements and inserts nothing (the password reset does the same work for an unknown address).
 */
export async function queueAccountMail(tx: Db, messages: MailMessage[], when = true): Promise<void> {
  if (messages.length === 0) return;
  const res = await tx.execute<{ id: number }>(sql`
    insert into account_mail_jobs (to_email, message)
    select m->>'to', m from jsonb_array_elements(${JSON.stringify(messages)}::jsonb) m where ${when}
    returning id::int as id`);
  await queueJobs(
    tx,
    accountMail,
    res.rows.map((r) => ({ company_id: null, id: Number(r.id) })),
  );
}

/** A company's alert e-mail to queue: `message` a MailMessage as JSON text. */
export type NewAlertMail = { company_id: number; to_email: string; message: string };

/**
 * Queues alert e-mails (events, digests, notices) in the caller's transaction: their records (mail_jobs) and their
 * pg-boss jobs, whose data is the record's key.
 */
export async function queueAlertMail(tx: Db, rows: NewAlertMail[]): Promise<void> {
  if (rows.length === 0) return;
  const res = await tx.execute<{ company_id: number; id: number }>(sql`
    insert into mail_jobs (company_id, to_email, message)
    select company_id, to_email, message::jsonb from ${unnestRows(rows, {
      company_id: 'int',
      to_email: 'text',
      message: 'text',
    })}
    returning company_id, id::int as id`);
  await queueJobs(
    tx,
    alertMail,
    res.rows.map((r) => ({ company_id: Number(r.company_id), id: Number(r.id) })),
  );
}
