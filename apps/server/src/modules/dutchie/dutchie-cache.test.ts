import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DutchieCache } from './dutchie-cache.ts';

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Bounded Cache Co');
});
afterAll(() => t?.close());

describe("this instance's Dutchie memory", () => {
  it('holds at most its bound of answers and statuses, however many products are asked about', async () => {
    const cache = new DutchieCache(t.database.db, DUTCHIE_DEFAULTS, pino({ level: 'silent' }), {
      memory: 5,
      statusSeen: 10,
    });
    let fetches = 0;
    for (let product = 1; product <= 40; product++) {
      const answer = await cache.get(
        { companyId: a.companyId, kind: 'product', params: String(product) },
        {
          maxAgeMs: 3_600_000,
          fetch: async () => {
            fetches += 1;
            return { product };
          },
          prepare: (stored) => stored,
        },
      );
      expect(answer.value).toEqual({ product });
    }
    expect(fetches).toBe(40);
    expect(cache.size).toEqual({ memory: 5, statusSeen: 10 });

    // The latest answers are still served from memory: asking again calls Dutchie no more.
    const again = await cache.get(
      { companyId: a.companyId, kind: 'product', params: '40' },
      { maxAgeMs: 3_600_000, fetch: async () => ({ product: -1 }), prepare: (stored) => stored },
    );
    expect(again.value).toEqual({ product: 40 });
    // An answer pushed out of memory is read back from the shared cache row, not fetched again.
    const first = await cache.get(
      { companyId: a.companyId, kind: 'product', params: '1' },
      { maxAgeMs: 3_600_000, fetch: async () => ({ product: -1 }), prepare: (stored) => stored },
    );
    expect(first.value).toEqual({ product: 1 });
    expect(cache.size.memory).toBe(5);

    cache.forgetCompany(a.companyId);
    expect(cache.size).toEqual({ memory: 0, statusSeen: 0 });
  });
});
