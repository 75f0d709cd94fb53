import {
  COUNT_BATCH_MS,
  COUNT_BATCH_READS,
  decodeEpc,
  decodeTag,
  READER_MESSAGES,
  type TAudit,
  type TCountSheet,
  type TCountSheetItem,
} from '@quantics/contracts';
import { isRetryable, ReaderError, readerCall } from '../api/reader-client';
import {
  deleteBatch,
  deleteCount,
  loadCount,
  type StoredBatch,
  type StoredCount,
  type StoredRead,
  saveBatch,
  saveCount,
} from './count-store';

export type ReadKind = 'found' | 'misplaced' | 'unknown' | 'ignored';
export type LastRead = {
  id: number;
  kind: ReadKind;
  epc: string | null;
  title: string;
  detail: string;
  times: number;
};

/** What the screen shows, rebuilt after every change (a stable object between changes, for useSyncExternalStore). */
export type CountView = {
  found: number;
  expected: number;
  misplaced: number;
  unknown: number;
  ignored: number;
  reads: number;
  last: LastRead[];
  /** Reads taken but not yet answered by the server (waiting in the batch being filled or in IndexedDB). */
  unsent: number;
  isOffline: boolean;
  problem: { kind: 'device-removed' | 'audit-closed'; message: string } | null;
};

const LAST_SHOWN = 8;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 10_000;

/** A v4 UUID; crypto.randomUUID needs a secure context, and a handheld may reach the portal over plain HTTP. */
function uuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type StartInput = {
  key: string;
  token: string;
  deviceId: number;
  locationId: number | null;
  room: string | null;
  name: string | null;
  scopeLabel: string;
  isBlind: boolean;
};

/**
 * One count in progress: takes the EPCs the capture field parsed, keeps the live figures by the sheet (the same
 * rules reconciliation applies), and sends the reads through the reader protocol in numbered batches, every half
 * second or every 500 reads. Each batch is written to IndexedDB before it is sent and deleted once answered, and is
 * resent with the same batch_seq until it is; finishing sends what is left and completes the audit.
 */
