import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { type FailureCounter, postgresFailureCounter, redisFailureCounter } from './failure-counter.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The behaviour both implementations must share. */
function describeCounter(
  name: string,
  make: () => Promise<{ counter: FailureCounter; close: () => Promise<void> }>,
) {
  describe(name, () => {
    let counter: FailureCounter;
    let close: () => Promise<void>;
    // Fresh keys per run: a shared Redis keeps counters from earlier runs.
    const key = (k: string) => `${k}:${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      ({ counter, close } = await make());
    });
    afterAll(() => close());

    it('counts up within the window and reports the count', async () => {
      const k = key('count');
      expect(await counter.count(k)).toBe(0);
      expect(await counter.hit(k, 60_000)).toBe(1);
      expect(await counter.hit(k, 60_000)).toBe(2);
      expect(await counter.hit(k, 60_000)).toBe(3);
      expect(await counter.count(k)).toBe(3);
    });

    it('keeps keys apart', async () => {
      const a = key('a');
      const b = key('b');
      await counter.hit(a, 60_000);
      await counter.hit(a, 60_000);
      expect(await counter.count(b)).toBe(0);
      expect(await counter.hit(b, 60_000)).toBe(1);
    });

    it('reset forgets a key', async () => {
      const k = key('reset');
      await counter.hit(k, 60_000);
      await counter.reset(k);
      expect(await counter.count(k)).toBe(0);
      expect(await counter.hit(k, 60_000)).toBe(1);
    });

    it('starts over once the window has passed, without extending it on later hits', async () => {
      const k = key('window');
      expect(await counter.hit(k, 400)).toBe(1);
      await sleep(150);
      expect(await counter.hit(k, 400)).toBe(2);
      await sleep(350);
      expect(await counter.count(k)).toBe(0);
      expect(await counter.hit(k, 400)).toBe(1);
    });

    it('counts concurrent hits exactly', async () => {
      const k = key('race');
      const results = await Promise.all(Array.from({ length: 20 }, () => counter.hit(k, 60_000)));
      expect([...results].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await counter.count(k)).toBe(20);
    });
  });
}

describeCounter('failure counter in PostgreSQL', async () => {
  const { database, drop } = await openTestDatabase();
  return {
    counter: postgresFailureCounter(database.db),
    close: async () => {
      await database.close();
      await drop();
    },
  };
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('with TEST_REDIS_URL', () => {
  describeCounter('failure counter in Redis', async () => {
    const redis = new Redis(redisUrl as string);
    return { counter: redisFailureCounter(redis), close: async () => void redis.disconnect() };
  });
});
