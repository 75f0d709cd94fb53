import { setTimeout as sleep } from 'node:timers/promises';
import { DUTCHIE_MESSAGES, type TDutchieSync, type TDutchieSyncState } from '@quantics/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DutchieConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './dutchie-cache.repo.ts';
import { DutchieError, type DutchieErrorKind } from './dutchie-client.ts';

/**
 * Dutchie answers are read through a cache row per company and question (dutchie_cache), so every server
 * instance serves the same snapshot and Dutchie is called at most once per refresh interval, within its rate
 * limits. When a refresh fails (429, 5xx, timeout) the last good answer is served with its age; with no answer
 * yet, the caller gets a clear error. Each instance also keeps the prepared form of recent answers in memory,
 * keyed by when they were fetched, so a list request costs one small status read.
 */

export type CachePolicy<T, P> = {
  /** Refresh once the answer is this old. */
  maxAgeMs: number;
  /** Refresh now if the last attempt is older than the minimum refresh interval (the Refresh button). */
  force?: boolean;
  /** Calls Dutchie and returns what to store (plain JSON). */
  fetch: () => Promise<T>;
  /** Turns the stored JSON into what requests use (indexes, sorted lists). */
  prepare: (stored: T) => P;
  /** Written in the same transaction as a new answer (see repo.saveSuccess). */
  onStore?: (tx: Db, stored: T, opts: { isFirst: boolean }) => Promise<void>;
};

export type Cached<P> = { value: P; sync: TDutchieSync; fetchedAt: Date };

/** How long to leave Dutchie alone after each kind of failure. */
const BACKOFF_MS: Record<string, number> = {
  rate_limited: 60_000,
  unavailable: 30_000,
  key_refused: 10 * 60_000,
  forbidden: 10 * 60_000,
};

const STATE_MESSAGES: Record<Exclude<TDutchieSyncState, 'ok'>, string> = {
  rate_limited: DUTCHIE_MESSAGES.rateLimited,
  unavailable: DUTCHIE_MESSAGES.unavailable,
  key_refused: DUTCHIE_MESSAGES.keyRefused,
  forbidden: DUTCHIE_MESSAGES.keyLacksPermission,
};

/** Prepared answers held per instance (a company's snapshot, sales, reports, product details). */
export const MEMORY_MAX = 200;
/** Cache rows whose status this instance remembers; product details make one row per product asked about. */
export const STATUS_SEEN_MAX = 2000;
/** How long a status read by this instance is trusted without reading it again. */
const STATUS_REUSE_MS = 2000;
const id = (k: repo.CacheKey) => `${k.companyId}|${k.kind}|${k.params}`;

function syncState(kind: string | null): TDutchieSyncState {
  if (kind === 'rate_limited' || kind === 'key_refused' || kind === 'forbidden') return kind;
  return 'unavailable';
}

/** '3 minutes', 'less than a minute', '2 hours', '4 days'. */
export function ageText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / 86_400), 'day');
}

export function describe(status: repo.CacheStatus | null, maxAgeMs: number, now: number): TDutchieSync {
  const fetchedAt = status?.fetchedAt?.getTime() ?? null;
  const failed =
    status?.errorKind && status.errorAt && (fetchedAt === null || status.errorAt.getTime() >= fetchedAt);
  const state: TDutchieSyncState = failed ? syncState(status?.errorKind ?? null) : 'ok';
  const age = fetchedAt === null ? null : Math.max(0, Math.floor((now - fetchedAt) / 1000));
  let message: string | null = null;
  if (state !== 'ok') {
    message = STATE_MESSAGES[state];
    if (age !== null) message += ` Showing the snapshot taken ${ageText(age)} ago.`;
  }
  return {
    as_of: status?.fetchedAt?.toISOString() ?? null,
    age_seconds: age,
    state,
    is_stale: state !== 'ok' || (age !== null && age * 1000 > maxAgeMs * 2),
    message,
    location_name: null,
  };
}

/** With nothing to serve, the failure is the answer: 502 when Dutchie refused us, 503 when it is busy or away. */
function noAnswerError(status: repo.CacheStatus | null): AppError {
  const state = syncState(status?.errorKind ?? null);
  const code = state === 'key_refused' || state === 'forbidden' ? 502 : 503;
  return new AppError(code, STATE_MESSAGES[state as Exclude<TDutchieSyncState, 'ok'>]);
}

type Held = { fetchedAt: number; value: unknown };
type Seen = { at: number; status: repo.CacheStatus | null };

/**
 * This instance's side of the cache: the prepared answers it holds, the refreshes it is running (so concurrent
 * requests share one call to Dutchie) and the rows' status as it last read them. Built once per app (app.ts);
 * both memories are bounded, least recently used first out.
 */
