import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/print-agent/src/**/*.test.ts',
      'apps/reader-sim/src/**/*.test.ts',
      // The web app's state machines and queues (the Count screen's), beside their code, in Node.
      'apps/web/src/**/*.test.ts',
    ],
    // Every test fails when a route it called answered 500 (see the file).
    setupFiles: ['apps/server/src/test/unhandled-errors.setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
