import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { fleetFigures } from './metrics.repo.ts';

/** Ways reads come in (modules/ingest/adapters), the `way` label of the reads counters. */
export type ReadsWay =
  | 'reader_protocol'
  | 'count_screen'
  | 'impinj'
  | 'zebra_iot_connector'
  | 'speedway_connect'
  | 'reader_file';

/** What the scrape reads from the process's parts at scrape time (absent ones are left out). */
export type MetricsSources = {
  db: Db;
  /** Each background job kind's backlog (jobs/kinds.ts jobQueueDepths): read at scrape time from the database. */
  queues: () => Promise<{ kind: string; waiting: number; oldestSeconds: number }[]>;
  /** The pg pool's connections (PostgreSQL only): checked out, and callers waiting for one. */
  pool?: () => { inUse: number; waiting: number };
  /** Redis configured: is it connected now. */
  redis?: () => boolean;
  log: FastifyBaseLogger;
};

/** Seconds: from a fast API call (5 ms) to a slow report or reconciliation (10 s). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The product's Prometheus metrics, in a registry of this app's own (several apps in one process, as in tests, never
 * share one). Names follow Prometheus's conventions: the unit in the name, `_total` on counters, and labels with few
 * values (route templates, status classes, kinds), never ids. Counters are moved where the thing happens; the
 * gauges of queues, fleet, pool and Redis are read when scraped.
 */
export function createMetrics(opts: { isDefaultMetricsOn: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  if (opts.isDefaultMetricsOn) collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const metrics = {
    registry,
    httpDuration: new Histogram<'method' | 'route' | 'status_class'>({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route template and status class (2xx, 4xx, 5xx)',
      labelNames: ['method', 'route', 'status_class'],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    readsAccepted: counter('quantics_reads_accepted_total', 'Tag reads stored, by way in', ['way'] as const),
    batchesRefused: counter(
      'quantics_read_batches_refused_total',
      'Batches of reads refused because their audit was completed, failed or closed, by way in',
      ['way'] as const,
    ),
    auditsStarted: counter('quantics_audits_started_total', 'Audits started (every way in)'),
    auditsCompleted: counter('quantics_audits_completed_total', 'Audits completed and reconciled'),
    auditsFailed: counter(
      'quantics_audits_failed_total',
      'Audits recorded as failed (their reads timed out)',
    ),
    reconcileDuration: new Histogram({
      name: 'quantics_reconcile_duration_seconds',
      help: 'Time to reconcile one audit against its expected stock',
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    jobAttempts: counter('quantics_job_attempts_total', 'Background job attempts, by kind and result', [
      'kind',
      'result',
    ] as const),
    jobsRequeued: counter(
      'quantics_jobs_requeued_total',
      'Records found pending without a pg-boss job and queued again (a build before pg-boss wrote them), by kind',
      ['kind'] as const,
    ),
    sweepUnits: counter(
      'quantics_sweep_units_total',
      'Units of periodic work (a company, an audit, a kind) a sweep worked, by sweep and result',
      ['sweep', 'result'] as const,
    ),
    webhookDeliveries: counter(
      'quantics_webhook_deliveries_total',
      'Webhook delivery attempts by result: success (2xx) or failure',
      ['result'] as const,
    ),
    emailsSent: counter('quantics_emails_sent_total', 'E-mails handed to the SMTP server (or the outbox)'),
    emailsFailed: counter('quantics_emails_failed_total', 'E-mails not sent after the mailer’s own retries'),
    eventsWritten: counter('quantics_events_written_total', 'Events written, by type', ['type'] as const),
    dutchieRequests: counter(
      'quantics_dutchie_requests_total',
      'Calls to the Dutchie API by status class (2xx, 4xx, 5xx, or error: no answer)',
      ['status_class'] as const,
    ),
    printJobs: counter(
      'quantics_print_jobs_total',
      'Print jobs by result: printed, or how it failed (printer, timeout, not_connected, ...)',
      ['result'] as const,
    ),
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The gauges read at scrape time, from the database and the process's parts. */
export function registerScrapeGauges(metrics: Metrics, sources: MetricsSources): void {
  const registers = [metrics.registry];
  const jobsWaiting = new Gauge({
    name: 'quantics_jobs_waiting',
    help: 'Background jobs due and not yet done, by kind',
    labelNames: ['kind'],
    registers,
  });
  const oldestJob = new Gauge({
    name: 'quantics_jobs_oldest_age_seconds',
    help: 'How long the oldest due job of each kind has waited',
    labelNames: ['kind'],
    registers,
  });
  const readersOffline = new Gauge({
    name: 'quantics_readers_offline',
    help: 'Readers (every company) heard from before but not lately',
    registers,
  });
  const printersConnected = new Gauge({
    name: 'quantics_label_printers_connected',
    help: 'Label printers reported by the connected print utilities (every company)',
    registers,
  });
  const snapshotAge = new Gauge({
    name: 'quantics_dutchie_snapshot_oldest_age_seconds',
    help: 'Age of the oldest last good Dutchie inventory snapshot among connected companies',
    registers,
  });
  // One database read for all of them, per scrape; a scrape while the database is away leaves them out.
  new Gauge({
    name: 'quantics_scrape_database_up',
    help: '1 when the scrape could read the queues and fleet figures from the database, 0 when not',
    registers,
    async collect() {
      jobsWaiting.reset();
      oldestJob.reset();
      try {
        const [queues, fleet] = await Promise.all([sources.queues(), fleetFigures(sources.db)]);
        for (const q of queues) {
          jobsWaiting.set({ kind: q.kind }, q.waiting);
          oldestJob.set({ kind: q.kind }, q.oldestSeconds);
        }
        readersOffline.set(fleet.readersOffline);
        snapshotAge.set(fleet.oldestSnapshotSeconds);
        printersConnected.set(fleet.printersConnected);
        this.set(1);
      } catch (err) {
        sources.log.warn({ err }, 'metrics: the database did not answer the scrape');
        this.set(0);
      }
    },
  });
  const { pool, redis } = sources;
  if (pool) {
    new Gauge({
      name: 'quantics_db_pool_connections_in_use',
      help: 'Database connections checked out of the pool',
      registers,
      collect() {
        this.set(pool().inUse);
      },
    });
    new Gauge({
      name: 'quantics_db_pool_waiting',
      help: 'Callers waiting for a database connection',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  if (redis) {
    new Gauge({
      name: 'quantics_redis_connected',
      help: '1 while Redis is connected, 0 while not',
      registers,
      collect() {
        this.set(redis() ? 1 : 0);
      },
    });
  }
}

/** 200 → '2xx': the status class label. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
