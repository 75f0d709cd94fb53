import { PRINT_MESSAGES, type TServerMessage, type TServerPrint } from '@quantics/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.ts';
import * as repo from './print.repo.ts';

export type PrintOutcome = { ok: boolean; printed: number; error: string | null };

/** A utility connected to this instance, with the jobs it was sent and has not answered yet. */
export type AgentConnection = { agentId: number; socket: WebSocket; pending: Set<number> };

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
        const data = JSON.parse(message);
        if (channel === this.#deliver) this.#deliverLocal(data.agentId, data.job);
        if (channel === this.#done) this.#waiters.get(data.jobId)?.(data.outcome);
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
  attach(agentId: number, socket: WebSocket): AgentConnection {
    const old = this.#connections.get(agentId);
    if (old && old.socket !== socket) old.socket.close(4000, 'Replaced by a newer connection');
    const conn: AgentConnection = { agentId, socket, pending: new Set() };
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
        this.settle(jobId, { ok: false, printed: 0, error: PRINT_MESSAGES.utilityGone }),
      ),
    );
  }

  /** An acknowledgement from a connection; a job this connection was never sent is ignored. */
  async acknowledge(conn: AgentConnection, jobId: number, outcome: PrintOutcome): Promise<void> {
    if (!conn.pending.delete(jobId)) return;
    await this.settle(jobId, outcome);
  }

  /** Ends the job's row (first outcome wins) and wakes its request, here or on another instance. */
  async settle(jobId: number, outcome: PrintOutcome): Promise<void> {
    const isFirst = await repo.finishJob(this.db, jobId, outcome.ok, outcome.error);
    if (!isFirst) return;
    const waiter = this.#waiters.get(jobId);
    if (waiter) waiter(outcome);
    else await this.redis?.publish(this.#done, JSON.stringify({ jobId, outcome }));
  }

  /** Sends the job to its utility, wherever it is connected, and waits for the outcome or the timeout. */
  async dispatch(agentId: number, job: TServerPrint, timeoutMs: number): Promise<PrintOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const outcome = new Promise<PrintOutcome>((resolve) => {
      this.#waiters.set(job.jobId, resolve);
      timer = setTimeout(
        () => resolve({ ok: false, printed: 0, error: PRINT_MESSAGES.utilityTimeout }),
        timeoutMs,
      );
    });
    try {
      if (!this.#deliverLocal(agentId, job)) {
        if (this.redis) await this.redis.publish(this.#deliver, JSON.stringify({ agentId, job }));
        else
          await this.settle(job.jobId, { ok: false, printed: 0, error: PRINT_MESSAGES.serverNotConnected });
      }
      const result = await outcome;
      if (!result.ok && result.error === PRINT_MESSAGES.utilityTimeout) {
        await repo.finishJob(this.db, job.jobId, false, result.error);
      }
      return result;
    } finally {
      clearTimeout(timer);
      this.#waiters.delete(job.jobId);
    }
  }

  #deliverLocal(agentId: number, job: TServerPrint): boolean {
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
