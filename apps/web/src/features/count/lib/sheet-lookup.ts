import { COUNT_LOOKUP_CODES, COUNT_LOOKUP_MS, type TCountSheetItem } from '@quantics/contracts';
import type { LookupKey } from './count-tally';

const RETRY_MS = 5000;

/** One call of the sheet's lookup: the tags and codes of a batch; the items they could match. */
export type AskLookup = (read: { epcs: string[]; codes: string[] }) => Promise<TCountSheetItem[]>;

/**
 * The names of what a count read, asked in batches: a new tag or code waits at most COUNT_LOOKUP_MS (or until
 * COUNT_LOOKUP_CODES are waiting) and goes with the others in one call of the sheet's lookup, one call at a time.
 * What has been asked once is never asked again (the count keeps the answers, in memory and in IndexedDB). With no
 * connection the batch waits and is asked again (every few seconds, or at once when the browser is back online);
 * an answer that retrying cannot change (a refusal) names its keys as matching nothing, so nothing waits forever.
 */
export class SheetLookup {
  private readonly queue: LookupKey[] = [];
  private readonly queued = new Set<LookupKey>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isAsking = false;
  private isStopped = false;
  /** The last call failed for want of a connection: the next waits for retryNow or RETRY_MS. */
  isOffline = false;

  constructor(
    private readonly opts: {
      /** Null while the count is not yet created on the server (started offline): nothing is asked until then. */
      ask: AskLookup | null;
      isNamed: (key: LookupKey) => boolean;
      onNamed: (keys: LookupKey[], items: TCountSheetItem[]) => void;
      isRetryable: (err: unknown) => boolean;
      /** A call failed for want of a connection (what waits for a name stops waiting for it: see CountSession). */
      onOffline?: () => void;
    },
  ) {}

  /** The count is created on the server: its lookup may be asked now. */
  setAsk(ask: AskLookup) {
    this.opts.ask = ask;
    this.schedule(0);
  }

  /** Read: asked with the next batch unless already named or on its way. */
  want(key: LookupKey) {
    if (this.isStopped || this.queued.has(key) || this.opts.isNamed(key)) return;
    this.queued.add(key);
    this.queue.push(key);
    this.schedule(this.queue.length >= COUNT_LOOKUP_CODES ? 0 : COUNT_LOOKUP_MS);
  }

  /** Whether a name asked now would come soon: the count exists on the server and the last call had an answer. */
  get canAsk() {
    return this.opts.ask !== null && !this.isOffline;
  }

  /** Keys read and not answered yet. */
  get waiting() {
    return this.queue.length;
  }

  /** Ask now (the connection is back; a scan waits for its name before it asks for a quantity). */
  retryNow() {
    if (this.queue.length > 0) this.schedule(0, true);
  }

  stop() {
    this.isStopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number, isSooner = false) {
    if (this.isStopped || this.isAsking || this.queue.length === 0 || !this.opts.ask) return;
    if (this.timer !== undefined) {
      if (ms > 0 && !isSooner) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.askNext();
    }, ms);
  }

  /** One batch: the oldest COUNT_LOOKUP_CODES keys waiting. */
  private async askNext() {
    const ask = this.opts.ask;
    if (this.isStopped || this.isAsking || !ask || this.queue.length === 0) return;
    this.isAsking = true;
    const keys = this.queue.slice(0, COUNT_LOOKUP_CODES);
    const epcs: string[] = [];
    const codes: string[] = [];
    for (const k of keys) (k.startsWith('epc:') ? epcs : codes).push(k.slice(k.indexOf(':') + 1));
    let items: TCountSheetItem[] | null = null;
    try {
      items = await ask({ epcs, codes });
      this.isOffline = false;
    } catch (err) {
      if (this.opts.isRetryable(err)) this.isOffline = true;
      else items = [];
    }
    this.isAsking = false;
    if (this.isStopped) return;
    if (items === null) {
      this.opts.onOffline?.();
      this.schedule(RETRY_MS);
      return;
    }
    this.queue.splice(0, keys.length);
    for (const k of keys) this.queued.delete(k);
    this.opts.onNamed(keys, items);
    this.schedule(this.queue.length >= COUNT_LOOKUP_CODES ? 0 : COUNT_LOOKUP_MS);
  }
}
