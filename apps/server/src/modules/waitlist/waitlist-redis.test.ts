import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Two server instances on one Redis must share the per-address count (CI runs this with TEST_REDIS_URL).
describe.runIf(redisUrl)('waitlist rate limit shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl, waitlistRateLimit: 4 });
    b = await createTestApp({ redisUrl, waitlistRateLimit: 4 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts requests to either instance against one limit', async () => {
    // A fresh address per run, so earlier runs' counters in Redis don't matter.
    const ip = `10.${randomBytes(3).join('.')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/waitlist',
        remoteAddress: ip,
        payload: { name: 'Shared Limit', email: `shared${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
