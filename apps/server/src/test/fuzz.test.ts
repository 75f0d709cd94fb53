import { findTextProblem, multilinePaths, scannedCodePaths } from '@quantics/contracts';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../app.ts';
import { ACCESS_POLICY } from '../plugins/access-policy.ts';
import { tableDigests } from './db-digest.ts';
import { bearer, registerUser } from './factories.ts';
import { pairReader } from './readers.ts';
import { openTestDatabase, type TestApp, testConfig } from './test-app.ts';

/** Cases per route: more in CI, which has the time (FUZZ_RUNS sets it). FUZZ_SEED replays a failure's seed. */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 100 : 20));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

type Schema = z.ZodType;
type Route = { method: string; url: string; body?: Schema; query?: Schema; params?: Schema };

const keysOf = (schema: Schema | undefined): string[] => {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};
/** Valid as the contracts define it: the schema, and the text rule every route applies before it. */
// The text rule as the server's guard applies it (plugins/text-guard.ts): line breaks in multi-line fields, and the
// GS1 separator (U+001D) in a scanned code's.
const isValid = (schema: Schema | undefined, value: unknown) =>
  !findTextProblem(value, multilinePaths(schema), scannedCodePaths(schema)) &&
  (!schema || schema.safeParse(value).success);

/** Text that must never reach the database: every C0 and C1 control, lone surrogates, direction overrides. */
const troubleChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'),
);
const troubleText = fc.oneof(
  fc.tuple(fc.string({ maxLength: 10 }), troubleChar, fc.string({ maxLength: 10 })).map((p) => p.join('')),
  fc.string({ unit: troubleChar, minLength: 1, maxLength: 5 }),
  // Combining marks piled on one letter, and text longer than any field takes.
  fc.integer({ min: 1, max: 300 }).map((n) => `a${'\u0301'.repeat(n)}`),
  fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Values people and programs get wrong: wrong types, edge numbers, odd text. */
const oddScalar = fc.oneof(
  fc.string(),
  troubleText,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    '1e999',
    'NaN',
    '2147483648',
    '9007199254740993',
    'null',
    'true',
  ),
  fc.constantFrom(
    '%00',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    'x'.repeat(5000),
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2_147_483_648, -1, 0, Number.MAX_SAFE_INTEGER),
);
const fieldsOf = (keys: string[]) =>
  fc.dictionary(
    keys.length
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 }),
    fc.oneof(oddScalar, fc.jsonValue({ maxDepth: 2 })),
    { maxKeys: keys.length + 2 },
  );
const parsesAsJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
/** Text that is not JSON at all, or JSON cut short ('{' + '}' would be '{}': valid, so left out). */
const notJson = fc
  .oneof(
    fc.string().map((s) => `{${s}`),
    fc.constantFrom('{', '[1,', '{"a":}', 'undefined', "{'a':1}", '\u0000', '{"a":1}}'),
  )
  .filter((text) => !parsesAsJson(text));

/** As a value arrives in a URL: an unpaired surrogate cannot be percent-encoded, so it travels as U+FFFD. */
const inUrl = (value: unknown) =>
  String(value).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

type Case = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  rawBody?: string;
};

function caseFor(route: Route) {
  const paramKeys = [...route.url.matchAll(/:([a-z_]+)/g)].map((m) => m[1] as string);
  const params = fc.record(
    Object.fromEntries(paramKeys.map((k) => [k, fc.oneof(oddScalar.map(inUrl), fc.nat().map(String))])),
  );
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...(keysOf(route.query).length ? keysOf(route.query) : ['q'])),
      fc.string({ maxLength: 6 }),
    ),
    oddScalar.map(inUrl),
    { maxKeys: 4 },
  );
  const body = fc.oneof(fieldsOf(keysOf(route.body)), fc.jsonValue({ maxDepth: 3 }));
  return fc.record({ params, query, body, rawBody: fc.option(notJson, { nil: undefined }) });
}

