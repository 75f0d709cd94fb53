import type { Db } from '../db/client.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import { JOB_KINDS, leaseSeconds, retryDelay } from './kinds.ts';
import { claimJobs, finishJob } from './queue.repo.ts';

export type MailJobDeps = {
  db: Db;
  mailer: Mailer;
  /** The waits between attempts (MAIL_RETRY_DELAYS_MS unless a test shortens them). */
  mailRetryDelaysMs?: readonly number[];
  metrics?: Metrics;
};

/**
 * Sends the due jobs of one mail queue that this instance claimed, one after another, each in one attempt bounded by
 * the mailer's whole-send time-out, and records each outcome once. Returns how many were claimed.
 */
export async function sendDueMail(deps: MailJobDeps, kind: 'alert-mail' | 'account-mail'): Promise<number> {
  const { table, batch, payload } = JOB_KINDS[kind];
  const claimed = await claimJobs(deps.db, kind, batch, leaseSeconds(kind, deps.mailer.opts.sendTimeoutMs));
  for (const job of claimed) {
    const message = payload.safeParse(job.payload);
    const messageId = `<${table}.${job.company_id ?? 0}.${job.id}@${deps.mailer.opts.from.replace(/^.*@|>.*$/g, '') || 'quantics'}>`;
    const sent = message.success && (await deps.mailer.deliver({ ...message.data, messageId }));
    deps.metrics?.jobAttempts.inc({ kind, result: sent ? 'success' : 'failure' });
    // A payload that is not a mail (it never should be) is given up at once rather than tried for an hour.
    const retryInMs = message.success ? retryDelay(kind, job.attempts, deps.mailRetryDelaysMs) : null;
    await finishJob(
      deps.db,
      kind,
      job,
      sent ? { result: 'done' } : retryInMs === null ? { result: 'failed' } : { result: 'retry', retryInMs },
    );
  }
  return claimed.length;
}
