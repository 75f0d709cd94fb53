import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The test tiers (docs/contributing.md, "Tests in tiers"):
 * - `fast`: everything that runs in this process against a database: contracts, the server through app.inject,
 *   the print utility and the reader simulator. The inner loop: `npm run test:fast` (with `web`).
 * - `web`: the web app's state machines, queues and components, in a browser-like DOM (jsdom, fake IndexedDB).
 * - `system`: tests that start processes or clusters, stop databases, or run the fuzzers at full strength.
 * `npm test` runs every tier, then the browser tests.
 */
export const SYSTEM_TESTS = [
  'apps/server/src/server.test.ts',
  'apps/server/src/graceful-shutdown.test.ts',
  'apps/server/src/db-outage.test.ts',
  'apps/server/src/redis-outage.test.ts',
  'apps/server/src/two-instances.test.ts',
  'apps/server/src/demo/demo-launcher.test.ts',
  'apps/server/src/modules/alerts/alerts-instances.test.ts',
  'apps/server/src/jobs/crash.test.ts',
  'apps/server/src/modules/print/serials-two-instances.test.ts',
  'apps/server/src/modules/dutchie/dutchie-stock-events.test.ts',
  'apps/server/src/modules/chat/tallie-openai.test.ts',
  'apps/server/src/test/fuzz.test.ts',
  // The print utility built into its one file and run beside a portal server process and the stand-in Zebra.
  'apps/print-agent/src/integration*.test.ts',
  // The reader simulator's CLI run as a process against a portal server process.
  'apps/reader-sim/src/reader-sim*.test.ts',
];

const shared = {
  // Every test fails when a route it called answered 500 (see the file).
  setupFiles: ['apps/server/src/test/unhandled-errors.setup.ts'],
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          // Two files at a time (Vitest's default on 2 cores is one): API tests wait on the database as much as
          // they compute. TEST_WORKERS sets it.
          poolOptions: { forks: { maxForks: Number(process.env.TEST_WORKERS ?? 2), minForks: 1 } },
          // A worker imports the server once and runs file after file in it, instead of a fresh module graph per
          // file: about a quarter of the fast tier's CPU time was importing the server again, and on PGlite each
          // file migrated its first database again. Safe because no module keeps state of its own
          // (architecture.test.ts holds that) and no fast test mocks a module; each file still builds its own app
          // and database.
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/print-agent/src/**/*.test.ts',
            'apps/reader-sim/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', ...SYSTEM_TESTS],
        },
      },
      {
        test: {
          ...shared,
          name: 'system',
          include: SYSTEM_TESTS,
        },
      },
      {
        // The web app's own alias, so a test imports what the app imports.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          // The web app's state machines, queues and components, beside their code, in a browser-like DOM with a
          // fake IndexedDB and Testing Library's matchers (the setup file). No server runs here, so the server's
          // setup file (500 answers) does not apply: an API is answered by MSW in the test.
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          testTimeout: 10_000,
        },
      },
    ],
  },
});
