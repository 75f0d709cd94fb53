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
  'apps/server/src/jobs/rolling-upgrade.test.ts',
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
    // Vitest 3 sizes its one pool of workers, and decides whether a worker process is used for one file only, from
    // this root config, not from a project's: the fast project's own `maxForks` and `isolate: false` were ignored, and
    // every file ran alone in a fresh process (on 2 cores the default is one worker), importing the server and, on
    // PGlite, migrating its first database again. Here: TEST_WORKERS files at a time (2 by default; npm run
    // test:system sets 1), and a worker process runs file after file. Whether a file then starts from a fresh module
    // graph is each project's `isolate` (fast: no; system: yes; web runs in threads, a fresh one per file). TEST_ISOLATE=1 gives every file a process of
    // its own again (test:system sets it: its files start and kill processes and clusters).
    poolOptions: {
      forks: {
        maxForks: Number(process.env.TEST_WORKERS ?? 2),
        minForks: 1,
        isolate: process.env.TEST_ISOLATE === '1',
      },
      // The web tier's pool (below): a fresh worker for every file.
      threads: { maxThreads: Number(process.env.TEST_WORKERS ?? 2), minThreads: 1, isolate: true },
    },
    projects: [
      {
        test: {
          ...shared,
          name: 'fast',
          // Two files at a time (Vitest's default on 2 cores is one): API tests wait on the database as much as
          // they compute. TEST_WORKERS sets it (the root's poolOptions above).
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
          // A fresh module graph for every file (and with TEST_ISOLATE=1, as npm run test:system sets, a process).
          isolate: true,
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
          // A fresh worker for every file: React and Testing Library keep a DOM of their own that a second file in
          // the same process does not find again. Worker threads, whose isolation the root's threads options set
          // apart from the server tiers' forks.
          pool: 'threads',
          isolate: true,
          setupFiles: ['apps/web/src/test/setup.ts'],
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          testTimeout: 10_000,
        },
      },
    ],
  },
});
