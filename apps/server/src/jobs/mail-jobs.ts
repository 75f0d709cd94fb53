import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import { JOB_KINDS, leaseSeconds, retryDelay } from './kinds.ts';
import { accountMailRecords, claimJobs, finishBossJob, finishJob, type JobOutcome } from './queue.repo.ts';

export type MailJobDeps = {
  db: Db;
  mailer: Mailer;
  /** pg-boss, which carries the account e-mails (jobs/boss.ts). */
  boss: PgBoss;
  /** The waits between attempts (MAIL_RETRY_DELAYS_MS unless a test shortens them). */
  mailRetryDelaysMs?: readonly number[];
  metrics?: Metrics;
};

type Kind = 'alert-mail' | 'account-mail';

/**
 * Sends the due jobs of one mail queue that this instance took, one after another, each in one attempt bounded by
 * the mailer's whole-send time-out, and records each outcome once. Returns how many were taken.
 */
export async function sendDueMail(deps: MailJobDeps, kind: Kind): Promise<number> {
  if (kind === 'account-mail') return sendDueAccountMail(deps);
  const { batch } = JOB_KINDS[kind];
  const claimed = await claimJobs(deps.db, kind, batch, leaseSeconds(kind, deps.mailer.opts.sendTimeoutMs));
  for (const job of claimed) {
    const outcome = await attempt(deps, kind, job, job.attempts);
    await finishJob(deps.db, kind, job, outcome);
  }
  return claimed.length;
}

/**
 * Account e-mail: pg-boss's jobs (leased for the kind's worst case when fetched, SKIP LOCKED), each the id of its
 * record, sent one after another; each outcome is recorded with pg-boss's finish in one transaction.
 */
async function sendDueAccountMail(deps: MailJobDeps): Promise<number> {
  const kind = 'account-mail';
  const jobs = await deps.boss.fetch<{ id: number }>(kind, { batchSize: JOB_KINDS[kind].batch });
  if (jobs.length === 0) return 0;
  const records = new Map(
    (
      await accountMailRecords(
        deps.db,
        jobs.map((j) => Number(j.data.id)),
      )
    ).map((r) => [r.id, r]),
  );
  for (const job of jobs) {
    const record = records.get(Number(job.data.id));
    // Sent or given up already (a job taken again after its lease lapsed just as it finished): nothing to send.
    if (!record) {
      await deps.boss.complete(kind, job.id, { result: 'done' }, {});
      continue;
    }
    const outcome = await attempt(
      deps,
      kind,
      { id: record.id, company_id: null, payload: record.message },
      record.attempts + 1,
    );
    await finishBossJob(deps.db, deps.boss, kind, { bossId: job.id, id: record.id }, outcome);
  }
  return jobs.length;
}

/** One attempt of one mail; `attempts` counts it. */
async function attempt(
  deps: MailJobDeps,
  kind: Kind,
  job: { id: number; company_id: number | null; payload: unknown },
  attempts: number,
): Promise<JobOutcome> {
  const { table, payload } = JOB_KINDS[kind];
  const message = payload.safeParse(job.payload);
  const messageId = `<${table}.${job.company_id ?? 0}.${job.id}@${deps.mailer.opts.from.replace(/^.*@|>.*$/g, '') || 'quantics'}>`;
  const sent = message.success && (await deps.mailer.deliver({ ...message.data, messageId }));
  deps.metrics?.jobAttempts.inc({ kind, result: sent ? 'success' : 'failure' });
  // A payload that is not a mail (it never should be) is given up at once rather than tried for an hour.
  const retryInMs = message.success ? retryDelay(kind, attempts, deps.mailRetryDelaysMs) : null;
  return sent
    ? { result: 'done' }
    : retryInMs === null
      ? { result: 'failed' }
      : { result: 'retry', retryInMs };
}
