import type { TagDecoder, TTagRead } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import { storedHex } from '../../lib/stored-hex.ts';
import { type PendingSighting, upsertSightings } from './sightings.repo.ts';

/**
 * Where each tag was last seen, written after the answer (issue 52: sightings may not slow the fixed readers' ingest
 * by more than 10 %). A post's tags are merged into this instance's pending rows (one per tag, its latest read) and
 * written together about once a second, in one statement per 5,000 tags, off the request. A tag this instance wrote
 * less than a minute ago at the same reader and antenna is not written again (a fixed reader sees the same tags post
 * after post): its place is right, and its last-seen time is renewed once a minute. A tag at another reader or
 * antenna is written at the next write, within a second. docs/zones.md says what a stop can lose and why that is
 * acceptable: the pending rows of the last second on a crash; nothing on a graceful stop (the app's close writes them).
 */
/** A tag read as ingest stores it (its ReadInput), with the fixed reader's antenna port when it sent one. */
export type SightingRead = TTagRead & { antenna?: number | null };

export type SightingsWriterOptions = {
  /** How long a post's tags wait to be written with the others (ms). */
  flushMs?: number;
  /** A tag written at the same reader and antenna this recently is not written again (ms). */
  renewMs?: number;
  /** Pending tags at which a post waits for them to be written (bounds the memory when the database is slow). */
  maxPending?: number;
  /** Tags remembered as written (then forgotten all at once, as the tag decoder does). */
  maxRemembered?: number;
  /** The clock of the renewal (tests move it). */
  now?: () => number;
  /** Told when a write fails (the rows stay pending and are tried again). */
  onError?: (error: unknown) => void;
};

/** What this instance last wrote for a tag: reader, antenna, and when (its clock, ms). */
type Written = { deviceId: number; antenna: number | null; at: number };

const CHUNK = 5000;

export class SightingsWriter {
  private pending = new Map<string, PendingSighting>();
  private written = new Map<string, Written>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private readonly flushMs: number;
  private readonly renewMs: number;
  private readonly maxPending: number;
  private readonly maxRemembered: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly tags: TagDecoder,
    private readonly options: SightingsWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 1000;
    this.renewMs = options.renewMs ?? 60_000;
    this.maxPending = options.maxPending ?? 50_000;
    this.maxRemembered = options.maxRemembered ?? 200_000;
    this.now = options.now ?? Date.now;
  }

  /** How many tags wait to be written. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * A fixed reader's post: each tag at its latest read (a tag read on three antennas: the last read wins; a read
   * timed before the one kept does not replace it). Resolves at once, unless the pending rows are full: then once
   * they are written (a slow database slows the readers' posts rather than filling the memory).
   */
  record(device: DeviceContext, reads: SightingRead[]): Promise<void> | undefined {
    if (reads.length === 0) return undefined;
    // Each tag once per post, at its latest read: a fixed reader reports a tag on every antenna that saw it, and the
    // renewal below is judged on where the post leaves the tag, not on each of its reads (a tag read on antennas 1, 2
    // and 3 post after post is at antenna 3 every time, and not written again within the minute).
    const latest = new Map<string, SightingRead>();
    for (const r of reads) {
      const key = `${device.companyId}/${storedHex(r.epc)}/${r.tid === null ? '' : storedHex(r.tid)}`;
      const before = latest.get(key);
      if (before && r.seen_at !== null && before.seen_at !== null && r.seen_at < before.seen_at) continue;
      latest.set(key, r);
    }
    const now = this.now();
    let receivedAt: string | null = null;
    for (const [key, r] of latest) {
      const antenna = r.antenna ?? null;
      const before = this.pending.get(key);
      if (before) {
        if (r.seen_at !== null && before.seenAt !== null && r.seen_at < before.seenAt) continue;
      } else {
        const last = this.written.get(key);
        if (
          last !== undefined &&
          last.deviceId === device.deviceId &&
          last.antenna === antenna &&
          now - last.at < this.renewMs
        )
          continue;
      }
      // A read with no time of its own was seen when it arrived.
      if (r.seen_at === null && receivedAt === null) receivedAt = new Date(now).toISOString();
      const seenAt = r.seen_at ?? (receivedAt as string);
      this.pending.set(key, {
        key,
        companyId: device.companyId,
        deviceId: device.deviceId,
        epc: storedHex(r.epc),
        tid: r.tid === null ? '' : storedHex(r.tid),
        gtin: before ? before.gtin : this.tags.decode(r.epc).gtin,
        rssi: r.rssi,
        antenna,
        seenAt,
      });
      if (this.written.size >= this.maxRemembered) this.written.clear();
      this.written.set(key, { deviceId: device.deviceId, antenna, at: now });
    }
    if (this.pending.size === 0) return undefined;
    if (this.pending.size >= this.maxPending) return this.flush();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs).unref();
    return undefined;
  }

  /**
   * Writes every pending tag now (after a write already under way). A failed write keeps its rows pending (a newer
   * read of a tag that arrived meanwhile wins) and is tried again a second later.
   */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    // One order of keys for every instance: two writes of the same tags lock their rows alike (no deadlock).
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.writing = (async () => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        try {
          await upsertSightings(this.db, chunk);
        } catch (error) {
          this.options.onError?.(error);
          for (const row of rows.slice(i)) {
            const newer = this.pending.get(row.key);
            if (!newer) this.pending.set(row.key, row);
          }
          this.timer ??= setTimeout(() => {
            this.timer = null;
            void this.flush();
          }, this.flushMs).unref();
          return;
        }
      }
    })();
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
  }

  /** Forgets what was written (an antenna's place changed: the next sighting of every tag is written). */
  forgetWritten(): void {
    this.written.clear();
  }
}
