import { READER_MESSAGES } from '@quantics/contracts';
import { isRetryable, ReaderError } from '../api/reader-client';
import { askBackgroundSync, sendBatch } from './count-sender';
import { isCodeRead, type StoredBatch, type StoredCount, saveBatch, saveCount } from './count-store';

export type OutboxProblem = {
  kind: 'device-removed' | 'audit-closed';
  message: string;
  /** A count started offline that the portal refused because this reader is in another open count: that count. */
  openAuditId?: number;
};

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 10_000;

/**
 * A count's batches on their way to the portal: each is written to IndexedDB (with the count's progress, in one
 * transaction) before it is sent, deleted once answered, and resent with the same batch_seq until it is, waiting
 * longer after each failure (1 s doubling to 10 s) while there is no connection. A refusal that retrying cannot fix
 * (the device removed, the audit closed) stops it: `problem`. Batches are sent by the sender the service worker
 * shares (count-sender.ts): with no connection, Background Sync is asked for, so what is kept is sent once the
 * connection is back even if this page is closed by then.
 */
export class BatchOutbox {
  isOffline = false;
  problem: OutboxProblem | null = null;
  private isPumping = false;
  private saving: Promise<void> = Promise.resolve();
  private retryDelay = RETRY_MIN_MS;
  private wake: (() => void) | undefined;
  private isStopped = false;
  private readonly waiters = new Set<() => void>();

  /**
   * `auditId` null: the count was started with no connection; `connect` creates it on the server (the reader
   * protocol's start, with the count's client id, so a retry is the same audit) before any batch is sent.
   */
  constructor(
    private readonly token: string,
    private auditId: number | null,
    private readonly queue: StoredBatch[],
    private readonly onChange: () => void,
    private readonly connect: () => Promise<number> = () => Promise.reject(new Error('No audit to send to')),
  ) {}

  /** Whether the audit exists on the server yet (a count started offline: not until the connection is back). */
  get isStartedOnServer() {
    return this.auditId !== null;
  }

  /** Reads in batches not yet answered (a tag read counts its repeats; a scan is one). */
  waitingReads(): number {
    return this.queue.reduce((n, b) => n + b.reads.reduce((m, r) => m + (isCodeRead(r) ? 1 : r.count), 0), 0);
  }

  /** The count's progress alone (no reads waiting): after what is being saved already. */
  save(snapshot: StoredCount): Promise<void> {
    this.saving = this.saving.then(() => saveCount(snapshot));
    return this.saving;
  }

  /** A new batch: kept first, with the count's progress, then sent. */
  send(snapshot: StoredCount, batch: StoredBatch): Promise<void> {
    this.saving = this.saving.then(async () => {
      await saveBatch(snapshot, batch);
      this.queue.push(batch);
      void this.pump();
    });
    return this.saving;
  }

  /** Resolves once every batch is answered; throws the problem that stopped it. */
  async drain(): Promise<void> {
    await this.saving;
    if (this.auditId === null) void this.pump();
    while (this.queue.length > 0 || this.isPumping || this.auditId === null) {
      if (this.problem) throw new Error(this.problem.message);
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
    if (this.problem) throw new Error(this.problem.message);
  }

  /** The connection is back (the browser says so): try the waiting batches now. */
  retryNow() {
    this.retryDelay = RETRY_MIN_MS;
    this.wake?.();
  }

  stop() {
    this.isStopped = true;
    this.wake?.();
  }

  async pump() {
    if (this.isPumping) return;
    this.isPumping = true;
    try {
      while ((this.queue.length > 0 || this.auditId === null) && !this.problem && !this.isStopped) {
        try {
          if (this.auditId === null) {
            this.auditId = await this.connect();
            this.isOffline = false;
            this.changed();
            continue;
          }
          const batch = this.queue[0] as StoredBatch;
          // Sent and deleted (or found sent already by the service worker).
          await sendBatch(this.token, this.auditId, batch);
          this.queue.shift();
          this.isOffline = false;
          this.retryDelay = RETRY_MIN_MS;
          this.changed();
        } catch (err) {
          if (isRetryable(err)) await this.waitToRetry();
          else this.fail(err);
        }
      }
    } finally {
      this.isPumping = false;
      this.changed();
    }
  }

  /** A call made until it is answered (no connection: retried as batches are); a refusal is thrown. */
  async untilAnswered<T>(call: () => Promise<T>): Promise<T> {
    for (;;) {
      if (this.isStopped) throw new Error('The count was closed');
      try {
        const answer = await call();
        this.isOffline = false;
        this.retryDelay = RETRY_MIN_MS;
        this.changed();
        return answer;
      } catch (err) {
        if (!isRetryable(err)) throw err;
        await this.waitToRetry();
      }
    }
  }

  private async waitToRetry() {
    if (!this.isOffline) void askBackgroundSync();
    this.isOffline = true;
    this.changed();
    // The next wait is set before this one: retryNow() during the wait starts again at 1 s.
    const delay = this.retryDelay;
    this.retryDelay = Math.min(delay * 2, RETRY_MAX_MS);
    await this.pause(delay);
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }

  private fail(err: unknown) {
    const status = err instanceof ReaderError ? err.status : 0;
    const message = err instanceof Error ? err.message : String(err);
    const open = err instanceof ReaderError ? err.body?.open_audit_id : undefined;
    this.problem =
      status === 401
        ? { kind: 'device-removed', message: READER_MESSAGES.deviceTokenRequired }
        : { kind: 'audit-closed', message, ...(typeof open === 'number' && { openAuditId: open }) };
    this.changed();
  }

  private changed() {
    for (const w of [...this.waiters]) w();
    this.waiters.clear();
    this.onChange();
  }
}
