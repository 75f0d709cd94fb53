import { generateLocation } from './dataset.ts';
import type { Location } from './types.ts';

/** What a key may do: which store it belongs to, and whether it holds the reporting permission. */
export type KeyGrant = { locationId: number; canReport: boolean };

/**
 * The fixed API keys the simulator knows. Any other key is refused with 401, exactly like a wrong key at Dutchie.
 * The 'noreports' key authenticates but lacks the reporting permission (403 on /reporting/*).
 */
export const SIM_KEYS: Record<string, KeyGrant> = {
  dsim_greenleaf_5c1f7a9e2b: { locationId: 1101, canReport: true },
  dsim_northside_8d2e4b6a1c: { locationId: 1102, canReport: true },
  dsim_noreports_3f9a0c7e5d: { locationId: 1101, canReport: false },
};

export const SIM_LOCATIONS: Record<number, string> = {
  1101: 'Greenleaf Wellness - Portland',
  1102: 'Northside Cannabis Co. - Denver',
};

export const FAULT_MODES = ['none', 'rate-limit', 'error', 'slow', 'refuse'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** A switch tests flip at run time: answer the next `times` requests (or all) under `path` with a failure. */
export type Fault = {
  mode: FaultMode;
  /** HTTP status for 'error' (500, 502, 503, 504). */
  status: number;
  /** Added delay for 'slow', in milliseconds. */
  delayMs: number;
  /** How many requests the fault still applies to; null: until cleared. */
  remaining: number | null;
  /** Only requests whose path starts with this. */
  path: string;
};

export type SimOptions = {
  port: number;
  host: string;
  seed: number;
  /** Packages per store. */
  packages: number;
  historyDays: number;
  /** Extra keys accepted for the first store (e.g. --key from the command line). */
  extraKeys: string[];
  /** Added to every answer, in milliseconds. */
  latencyMs: number;
  /** Share of requests answered 500 at random (0 to 1). */
  failRate: number;
  /** Requests per minute per key, all paths. */
  rateLimit: number;
  /** Requests per minute per key on /reporting/*. */
  reportingRateLimit: number;
};

export const DEFAULT_OPTIONS: SimOptions = {
  port: 4010,
  host: '127.0.0.1',
  seed: 42,
  packages: 240,
  historyDays: 90,
  extraKeys: [],
  latencyMs: 0,
  failRate: 0,
  rateLimit: 120,
  reportingRateLimit: 60,
};

export const NO_FAULT: Fault = { mode: 'none', status: 500, delayMs: 0, remaining: null, path: '/' };

export class SimState {
  readonly locations = new Map<number, Location>();
  readonly keys = new Map<string, KeyGrant>();
  fault: Fault = { ...NO_FAULT };
  /** Requests per path since the last reset (control paths not counted). */
  readonly requests = new Map<string, number>();
  readonly #windows = new Map<string, number[]>();

  constructor(readonly options: SimOptions) {
    const now = new Date();
    for (const [id, name] of Object.entries(SIM_LOCATIONS)) {
      const locationId = Number(id);
      this.locations.set(
        locationId,
        generateLocation({
          locationId,
          locationName: name,
          seed: options.seed,
          packages: options.packages,
          historyDays: options.historyDays,
          now,
        }),
      );
    }
    this.resetKeys();
  }

  resetKeys() {
    this.keys.clear();
    for (const [key, grant] of Object.entries(SIM_KEYS)) this.keys.set(key, grant);
    for (const key of this.options.extraKeys) this.keys.set(key, { locationId: 1101, canReport: true });
  }

  reset() {
    this.fault = { ...NO_FAULT };
    this.requests.clear();
    this.#windows.clear();
    this.resetKeys();
  }

  count(path: string) {
    this.requests.set(path, (this.requests.get(path) ?? 0) + 1);
  }

  /** Sliding one-minute windows per key: false when this request goes over a limit (and is not counted). */
  allow(key: string, isReporting: boolean): boolean {
    const now = Date.now();
    const check = (bucket: string, limit: number) => {
      const hits = (this.#windows.get(bucket) ?? []).filter((t) => now - t < 60_000);
      this.#windows.set(bucket, hits);
      return hits.length < limit;
    };
    if (!check(`all:${key}`, this.options.rateLimit)) return false;
    if (isReporting && !check(`rep:${key}`, this.options.reportingRateLimit)) return false;
    this.#windows.get(`all:${key}`)?.push(now);
    if (isReporting) this.#windows.get(`rep:${key}`)?.push(now);
    return true;
  }

  /** The fault that applies to this path now, consuming one use of it. */
  takeFault(path: string): Fault | null {
    const f = this.fault;
    if (f.mode === 'none' || !path.startsWith(f.path)) return null;
    if (f.remaining !== null) {
      if (f.remaining <= 0) return null;
      f.remaining -= 1;
    }
    return { ...f };
  }
}
