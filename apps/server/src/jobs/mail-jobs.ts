import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import { type JobKind, retryDelay } from './define-job.ts';
import { fetchJobs, finishBossJob, type JobOutcome, type MailKey, mailRecords } from './queue.repo.ts';

export type MailJobDeps = {
  db: Db;
  mailer: Mailer;
  /** pg-boss, which carries the e-mails (jobs/boss.ts). */
  boss: PgBoss;
  /** The waits between attempts (MAIL_RETRY_DELAYS_MS unless a test shortens them). */
  mailRetryDelaysMs?: readonly number[];
  metrics?: Metrics;
};

type MailKind = JobKind<MailJobDeps>;

/**
 * Sends the due e-mails of one mail queue (jobs/mail.job.ts): pg-boss's jobs (leased for the kind's worst case when
 * fetched, SKIP LOCKED), each the key of its record, sent one after another, each in one attempt bounded by the
 * mailer's whole-send time-out; each outcome is recorded with pg-boss's finish in one transaction. Returns how many
 * were taken.
 */
export async function sendDueMail(deps: MailJobDeps, kind: MailKind): Promise<number> {
  const jobs = await fetchJobs(deps.boss, kind, kind.batch);
  if (jobs.length === 0) return 0;
  const keyOf = (k: MailKey) => `${k.company_id ?? 0}.${k.id}`;
  const found = await mailRecords(
    deps.db,
    kind,
    jobs.map((j) => j.key),
  );
  const records = new Map(found.map((r) => [keyOf(r), r]));
  for (const job of jobs) {
    const record = records.get(keyOf(job.key));
    // Sent or given up already (a job taken again after its lease lapsed just as it finished), or its company
    // deleted: nothing to send.
    if (!record) {
      await deps.boss.complete(kind.name, job.bossId, { result: 'done' }, {});
      continue;
    }
    const outcome = await attempt(deps, kind, { ...record, payload: record.message }, record.attempts + 1);
    await finishBossJob(deps.db, deps.boss, kind, { bossId: job.bossId, ...job.key }, outcome);
  }
  return jobs.length;
}

/** One attempt of one mail; `attempts` counts it. */
async function attempt(
  deps: MailJobDeps,
  kind: MailKind,
  job: { id: number; company_id: number | null; payload: unknown },
  attempts: number,
): Promise<JobOutcome> {
  const message = kind.payload.safeParse(job.payload);
  const messageId = `<${kind.record.table}.${job.company_id ?? 0}.${job.id}@${deps.mailer.opts.from.replace(/^.*@|>.*$/g, '') || 'quantics'}>`;
  const sent =
    message.success && (await deps.mailer.deliver({ ...(message.data as MailMessage), messageId }));
  deps.metrics?.jobAttempts.inc({ kind: kind.name, result: sent ? 'success' : 'failure' });
  // A payload that is not a mail (it never should be) is given up at once rather than tried for an hour.
  const retryInMs = message.success ? retryDelay(kind, attempts, deps.mailRetryDelaysMs) : null;
  return sent
    ? { result: 'done' }
    : retryInMs === null
      ? { result: 'failed' }
      : { result: 'retry', retryInMs };
}
