import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { counterOf, dropStaleCounters, hitCounter, resetCounter } from './failure-counter.repo.ts';

/**
 * Fixed-window counters of failures (wrong passwords, wrong codes) shared by every server instance:
 * in Redis when it is configured, else in PostgreSQL's rate_counters table.
 */
export type FailureCounter = {
  /** Counts one failure under `key` and returns the count in the current window (the window starts at the first). */
  hit(key: string, windowMs: number): Promise<number>;
  /** Failures under `key` in the current window (0 once the window has passed). */
  count(key: string): Promise<number>;
  /** Forgets `key` (a success that proves the caller). */
  reset(key: string): Promise<void>;
};

const PREFIX = 'quantics-fail:';

// INCR and PEXPIRE in one step: a crash between the two would leave a counter that never expires.
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function redisFailureCounter(redis: Redis): FailureCounter {
  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT_SCRIPT, 1, PREFIX + key, String(windowMs)));
    },
    async count(key) {
      return Number((await redis.get(PREFIX + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
  };
}

export function postgresFailureCounter(db: Db): FailureCounter {
  return {
    async hit(key, windowMs) {
      const count = await hitCounter(db, key, windowMs);
      // A new window is rare (first failure after a quiet spell): a good moment to drop stale rows.
      if (count === 1) await dropStaleCounters(db);
      return count;
    },
    count: (key) => counterOf(db, key),
    reset: (key) => resetCounter(db, key),
  };
}

/**
 * Redis when the app has it, else the database. While Redis cannot answer, the database counts instead (shared
 * by every instance too), with one warning per outage: a sign-in never fails because Redis is away.
 */
export function createFailureCounter(deps: {
  db: Db;
  redis: Redis | null;
  log: FastifyBaseLogger;
}): FailureCounter {
  const database = postgresFailureCounter(deps.db);
  if (!deps.redis) return database;
  const redis = redisFailureCounter(deps.redis);
  let isDegraded = false;
  const withFallback =
    <A extends unknown[], R>(op: (c: FailureCounter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await op(redis)(...args);
        isDegraded = false;
        return result;
      } catch (err) {
        if (!isDegraded) {
          isDegraded = true;
          deps.log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'Redis unavailable: failed sign-ins are counted in the database until it is back',
          );
        }
        return op(database)(...args);
      }
    };
  return {
    hit: withFallback((c) => c.hit),
    count: withFallback((c) => c.count),
    reset: withFallback((c) => c.reset),
  };
}
