import type { FastifyBaseLogger } from 'fastify';
import { type DeliveryDeps, deliverDue } from '../modules/alerts/delivery.service.ts';
import { sendDueDigests } from '../modules/alerts/digest.service.ts';
import { dispatchEvents } from '../modules/alerts/dispatch.service.ts';
import type { AuditClock } from '../modules/audits/audit-status.ts';
import { recordOverdueCounts } from '../modules/count-plans/overdue.ts';
import { startPlannedReaderCounts } from '../modules/count-plans/planned-readers.ts';
import { recordOfflineDevices } from '../modules/devices/device-alerts.ts';
import type { DutchieContext } from '../modules/dutchie/dutchie-context.ts';
import { BACKGROUND_BATCH, refreshStoresInBackground } from '../modules/dutchie/dutchie-snapshot.ts';
import { recordTimedOutAudits } from '../modules/ingest/audit-events.ts';
import type { IngestDeps } from '../modules/ingest/audit-lifecycle.service.ts';
import { maintainReadStorage } from '../modules/ingest/reads-storage.service.ts';
import { finishDueAudits } from '../modules/ingest/webhook-batches.service.ts';
import { type MailJobDeps, sendDueMail } from './mail-jobs.ts';
import { deleteExpired, type RetentionDays } from './retention.ts';

import type { TaskName } from './tasks.ts';

export type WorkerOptions = {
  /** How often the queues (events to hand on, webhook messages, mail) are looked at. */
  pollMs: number;
  /** How often readers gone quiet and timed-out audits are looked for. */
  sweepMs: number;
  /** How often due digests are looked for. */
  digestMs: number;
  /** How often the reads storage job runs (partitions ahead, legacy reads moved, retention). */
  readsMs: number;
  /** READS_RETENTION_DAYS. */
  readsRetentionDays: number;
  /** How often Dutchie stores due a background refresh are looked for (DUTCHIE_BACKGROUND_REFRESH_SECONDS). */
  dutchieMs: number;
  /** How often timed counts whose end has passed are finished. */
  dueCountsMs: number;
  /** How often finished jobs, dispatched events and the webhook log past their period are deleted, and the periods. */
  retentionMs: number;
  retention: RetentionDays;
  /** The tasks this instance runs (all unless said: a test runs only what it is about). */
  tasks?: readonly TaskName[];
};

type Loop = {
  work: () => Promise<boolean>;
  everyMs: number;
  timer: NodeJS.Timeout | null;
  running: Promise<unknown> | null;
  /** Woken while running: it goes again at once when this run ends. */
  isWoken: boolean;
};

/**
 * The one scheduler of the background work: this instance's share of it. Everything it works on lives in PostgreSQL:
 * the queues are pg-boss's (events to hand on, webhook messages, e-mail: jobs/kinds.ts), fetched with SKIP LOCKED;
 * the periodic tasks run under an advisory lock (jobs/locks.ts) or are idempotent. So any number of instances can run
 * one, and whatever one did not finish (a restart) another takes up. A loop that found work goes again at once; one
 * that found none waits for its interval.
 */
export class JobScheduler {
  readonly #loops = new Map<TaskName, Loop>();
  #isStopped = false;

  constructor(
    private readonly deps: DeliveryDeps &
      MailJobDeps & { clock: AuditClock; dutchie: DutchieContext; ingest: IngestDeps },
    private readonly opts: WorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#declare();
  }

