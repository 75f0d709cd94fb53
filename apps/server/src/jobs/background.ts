import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, jobsSettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { WEBHOOK_RETRY_DELAYS_MS } from '../modules/alerts/webhook-delivery.job.ts';
import type { AuditClock } from '../modules/audits/audit-status.ts';
import type { DutchieContext } from '../modules/dutchie/dutchie-context.ts';
import type { IngestDeps } from '../modules/ingest/audit-lifecycle.service.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import { startBoss } from './boss.ts';
import type { WorkerOptions } from './define-job.ts';
import { JOB_KINDS } from './kinds.ts';
import { RETENTION_DEFAULTS } from './retention.ts';
import { JobScheduler, type SchedulerDeps } from './scheduler.ts';

/** The app's parts the background work runs with (built once in buildApp). */
export type BackgroundParts = {
  database: Database;
  log: FastifyBaseLogger;
  metrics: Metrics;
  mailer: Mailer;
  box: SecretBox;
  clock: AuditClock;
  dutchie: DutchieContext;
  ingest: IngestDeps;
};

/** How often each task looks, from the config (the jobs settings) and its defaults. */
export function workerOptions(config: AppConfig): WorkerOptions {
  const a = jobsSettings(config);
  return {
    pollMs: a?.pollMs ?? 250,
    sweepMs: a?.sweepMs ?? 15_000,
    digestMs: a?.digestMs ?? 60_000,
    readsMs: a?.readsMs ?? 600_000,
    readsRetentionDays: config.readsRetentionDays ?? 30,
    dutchieMs: a?.dutchieMs ?? 60_000,
    dueCountsMs: 30_000,
    retentionMs: 60 * 60_000,
    requeueMs: 5 * 60_000,
    retention: config.retention ?? RETENTION_DEFAULTS,
    ...(a?.tasks && { tasks: a.tasks }),
  };
}

/**
 * Every background task (the job kinds' queues on pg-boss, the sweeps: src/jobs/), on this database: pg-boss started
 * with each kind's queue and lease, and the scheduler of this instance's share of the work, started unless
 * the jobs settings' `isWorkerOn` is false. Its stop() stops both.
 */
export async function startJobs(parts: BackgroundParts, config: AppConfig): Promise<JobScheduler> {
  const { database, mailer } = parts;
  const opts = workerOptions(config);
  const settings = jobsSettings(config);
  const isWorkerOn = settings?.isWorkerOn !== false;
  const deps: Omit<SchedulerDeps, 'boss'> = {
    db: database.db,
    trySessionLock: database.trySessionLock,
    box: parts.box,
    publicUrl: config.publicUrl,
    metrics: parts.metrics,
    mailer,
    clock: parts.clock,
    dutchie: parts.dutchie,
    ingest: parts.ingest,
    log: parts.log,
    allowPrivate: config.webhooks?.allowPrivate ?? false,
    retryDelaysMs: config.webhooks?.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: config.webhooks?.timeoutMs ?? 10_000,
    ...(settings?.mailRetryDelaysMs && { mailRetryDelaysMs: settings.mailRetryDelaysMs }),
    retention: opts.retention,
    readsRetentionDays: opts.readsRetentionDays,
  };
  const boss = await startBoss(database, {
    // Each kind's lease from its declared whole-attempt time-out, with this config's values.
    queues: JOB_KINDS.map((kind) => ({
      kind,
      attemptTimeoutMs: kind.attemptTimeoutMs({ ...deps, boss: null as never }),
    })),
    jobsDays: opts.retention.jobsDays,
    supervise: isWorkerOn,
    onError: (err) => parts.log.error({ err }, 'pg-boss maintenance failed'),
  });
  const jobs = new JobScheduler({ ...deps, boss }, opts, parts.log, () =>
    boss.stop({ graceful: false, close: false }),
  );
  if (isWorkerOn) jobs.start();
  return jobs;
}
