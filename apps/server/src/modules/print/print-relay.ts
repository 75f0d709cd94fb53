import { PRINT_MESSAGES, type TServerJob, type TServerMessage, ZServerJob } from '@quantics/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AgentKey } from './print.repo.ts';
import * as repo from './print.repo.ts';

/** Why a job failed: the printer said so (the utility's error), no answer in time, or no utility to answer. */
const PRINT_FAILURES = ['printer', 'timeout', 'utility_gone', 'not_connected'] as const;
export type PrintFailure = (typeof PRINT_FAILURES)[number];

const ZPrintOutcome = z.object({
  ok: z.boolean(),
  printed: z.number().int().min(0),
  error: z.string().nullable(),
  failure: z.enum(PRINT_FAILURES).nullable(),
});
export type PrintOutcome = z.infer<typeof ZPrintOutcome>;

const failed = (failure: PrintFailure, error: string): PrintOutcome => ({
  ok: false,
  printed: 0,
  error,
  failure,
});

/** What instances tell each other over Redis, read as carefully as anything from outside. */
const ZDeliver = z.object({ agentId: z.number().int(), job: ZServerJob });
const ZDone = z.object({ jobId: z.number().int(), outcome: ZPrintOutcome });

/** A utility connected to this instance, with the jobs it was sent and has not answered yet. */
export type AgentConnection = AgentKey & { socket: WebSocket; pending: Set<number> };

/**
 * Carries print jobs to utilities and their answers back to the waiting request. A utility is connected to one
 * instance; the request may arrive at another. With Redis, a job for a utility that is not here is published and
 * the instance holding it sends it; the answer comes back the same way. Without Redis there is one instance, and
 * a utility that is not here is not connected.
 *
 * The job's row is ended (repo.finishJob, once) by whoever learns the outcome first: the acknowledgement, the
 * utility hanging up, or the request's timeout.
 */
export class PrintRelay {
  readonly #connections = new Map<number, AgentConnection>();
  readonly #waiters = new Map<number, (outcome: PrintOutcome) => void>();
  #subscriber: Redis | null = null;
  readonly #deliver: string;
  readonly #done: string;

  constructor(
    private readonly db: Db,
    private readonly redis: Redis | null,
    private readonly log: FastifyBaseLogger,
    namespace = '',
    /** Told of each print job's result ('printed' or its failure): the metrics' print jobs. */
    private readonly onResult: (result: string) => void = () => {},
  ) {
    this.#deliver = `quantics:print:${namespace}:deliver`;
    this.#done = `quantics:print:${namespace}:done`;
  }

  async start(): Promise<void> {
    if (!this.redis) return;
    const sub = this.redis.duplicate();
    this.#subscriber = sub;
    // The main client already logs Redis outages; without a listener ioredis would print every retry.
    sub.on('error', () => {});
    sub.on('message', (channel: string, message: string) => {
      try {
        const data: unknown = JSON.parse(message);
        if (channel === this.#deliver) {
          const { agentId, job } = ZDeliver.parse(data);
          this.#deliverLocal(agentId, job);
        }
        if (channel === this.#done) {
          const { jobId, outcome } = ZDone.parse(data);
          this.#waiters.get(jobId)?.(outcome);
        }
      } catch (err) {
        this.log.warn({ err }, 'print relay: unreadable message');
      }
    });
    await sub.subscribe(this.#deliver, this.#done);
  }

  /**
   * Graceful shutdown: jobs already sent to a utility here get their acknowledgement first (so the print requests
   * waiting for them are answered with what really happened), up to `waitMs`; then every utility is told to
   * reconnect (1012, service restart) and comes back on another instance or this one restarted.
   */
  async stop(waitMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    const hasPending = () => [...this.#connections.values()].some((c) => c.pending.size > 0);
    while (hasPending() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const conn of this.#connections.values()) conn.socket.close(1012, 'Server restarting; reconnect');
    this.#subscriber?.disconnect();
  }

  /** A utility connected here; an older connection of the same utility on this instance is closed. */
  attach({ companyId, agentId }: AgentKey, socket: WebSocket): AgentConnection {
    const old = this.#connections.get(agentId);
    if (old && old.socket !== socket) old.socket.close(4000, 'Replaced by a newer connection');
    const conn: AgentConnection = { companyId, agentId, socket, pending: new Set() };
    this.#connections.set(agentId, conn);
    return conn;
  }

  /** The utility hung up: every job it had not answered fails now, so no request waits for nothing. */
  async detach(conn: AgentConnection): Promise<void> {
    if (this.#connections.get(conn.agentId) === conn) this.#connections.delete(conn.agentId);
    const pending = [...conn.pending];
    conn.pending.clear();
    await Promise.all(
      pending.map((jobId) =>
        this.settle(conn.companyId, jobId, failed('utility_gone', PRINT_MESSAGES.utilityGone)),
      ),
    );
  }

  /** An acknowledgement from a connection; a job this connection was never sent is ignored. */
  async acknowledge(conn: AgentConnection, jobId: number, outcome: PrintOutcome): Promise<void> {
    if (!conn.pending.delete(jobId)) return;
    await this.settle(conn.companyId, jobId, outcome);
  }

  /** Ends the job's row (first outcome wins) and wakes its request, here or on another instance. */
  async settle(companyId: number, jobId: number, outcome: PrintOutcome): Promise<void> {
    const isFirst = await repo.finishJob(this.db, companyId, jobId, outcome);
    if (!isFirst) return;
    const waiter = this.#waiters.get(jobId);
    if (waiter) waiter(outcome);
    else await this.redis?.publish(this.#done, JSON.stringify({ jobId, outcome }));
  }

  /** Sends the job to its utility, wherever it is connected, and waits for the outcome or the timeout. */
  async dispatch(
    { companyId, agentId }: AgentKey,
    job: TServerJob,
    timeoutMs: number,
  ): Promise<PrintOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const outcome = new Promise<PrintOutcome>((resolve) => {
      this.#waiters.set(job.jobId, resolve);
      timer = setTimeout(() => resolve(failed('timeout', PRINT_MESSAGES.utilityTimeout)), timeoutMs);
    });
    try {
      if (!this.#deliverLocal(agentId, job)) {
        if (this.redis) await this.redis.publish(this.#deliver, JSON.stringify({ agentId, job }));
        else
          await this.settle(companyId, job.jobId, failed('not_connected', PRINT_MESSAGES.serverNotConnected));
      }
      const result = await outcome;
      if (result.failure === 'timeout' && !(await repo.finishJob(this.db, companyId, job.jobId, result))) {
        // The utility's answer ended the job a moment before the timeout: the row holds it, and a failure there
        // is the utility's to report (502), not a missing answer (504).
        this.onResult('printer');
        return { ...result, failure: 'printer' };
      }
      this.onResult(result.ok ? 'printed' : (result.failure ?? 'failed'));
      return result;
    } finally {
      clearTimeout(timer);
      this.#waiters.delete(job.jobId);
    }
  }

  #deliverLocal(agentId: number, job: TServerJob): boolean {
    const conn = this.#connections.get(agentId);
    if (!conn || conn.socket.readyState !== conn.socket.OPEN) return false;
    conn.pending.add(job.jobId);
    send(conn.socket, job);
    return true;
  }
}

export function send(socket: WebSocket, message: TServerMessage): void {
  socket.send(JSON.stringify(message));
}
