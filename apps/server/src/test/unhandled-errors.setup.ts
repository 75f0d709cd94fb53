import { subscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach } from 'vitest';

/**
 * Any request answered 500 "Internal error" (an error no code path expected: see plugins/errors.ts) fails the
 * test that caused it, whatever that test asserts, so the next such hole is found by the suites, not by a user.
 * Deliberate 5xx answers (a database outage's 503, a print utility's 502/504) are not unhandled and not counted.
 */
type Seen = { method: string; url: string; error: unknown };
const seen: Seen[] = [];
subscribe('quantics:unhandled-error', (message) => {
  seen.push(message as Seen);
});

function failOnUnhandled() {
  const found = seen.splice(0);
  if (!found.length) return;
  const lines = found.map(({ method, url, error }) => {
    const e = error as { stack?: string; message?: string };
    return `${method} ${url.slice(0, 300)} -> 500: ${(e?.stack ?? e?.message ?? String(error)).slice(0, 2000)}`;
  });
  throw new Error(`A route answered 500 Internal error:\n${lines.join('\n')}`);
}

afterEach(failOnUnhandled);
afterAll(failOnUnhandled);