export class CountSession {
  private readonly items: Map<string, TCountSheetItem>;
  /** Products by GTIN: a GS1 SGTIN read counts for the product with its GTIN, as reconciliation counts it. */
  private readonly byGtin: Map<string, TCountSheetItem>;
  private readonly seen: Set<string>;
  private found = 0;
  private misplaced = 0;
  private unknown = 0;
  private last: LastRead[] = [];
  private nextId = 0;
  private buffer = new Map<string, StoredRead>();
  private bufferedReads = 0;
  private readonly queue: StoredBatch[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  private isPumping = false;
  private isOffline = false;
  private problem: CountView['problem'] = null;
  private retryDelay = RETRY_MIN_MS;
  private wake: (() => void) | undefined;
  private isStopped = false;
  private readonly listeners = new Set<() => void>();
  private view: CountView;

  private constructor(
    readonly stored: StoredCount,
    private readonly token: string,
    batches: StoredBatch[],
  ) {
    this.items = new Map(stored.sheet.items.map((i) => [i.epc, i]));
    this.byGtin = new Map(stored.sheet.items.flatMap((i) => (i.gtin ? [[i.gtin, i] as const] : [])));
    this.seen = new Set();
    for (const epc of stored.seen) this.classify(epc);
    for (const epc of stored.seen.slice(-LAST_SHOWN)) this.pushLast(epc);
    this.queue = batches;
    this.view = this.buildView();
  }

  /** Starts the audit (the reader protocol's start, then its sheet) and keeps it in IndexedDB. */
  static async start(input: StartInput): Promise<CountSession> {
    const clientAuditId = uuid();
    const started = await readerCall<{ audit_id: number }>(input.token, '/api/rfid/audits', {
      method: 'POST',
      body: {
        client_audit_id: clientAuditId,
        ...(input.name && { name: input.name }),
        ...(input.locationId !== null && { location_id: input.locationId }),
        ...(input.room !== null && { room: input.room }),
        ...(input.isBlind && { audit_type: 'Blind count' }),
      },
    });
    const sheet = await readerCall<TCountSheet>(input.token, `/api/rfid/audits/${started.audit_id}/sheet`);
    const stored: StoredCount = {
      key: input.key,
      deviceId: input.deviceId,
      clientAuditId,
      auditId: started.audit_id,
      name: input.name,
      scopeLabel: input.scopeLabel,
      isBlind: input.isBlind,
      startedAt: Date.now(),
      nextSeq: 0,
      sheet,
      seen: [],
      readsCount: 0,
      ignoredCount: 0,
    };
    await saveCount(stored);
    return new CountSession(stored, input.token, []);
  }

  /** The count this person left open on this browser (a reload, the phone restarting), batches and all. */
  static async resume(key: string, token: string): Promise<CountSession | null> {
    const found = await loadCount(key);
    if (!found) return null;
    const session = new CountSession(found.count, token, found.batches);
    void session.pump();
    return session;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getView = () => this.view;

  /** Reads typed into the capture field: EPCs to count and send, and pieces that were not an EPC. */
  take(epcs: string[], ignored: string[]) {
    if (this.isStopped || (epcs.length === 0 && ignored.length === 0)) return;
    const at = new Date().toISOString();
    for (const epc of epcs) {
      this.stored.readsCount++;
      const held = this.buffer.get(epc);
      if (held) {
        held.count++;
        held.seen_at = at;
      } else this.buffer.set(epc, { epc, count: 1, seen_at: at });
      if (!this.seen.has(epc)) {
        this.stored.seen.push(epc);
        this.classify(epc);
      }
      this.pushLast(epc);
    }
    for (const text of ignored) {
      this.stored.ignoredCount++;
      this.addLast({ kind: 'ignored', epc: null, title: 'Ignored: not an EPC', detail: text });
    }
    this.bufferedReads += epcs.length;
    if (this.bufferedReads >= COUNT_BATCH_READS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), COUNT_BATCH_MS);
    this.emit();
  }

  /** Closes the batch being filled: into IndexedDB first, then off to the server. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot: StoredCount = { ...this.stored, seen: this.stored.seen.slice() };
    if (this.buffer.size === 0) {
      this.saving = this.saving.then(() => saveCount(snapshot));
      return this.saving;
    }
    const batch: StoredBatch = {
      key: this.stored.key,
      seq: this.stored.nextSeq++,
      reads: [...this.buffer.values()],
    };
    snapshot.nextSeq = this.stored.nextSeq;
    this.buffer = new Map();
    this.bufferedReads = 0;
    this.saving = this.saving.then(async () => {
      await saveBatch(snapshot, batch);
      this.queue.push(batch);
      void this.pump();
    });
    return this.saving;
  }

  /** Sends finish: what is left, then completion; the audit with its results. Waits out a lost connection. */
  async finish(): Promise<TAudit> {
    await this.flush();
    while (this.queue.length > 0 || this.isPumping) {
      if (this.problem) throw new Error(this.problem.message);
      await new Promise<void>((resolve) => {
        const off = this.subscribe(() => {
          off();
          resolve();
        });
      });
    }
    if (this.problem) throw new Error(this.problem.message);
    const audit = await readerCall<TAudit>(this.token, `/api/rfid/audits/${this.stored.auditId}/complete`, {
      method: 'POST',
      body: { batch_count: this.stored.nextSeq },
    });
    this.stop();
    await deleteCount(this.stored.key);
    return audit;
  }

  /** Gives the count up on this browser (the audit cannot go on): its local data goes. */
  async discard() {
    this.stop();
    await deleteCount(this.stored.key);
  }

  /** The connection is back (the browser says so): try the waiting batches now. */
  retryNow() {
    this.retryDelay = RETRY_MIN_MS;
    this.wake?.();
  }

  stop() {
    this.isStopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.wake?.();
  }

  private async pump() {
    if (this.isPumping) return;
    this.isPumping = true;
    try {
      while (this.queue.length > 0 && !this.problem && !this.isStopped) {
        const batch = this.queue[0] as StoredBatch;
        try {
          await readerCall(this.token, `/api/rfid/audits/${this.stored.auditId}/reads`, {
            method: 'POST',
            body: { batch_seq: batch.seq, reads: batch.reads },
          });
          this.queue.shift();
          await deleteBatch(batch.key, batch.seq);
          this.isOffline = false;
          this.retryDelay = RETRY_MIN_MS;
          this.emit();
        } catch (err) {
          if (isRetryable(err)) {
            this.isOffline = true;
            this.emit();
            await this.pause(this.retryDelay);
            this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
          } else this.fail(err);
        }
      }
    } finally {
      this.isPumping = false;
      this.emit();
    }
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
    this.problem =
      status === 401
        ? { kind: 'device-removed', message: READER_MESSAGES.deviceTokenRequired }
        : { kind: 'audit-closed', message };
    this.emit();
  }

  /** The product a tag is: the one carrying this EPC, else (a GS1 SGTIN) the one with its GTIN. */
  private itemOf(epc: string): TCountSheetItem | undefined {
    const item = this.items.get(epc);
    if (item || this.byGtin.size === 0) return item;
    const { gtin } = decodeTag(epc);
    return gtin ? this.byGtin.get(gtin) : undefined;
  }

  private classify(epc: string) {
    this.seen.add(epc);
    const item = this.itemOf(epc);
    if (!item) this.unknown++;
    else if (item.in_scope) this.found++;
    else this.misplaced++;
  }

  private pushLast(epc: string) {
    const top = this.last[0];
    if (top && top.epc === epc) {
      this.last = [{ ...top, times: top.times + 1 }, ...this.last.slice(1)];
      return;
    }
    const item = this.itemOf(epc);
    const gs1 = item ? null : decodeTag(epc).text;
    const text = item || gs1 ? null : decodeEpc(epc);
    this.addLast({
      kind: !item ? 'unknown' : item.in_scope ? 'found' : 'misplaced',
      epc,
      title: item ? item.name : 'Unknown tag',
      detail: item ? `SKU ${item.sku}` : (gs1 ?? (text ? `Reads as “${text}”` : epc)),
    });
  }

  private addLast(entry: Omit<LastRead, 'id' | 'times'>) {
    this.last = [{ ...entry, id: this.nextId++, times: 1 }, ...this.last].slice(0, LAST_SHOWN);
  }

  private buildView(): CountView {
    const waiting = this.queue.reduce((n, b) => n + b.reads.reduce((m, r) => m + r.count, 0), 0);
    return {
      found: this.found,
      expected: this.stored.sheet.tags_expected,
      misplaced: this.misplaced,
      unknown: this.unknown,
      ignored: this.stored.ignoredCount,
      reads: this.stored.readsCount,
      last: this.last,
      unsent: waiting + this.bufferedReads,
      isOffline: this.isOffline,
      problem: this.problem,
    };
  }

  private emit() {
    this.view = this.buildView();
    for (const l of [...this.listeners]) l();
  }
}