  /** Starts the timers of this instance's tasks (all, or WorkerOptions.tasks). */
  start(): void {
    for (const [name, loop] of this.#loops) {
      if (this.opts.tasks && !this.opts.tasks.includes(name)) continue;
      loop.timer = setTimeout(() => this.#run(name, loop), Math.min(loop.everyMs, 50));
      loop.timer.unref();
    }
  }

  /** Every task and its work, declared once (the constructor); start() runs them, drain() one of them now. */
  #declare(): void {
    const d = this.deps;
    // Events handed on queue webhook messages and e-mails: this instance's senders look at once, not a poll later.
    this.#loop('dispatch', this.opts.pollMs, async () => {
      const handedOn = await dispatchEvents(d);
      if (handedOn > 0) for (const next of ['webhooks', 'alert-mail'] as const) this.#wake(next);
      return handedOn > 0;
    });
    this.#loop('webhooks', this.opts.pollMs, async () => (await deliverDue(d)) > 0);
    this.#loop('alert-mail', this.opts.pollMs, async () => (await sendDueMail(d, 'alert-mail')) > 0);
    this.#loop('account-mail', this.opts.pollMs, async () => (await sendDueMail(d, 'account-mail')) > 0);
    this.#loop('sweeps', this.opts.sweepMs, async () => {
      await recordOfflineDevices(d.db);
      d.metrics?.auditsFailed.inc(await recordTimedOutAudits(d.db, d.clock));
      await recordOverdueCounts(d.db, new Date());
      return false;
    });
    // Timed counts (a fixed reader's) finish when their end has passed: on the next read of them, and here; the
    // finished ones free their readers for the planned counts due.
    this.#loop('due-counts', this.opts.dueCountsMs, async () => {
      await finishDueAudits(d.ingest, null);
      // Then the fixed readers' planned counts that are due start (count-plans/planned-readers.ts), once each.
      await startPlannedReaderCounts(d.ingest, new Date());
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
    this.#loop('retention', this.opts.retentionMs, async () => {
      const deleted = await deleteExpired(d.db, this.opts.retention);
      if (Object.values(deleted).some((n) => n > 0))
        this.log.info({ deleted }, 'finished work past retention deleted');
      return false;
    });
  }

  /** Stops taking new work and waits for what is in hand (the app's onClose, before the database closes). */
  async stop(): Promise<void> {
    this.#isStopped = true;
    const loops = [...this.#loops.values()];
    for (const loop of loops) if (loop.timer) clearTimeout(loop.timer);
    await Promise.allSettled(loops.map((l) => l.running));
  }

  /**
   * Runs a task now until it finds no more work (after what it has in hand): tests, and the demo's seed, which
   * wait for the mail they caused. Works whether or not the scheduler was started.
   */
  async drain(name: TaskName): Promise<void> {
    const loop = this.#loops.get(name) as Loop;
    for (;;) {
      await loop.running;
      if (await loop.work()) continue;
      // Nothing left to claim: but the scheduler's own run may have claimed some meanwhile (SKIP LOCKED), and is
      // waited for too, so what the caller caused has been sent, not just claimed, when this returns.
      if (!loop.running) return;
    }
  }

  #loop(name: TaskName, everyMs: number, work: () => Promise<boolean>) {
    this.#loops.set(name, { work, everyMs, timer: null, running: null, isWoken: false });
  }

  /**
   * A started task runs at once rather than at its next interval (work was just queued for it here); one running now
   * goes again when it ends. Other instances find the work at their next look, as before.
   */
  #wake(name: TaskName) {
    const loop = this.#loops.get(name) as Loop;
    if (this.#isStopped) return;
    if (loop.running) {
      loop.isWoken = true;
      return;
    }
    if (!loop.timer) return; // not started on this instance (WorkerOptions.tasks), or drained by hand
    clearTimeout(loop.timer);
    loop.timer = setTimeout(() => this.#run(name, loop), 0);
    loop.timer.unref();
  }

  async #run(name: TaskName, loop: Loop) {
    loop.timer = null;
    if (this.#isStopped) return;
    let again = false;
    loop.isWoken = false;
    loop.running = loop.work().then(
      (more) => {
        again = more;
      },
      (err) => this.log.error({ err, task: name }, 'background work failed'),
    );
    await loop.running;
    loop.running = null;
    if (this.#isStopped) return;
    loop.timer = setTimeout(() => this.#run(name, loop), again || loop.isWoken ? 0 : loop.everyMs);
    loop.timer.unref();
  }
}
