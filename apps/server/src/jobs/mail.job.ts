import { z } from 'zod';
import { defineJob, type JobRecord } from './define-job.ts';
import { type MailJobDeps, sendDueMail } from './mail-jobs.ts';

/** A mail message as a mail job keeps it (mail_jobs.message, account_mail_jobs.message). */
export const ZMailMessage = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** A mail that did not go is tried again after 30 s, 2 min, 10 min, 30 min and 1 h, then given up. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** A mail's record: sent or given up (never both), due again at `run_at`. */
const mailRecord = (table: string, isCompanyKeyed: boolean): JobRecord => ({
  table,
  isCompanyKeyed,
  dueAt: 'run_at',
  finished: { doneAt: 'sent_at', failedAt: 'failed_at' },
  hasAttempts: true,
});

const mail = {
  payload: ZMailMessage,
  // Sent one after another, each within the mailer's whole-send time-out: a claim's lease is ten of them.
  batch: 10,
  isParallel: false,
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  retention: ['JOBS_RETENTION_DAYS'],
  attemptTimeoutMs: (d: MailJobDeps) => d.mailer.opts.sendTimeoutMs,
  every: (o: { pollMs: number }) => o.pollMs,
  handler: sendDueMail,
} as const;

/** Alert e-mails and digests (a company's, with an unsubscribe link): queueAlertMail. */
export const alertMail = defineJob<MailJobDeps>({
  name: 'alert-mail',
  record: mailRecord('mail_jobs', true),
  ...mail,
});

/**
 * A person's account e-mail: reset link, invitation, new sign-in, password or e-mail changed, reminders
 * (queueAccountMail). Its jobs' data is the id alone (the table has no company).
 */
export const accountMail = defineJob<MailJobDeps>({
  name: 'account-mail',
  record: mailRecord('account_mail_jobs', false),
  ...mail,
});
