import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database } from '../db/client.ts';
import type { DepsOfAll, JobKind, Sweep, WorkerOptions } from './define-job.ts';
import { JOB_KINDS } from './kinds.ts';
import { SWEEPS, type SweepDeps } from './sweeps.ts';

export type { WorkerOptions } from './define-job.ts';

/** Every task by name: each job kind's queue (jobs/kinds.ts) and each sweep (jobs/sweeps.ts). */
export type TaskName = (typeof JOB_KINDS)[number]['name'] | (typeof SWEEPS)[number]['name'];

/** What every kind's handler and every sweep need, and the database's session locks (the sweeps'). */
export type SchedulerDeps = DepsOfAll<typeof JOB_KINDS> &
  SweepDeps & { trySessionLock: Database['trySessionLock'] };

/** How long one run of a sweep works before it leaves the rest to its next run (which comes at once). */
export const SWEEP_BUDGET_MS = 5000;

/** Units a sweep's run takes at most (a full batch: it runs again at once). */
export const SWEEP_BATCH = 100;

type Loop = {
  work: () => Promise<boolean>;
  everyMs: number;
  timer: NodeJS.Timeout | null;
  running: Promise<unknown> | null;
  /** Woken while running: it goes again at once when this run ends. */
  isWoken: boolean;
};

/**
 * The one scheduler of the background work: this instance's share of it, every task derived from the declarations
 * (jobs/kinds.ts, jobs/sweeps.ts). Everything it works on lives in PostgreSQL: the job kinds' queues are pg-boss's,
 * fetched with SKIP LOCKED; each sweep runs under its advisory lock (db/advisory-locks.ts), held for the run. So any number
 * of instances can run one, and whatever one did not finish (a restart) another takes up. A loop that found work goes
 * again at once; one that found none waits for its interval.
 */
export class JobScheduler {
  readonly #loops = new Map<TaskName, Loop>();
  #isStopped = false;

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly opts: WorkerOptions,
    private readonly log: FastifyBaseLogger,
    /** Run once the loops have stopped: pg-boss's own stop (jobs/background.ts). */
    private readonly afterStop: () => Promise<void> = async () => {},
  ) {
    for (const kind of JOB_KINDS) this.#declareKind(kind as JobKind<SchedulerDeps>);
    for (const sweep of SWEEPS) this.#declareSweep(sweep as Sweep<SchedulerDeps>);
    const unknown = (opts.tasks ?? []).filter((t) => !this.#loops.has(t as TaskName));
    if (unknown.length > 0) throw new Error(`no such background task: ${unknown.join(', ')}`);
    // Every series exists from the start (at 0), labelled by the declarations' names: a scrape shows each kind and
    // sweep before it first moves, and nothing else.
    const m = deps.metrics;
    for (const result of ['success', 'failure'] as const) {
      for (const kind of JOB_KINDS) m?.jobAttempts.inc({ kind: kind.name, result }, 0);
      for (const sweep of SWEEPS) m?.sweepUnits.inc({ sweep: sweep.name, result }, 0);
    }
    for (const kind of JOB_KINDS) m?.jobsRequeued.inc({ kind: kind.name }, 0);
  }

  /** Every task's name, kinds first. */
  get tasks(): TaskName[] {
    return [...this.#loops.keys()];
  }

  /** Starts the timers of this instance's tasks (all, or WorkerOptions.tasks): each runs once at start. */
  start(): void {
    for (const [name, loop] of this.#loops) {
      if (this.opts.tasks && !this.opts.tasks.includes(name)) continue;
      loop.timer = setTimeout(() => this.#run(name, loop), Math.min(loop.everyMs, 50));
      loop.timer.unref();
    }
  }

  /** A kind's task: a claim of its jobs, then the kinds it queued work for are woken. */
  #declareKind(kind: JobKind<SchedulerDeps>) {
    this.#loop(kind.name as TaskName, kind.every(this.opts), async () => {
      const taken = await kind.handler(this.deps, kind);
      if (taken > 0) for (const next of kind.wakes ?? []) this.#wake(next as TaskName);
      return taken > 0;
    });
  }

  #declareSweep(sweep: Sweep<SchedulerDeps>) {
    this.#loop(sweep.name as TaskName, sweep.every(this.opts), () => this.#sweep(sweep));
  }

  /**
   * One run of a sweep, if no instance runs it now (its lock): up to SWEEP_BATCH units, each worked alone, until its
   * budget is spent. A unit that fails is logged and counted, and left for the next run; true when some are left.
   */
  async #sweep(sweep: Sweep<SchedulerDeps>): Promise<boolean> {
    const release = await this.deps.trySessionLock(ADVISORY_LOCKS[sweep.lock.key], sweep.lock.sub);
    if (!release) return false;
    const count = (result: 'success' | 'failure') =>
      this.deps.metrics?.sweepUnits.inc({ sweep: sweep.name, result });
    try {
      const now = new Date();
      const until = Date.now() + (sweep.budgetMs ?? SWEEP_BUDGET_MS);
      let units: unknown[];
      try {
        units = await sweep.due(this.deps, now, SWEEP_BATCH);
      } catch (err) {
        count('failure');
        this.log.error({ err, sweep: sweep.name }, 'sweep could not list its work');
        return false;
      }
      let isMore = units.length >= SWEEP_BATCH;
      let failed = 0;
      for (const unit of units) {
        if (Date.now() >= until) {
          isMore = true;
          break;
        }
        try {
          if ((await sweep.work(this.deps, unit, now)) === true) isMore = true;
          count('success');
        } catch (err) {
          failed++;
          count('failure');
          this.log.error({ err, sweep: sweep.name, ...sweep.describe(unit) }, 'sweep failed on one unit');
        }
      }
      // A unit that failed waits for the next interval rather than being retried in a loop.
      return isMore && failed === 0;
    } finally {
      await release();
    }
  }

  /** Stops taking new work and waits for what is in hand (the app's onClose, before the database closes). */
  async stop(): Promise<void> {
    this.#isStopped = true;
    const loops = [...this.#loops.values()];
    for (const loop of loops) if (loop.timer) clearTimeout(loop.timer);
    await Promise.allSettled(loops.map((l) => l.running));
    await this.afterStop();
  }

  /**
   * Runs a task now until it finds no more work (after what it has in hand): tests, and the demo's seed, which
   * wait for the mail they caused. Works whether or not the scheduler was started. A sweep another instance is
   * running now does nothing here.
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
    const loop = this.#loops.get(name);
    if (!loop || this.#isStopped) return;
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