export class DutchieCache {
  readonly #memory: LRUCache<string, Held>;
  readonly #statusSeen: LRUCache<string, Seen>;
  /** Entries leave when their refresh settles, so this holds at most the refreshes running now. */
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly config: DutchieConfig,
    private readonly log: FastifyBaseLogger,
    bounds = { memory: MEMORY_MAX, statusSeen: STATUS_SEEN_MAX },
  ) {
    this.#memory = new LRUCache({ max: bounds.memory });
    this.#statusSeen = new LRUCache({ max: bounds.statusSeen });
  }

  /** How many answers and statuses this instance holds (the bounds' test reads it). */
  get size() {
    return { memory: this.#memory.size, statusSeen: this.#statusSeen.size };
  }

  /** The cached answer for this key, refreshed from Dutchie when it is due and allowed. */
  async get<T, P>(k: repo.CacheKey, policy: CachePolicy<T, P>): Promise<Cached<P>> {
    const started = Date.now();
    const fast = this.#fromMemory<P>(k, policy, started);
    if (fast) return fast;
    let status = await repo.status(this.db, k);
    const age = status?.fetchedAt ? started - status.fetchedAt.getTime() : Number.POSITIVE_INFINITY;
    const sinceAttempt = status?.attemptedAt
      ? started - status.attemptedAt.getTime()
      : Number.POSITIVE_INFINITY;
    const isBackingOff = (status?.retryAt?.getTime() ?? 0) > started;
    const isDue =
      age >= policy.maxAgeMs ||
      (policy.force === true && sinceAttempt >= this.config.minRefreshSeconds * 1000);
    if (isDue && !isBackingOff) {
      const key = id(k);
      let work = this.#inFlight.get(key);
      if (!work) {
        work = this.#refresh(k, policy)
          .then(async (didFetch) => {
            if (!didFetch && !status?.fetchedAt) await this.#waitForOther(k, started);
          })
          .finally(() => this.#inFlight.delete(key));
        this.#inFlight.set(key, work);
      }
      await work;
      status = await repo.status(this.db, k);
    }
    if (!status?.fetchedAt) throw noAnswerError(status);
    const fetchedAt = status.fetchedAt;
    const held = this.#memory.get(id(k));
    let value: P;
    if (held && held.fetchedAt === fetchedAt.getTime()) value = held.value as P;
    else {
      const row = await repo.body(this.db, k);
      if (!row?.fetchedAt) throw noAnswerError(status);
      value = policy.prepare(row.body as T);
      this.#remember(k, row.fetchedAt.getTime(), value);
    }
    this.#statusSeen.set(id(k), { at: Date.now(), status });
    return { value, sync: describe(status, policy.maxAgeMs, Date.now()), fetchedAt };
  }

  /**
   * The background's read of a key nobody is waiting for (see refreshStoresInBackground): Dutchie is called under
   * the row's lease and the answer stored with its onStore writes, as for a request, but its prepared form is not
   * kept in this instance's memory. False when another caller holds the lease.
   */
  refreshInBackground<T, P>(k: repo.CacheKey, policy: CachePolicy<T, P>): Promise<boolean> {
    return this.#refresh(k, policy, { isRemembered: false });
  }

  /** Forget this company's answers in memory too (after its key is replaced). */
  forgetCompany(companyId: number) {
    for (const key of [...this.#memory.keys()]) if (key.startsWith(`${companyId}|`)) this.#memory.delete(key);
    for (const key of [...this.#statusSeen.keys()]) {
      if (key.startsWith(`${companyId}|`)) this.#statusSeen.delete(key);
    }
  }

  async #refresh<T, P>(k: repo.CacheKey, policy: CachePolicy<T, P>, opts = { isRemembered: true }) {
    const leaseMs = this.config.timeoutMs * 2 + 5000;
    if (!(await repo.takeLease(this.db, k, leaseMs))) return false;
    const at = new Date();
    try {
      const stored = await policy.fetch();
      const onStore = policy.onStore;
      const isSaved = await repo.saveSuccess(
        this.db,
        k,
        stored,
        at,
        onStore && ((tx, opts) => onStore(tx, stored, opts)),
      );
      if (isSaved && opts.isRemembered) this.#remember(k, at.getTime(), policy.prepare(stored));
    } catch (e) {
      if (!(e instanceof DutchieError)) {
        await repo.releaseLease(this.db, k);
        throw e;
      }
      const kind: DutchieErrorKind =
        e.kind === 'not_found' || e.kind === 'bad_request' ? 'unavailable' : e.kind;
      const retryAt = new Date(at.getTime() + (BACKOFF_MS[kind] ?? 30_000));
      await repo.saveFailure(this.db, k, kind, at, retryAt);
      this.log.warn(
        {
          companyId: k.companyId,
          kind: k.kind,
          failure: kind,
          status: e.status,
          traceId: e.traceId,
          detail: e.message,
        },
        'dutchie call failed',
      );
    }
    return true;
  }

  #remember(k: repo.CacheKey, fetchedAt: number, value: unknown) {
    this.#memory.set(id(k), { fetchedAt, value });
  }

  /** Someone else holds the lease and there is nothing to serve yet: wait for their answer (or their failure). */
  async #waitForOther(k: repo.CacheKey, since: number) {
    const deadline = Date.now() + this.config.timeoutMs * 2 + 5000;
    while (Date.now() < deadline) {
      await sleep(100);
      const s = await repo.status(this.db, k);
      if (s?.fetchedAt || (s?.errorAt && s.errorAt.getTime() >= since) || !s?.leaseUntil) return;
    }
  }

  /**
   * Within STATUS_REUSE_MS of this instance reading the row, with the answer in memory and nothing due, the
   * request is served without touching the database. Another instance's refresh shows up here that much later.
   */
  #fromMemory<P>(
    k: repo.CacheKey,
    policy: { force?: boolean; maxAgeMs: number },
    now: number,
  ): Cached<P> | null {
    if (policy.force) return null;
    const seen = this.#statusSeen.get(id(k));
    const fetchedAt = seen?.status?.fetchedAt;
    if (!seen || !fetchedAt || now - seen.at > STATUS_REUSE_MS) return null;
    if (now - fetchedAt.getTime() >= policy.maxAgeMs) return null;
    const held = this.#memory.get(id(k));
    if (!held || held.fetchedAt !== fetchedAt.getTime()) return null;
    return { value: held.value as P, sync: describe(seen.status, policy.maxAgeMs, now), fetchedAt };
  }
}