/** True when some part of the request must be refused by its schema (or cannot be parsed at all). */
function isMalformed(route: Route, c: Case): boolean {
  if (c.rawBody !== undefined && route.method !== 'GET') return true;
  if (!isValid(route.params, c.params)) return true;
  if (route.method !== 'GET' && route.body && !isValid(route.body, c.body)) return true;
  return Boolean(route.query && !isValid(route.query, c.query));
}

describe('fuzzing every route’s request schema', () => {
  const routes: Route[] = [];
  let t: TestApp;
  let drop: () => Promise<void>;
  let session: string;
  let device: string;
  let cases = 0;
  let wellFormedReads = 0;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const app = await buildApp(testConfig(), {
      database: opened.database,
      logger: false,
      onRoute: (r: RouteOptions) => {
        const methods = Array.isArray(r.method) ? r.method : [r.method];
        for (const method of methods) {
          // The utility's WebSocket is not a JSON route (print-socket tests cover its upgrade).
          if (!ACCESS_POLICY[`${method} ${r.url}`] || r.url === '/api/print/agent/socket') continue;
          const s = (r.schema ?? {}) as { body?: Schema; querystring?: Schema; params?: Schema };
          routes.push({ method, url: r.url, body: s.body, query: s.querystring, params: s.params });
        }
      },
    });
    await app.ready();
    t = { app, database: opened.database, close: async () => {} };
    const admin = await registerUser(app);
    session = admin.token;
    device = (await pairReader(t, { operator: { token: session } })).token;
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await drop?.();
    console.log(
      `fuzz (FUZZ_SEED=${SEED}): ${cases} requests over ${routes.length} routes (${cases - wellFormedReads} malformed, ` +
        `${wellFormedReads} well-formed reads)`,
    );
  });

  it('walks every route in the access policy', () => {
    const seen = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const missing = Object.keys(ACCESS_POLICY).filter(
      (k) => !seen.has(k) && k !== 'GET /api/print/agent/socket',
    );
    expect(missing).toEqual([]);
  });

  it('never answers 5xx, refuses malformed requests with a 4xx message, and they change nothing', async () => {
    for (const route of routes) {
      const access = ACCESS_POLICY[`${route.method} ${route.url}`];
      const headers = access === 'public' ? {} : bearer(access === 'device' ? device : session);
      const before = await tableDigests(t);
      await fc
        .assert(
          fc.asyncProperty(caseFor(route), async (generated) => {
            cases += 1;
            // A write that came out well-formed is cut short by one character ahead of its JSON: every write the
            // fuzzer sends is malformed, so none may change anything (reads may be well-formed; they change nothing).
            const c =
              route.method !== 'GET' && !isMalformed(route, generated)
                ? { ...generated, rawBody: `{${JSON.stringify(generated.body)}` }
                : generated;
            const url = route.url.replace(/:([a-z_]+)/g, (_m, k: string) =>
              encodeURIComponent(c.params[k] ?? ''),
            );
            const query = new URLSearchParams(c.query).toString();
            const hasBody = route.method !== 'GET';
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: query ? `${url}?${query}` : url,
              headers: {
                ...headers,
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              ...(hasBody ? { payload: c.rawBody ?? JSON.stringify(c.body) } : {}),
            });
            const where = `${route.method} ${url}?${query} ${c.rawBody ?? JSON.stringify(c.body)?.slice(0, 200)}`;
            expect(res.statusCode, `${where} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (isMalformed(route, c)) {
              expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
              expect(typeof res.json().message, where).toBe('string');
            } else wellFormedReads += 1;
          }),
          { numRuns: RUNS, seed: SEED },
        )
        .catch((e: Error) => {
          throw new Error(`FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} replays this failure: ${e.message}`);
        });
      // Requests that happened to be well-formed may change things (that is their job): compare only when all
      // of this route's cases were malformed, which the generators make nearly always true for writes.
      const after = await tableDigests(t);
      const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
      expect(changed, `${route.method} ${route.url} changed data`).toEqual([]);
      // Still signed in: no case slipped through as a real sign-out, so every route was fuzzed as its callers.
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) });
      expect(me.statusCode, `after ${route.method} ${route.url}`).toBe(200);
    }
  }, 600_000);
});
