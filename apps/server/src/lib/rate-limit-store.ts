import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
// What the plugin really passes to child() (its type declarations leave routeInfo out).
type RouteOptions = { routeInfo?: { method?: string; url?: string }; method?: unknown; url?: string };

/** The store interface @fastify/rate-limit calls: count one request under `key` in a window of `timeWindow` ms. */
type RateLimitStore = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): RateLimitStore;
};

// INCR and PEXPIRE in one step (a crash between them would leave a counter that never expires); answers the count
// and the window's remaining milliseconds.
const INCR_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Counts in this process's memory: the fallback while Redis is away, and the store without Redis. */
class MemoryWindows {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  incr(key: string, timeWindow: number): Result {
    const now = Date.now();
    let w = this.#windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.#windows.size > 10_000) this.#sweep(now);
      w = { count: 0, resetAt: now + timeWindow };
      this.#windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttl: w.resetAt - now };
  }

  read(key: string): Result {
    const w = this.#windows.get(key);
    const now = Date.now();
    return w && w.resetAt > now ? { current: w.count, ttl: w.resetAt - now } : { current: 0, ttl: 0 };
  }

  #sweep(now: number) {
    for (const [key, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(key);
  }
}

/**
 * Rate-limit counters shared by every instance through Redis. When Redis cannot answer (down, restarting, slow
 * past its command timeout) the limit is still enforced, per instance, from memory, with one warning logged per
 * outage rather than per request: never a 500 because a counter store is away. Back on Redis as soon as it answers.
 */
export function resilientRateLimitStore(redis: Redis | null, log: FastifyBaseLogger) {
  const memory = new MemoryWindows();
  let isDegraded = false;

  const onRedisError = (err: Error) => {
    if (!isDegraded) {
      isDegraded = true;
      log.warn(
        { err: err.message },
        'Redis unavailable: rate limits are counted per instance until it is back',
      );
    }
  };
  const onRedisOk = () => {
    if (isDegraded) {
      isDegraded = false;
      log.info('Redis is back: rate limits are shared again');
    }
  };

  const make = (prefix: string): RateLimitStore => ({
    incr(key, cb, timeWindow) {
      const k = prefix + key;
      if (!redis) return cb(null, memory.incr(k, timeWindow));
      redis.eval(INCR_SCRIPT, 1, k, String(timeWindow)).then(
        (reply) => {
          onRedisOk();
          const [current, ttl] = reply as [number, number];
          cb(null, { current: Number(current), ttl: Math.max(0, Number(ttl)) });
        },
        (err: Error) => {
          onRedisError(err);
          cb(null, memory.incr(k, timeWindow));
        },
      );
    },
    read(key, cb) {
      const k = prefix + key;
      if (!redis) return cb(null, memory.read(k));
      Promise.all([redis.get(k), redis.pttl(k)]).then(
        ([count, ttl]) => cb(null, { current: Number(count ?? 0), ttl: Math.max(0, ttl) }),
        (err: Error) => {
          onRedisError(err);
          cb(null, memory.read(k));
        },
      );
    },
    child: (routeOptions) => {
      const route = routeOptions.routeInfo ?? { method: String(routeOptions.method), url: routeOptions.url };
      // A limiter of no route (app.createRateLimit, e.g. per API key) counts under its own keys alone.
      if (!route.method && !route.url) return make(prefix);
      return make(`${prefix}${route.method}${route.url}-`);
    },
  });

  // @fastify/rate-limit constructs the store it is given; the constructor hands back our object.
  return function Store() {
    return make('quantics-rl-');
  } as unknown as FastifyRateLimitStoreCtor;
}

/** A route's limit of `max` calls per client address per hour (the address as TRUST_PROXY says to read it). */
export const perAddressPerHour = (max: number) => ({ rateLimit: { max, timeWindow: '1 hour' } });
