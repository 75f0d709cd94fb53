import type { Db } from '../db/client.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import { JOB_KINDS, leaseSeconds, retryDelay, ZMailMessage } from './kinds.ts';
import * as repo from './mail-jobs.repo.ts';

export type MailJobDeps = {
  db: Db;
  mailer: Mailer;
  /** The waits between attempts (MAIL_RETRY_DELAYS_MS unless a test shortens them). */
  mailRetryDelaysMs?: readonly number[];
  metrics?: Metrics;
};

const QUEUE: Record<'alert-mail' | 'account-mail', repo.MailQueue> = {
  'alert-mail': 'mail_jobs',
  'account-mail': 'account_mail_jobs',
};

/**
 * Sends the due jobs of one mail queue that this instance claimed, one after another, each in one attempt bounded by
 * the mailer's whole-send time-out, and records each outcome once. Returns how many were claimed.
 */
export async function sendDueMail(deps: MailJobDeps, kind: 'alert-mail' | 'account-mail'): Promise<number> {
  const queue = QUEUE[kind];
  const lease = leaseSeconds(kind, deps.mailer.opts.sendTimeoutMs);
  const claimed = await repo.claimMail(deps.db, queue, JOB_KINDS[kind].batch, lease);
  for (const job of claimed) {
    const message = ZMailMessage.safeParse(job.message);
    const messageId = `<${queue}.${job.company_id ?? 0}.${job.id}@${deps.mailer.opts.from.replace(/^.*@|>.*$/g, '') || 'quantics'}>`;
    const sent = message.success && (await deps.mailer.deliver({ ...message.data, messageId }));
    deps.metrics?.jobAttempts.inc({ kind, result: sent ? 'success' : 'failure' });
    // A message that is not a mail (it never should be) is given up at once rather than tried for an hour.
    const retryIn = message.success ? retryDelay(kind, job.attempts, deps.mailRetryDelaysMs) : null;
    await repo.finishMail(deps.db, queue, job, sent, sent ? null : retryIn);
  }
  return claimed.length;
}
