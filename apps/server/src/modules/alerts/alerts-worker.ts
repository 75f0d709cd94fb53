import type { FastifyBaseLogger } from 'fastify';
import type { AuditClock } from '../audits/audit-status.ts';
import { recordOverdueCounts } from '../count-plans/overdue.ts';
import { recordOfflineDevices } from '../devices/device-alerts.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { BACKGROUND_BATCH, refreshStoresInBackground } from '../dutchie/dutchie-snapshot.ts';
import { recordTimedOutAudits } from '../ingest/audit-events.ts';
import { maintainReadStorage } from '../ingest/reads-storage.service.ts';
import { type DeliveryDeps, deliverDue, sendDueMail } from './delivery.service.ts';
import { sendDueDigests } from './digest.service.ts';
import { hasUndispatched } from './dispatch.repo.ts';
import { dispatchEvents } from './dispatch.service.ts';

export type WorkerOptions = {
  /** How often the queues (events to hand on, webhook messages, mail) are looked at. */
  pollMs: number;
  /** How often readers gone quiet, timed-out audits and overdue planned counts are looked for. */
  sweepMs: number;
  /** How often due digests are looked for. */
  digestMs: number;
  /** How often the reads storage job runs (partitions ahead, legacy reads moved, retention). */
  readsMs: number;
  /** READS_RETENTION_DAYS. */
  readsRetentionDays: number;
  /** How often Dutchie stores due a background refresh are looked for (DUTCHIE_BACKGROUND_REFRESH_SECONDS). */
  dutchieMs: number;
};

type Loop = { timer: NodeJS.Timeout | null; running: Promise<unknown> | null };

/**
 * This instance's share of the background work. Everything it works on lives in PostgreSQL (events, webhook
 * messages, mail jobs, settings) and is taken with SKIP LOCKED or under an advisory lock, so any number of
 * instances can run one, and whatever one did not finish (a restart) another takes up. A loop that found work goes
 * again at once; one that found none waits for its interval.
 */
export class AlertsWorker {
  readonly #loops: Loop[] = [];
  #isStopped = false;

  constructor(
    private readonly deps: DeliveryDeps & { clock: AuditClock; dutchie: DutchieContext },
    private readonly opts: WorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const d = this.deps;
    this.#loop('dispatch', this.opts.pollMs, async () =>
      (await hasUndispatched(d.db)) ? (await dispatchEvents(d)) > 0 : false,
    );
    this.#loop('webhooks', this.opts.pollMs, async () => (await deliverDue(d)) > 0);
    this.#loop('mail', this.opts.pollMs, async () => (await sendDueMail(d)) > 0);
    this.#loop('sweeps', this.opts.sweepMs, async () => {
      await recordOfflineDevices(d.db);
      d.metrics?.auditsFailed.inc(await recordTimedOutAudits(d.db, d.clock));
      await recordOverdueCounts(d.db, new Date());
      return false;
    });
    this.#loop('digests', this.opts.digestMs, async () => (await sendDueDigests(d)) > 0);
    this.#loop('reads', this.opts.readsMs, async () => {
      const run = await maintainReadStorage({
        db: d.db,
        clock: d.clock,
        retentionDays: this.opts.readsRetentionDays,
      });
      if (run.auditsMoved > 0)
        this.log.info({ audits: run.auditsMoved, reads: run.readsMoved }, 'legacy reads moved');
      if (run.dropped.length > 0) this.log.info({ partitions: run.dropped }, 'expired reads dropped');
      return run.hasMore;
    });
    // Dutchie stores nobody looks at, read again so their stock events are told (their events are then dispatched).
    this.#loop(
      'dutchie',
      this.opts.dutchieMs,
      async () => (await refreshStoresInBackground(d.dutchie)) === BACKGROUND_BATCH,
    );
  }

  /** Stops taking new work and waits for what is in hand (the app's onClose, before the database closes). */
  async stop(): Promise<void> {
    this.#isStopped = true;
    for (const loop of this.#loops) if (loop.timer) clearTimeout(loop.timer);
    await Promise.allSettled(this.#loops.map((l) => l.running));
  }

  #loop(name: string, everyMs: number, work: () => Promise<boolean>) {
    const loop: Loop = { timer: null, running: null };
    this.#loops.push(loop);
    const run = async () => {
      loop.timer = null;
      if (this.#isStopped) return;
      let again = false;
      loop.running = work().then(
        (more) => {
          again = more;
        },
        (err) => this.log.error({ err, loop: name }, 'alerts work failed'),
      );
      await loop.running;
      loop.running = null;
      if (this.#isStopped) return;
      loop.timer = setTimeout(run, again ? 0 : everyMs);
      loop.timer.unref();
    };
    loop.timer = setTimeout(run, Math.min(everyMs, 50));
    loop.timer.unref();
  }
}
