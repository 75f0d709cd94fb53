import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR } from './tests/mail';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The Dutchie simulator the server reads point-of-sale inventory from (tests/dutchie-sim.ts). */
export const DUTCHIE_SIM_PORT = PORT + 1000;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // CI shares two cores with other work: a journey that times out once is run once more, and Playwright's report
  // lists it as flaky. A test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // Whole journeys with several argon2 sign-ins on a 2-core CI machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace only when a test is run again after failing: recording one for every test (its screencast and a DOM
    // snapshot an action) took about twice the CPU of the tests themselves (an accessibility journey: 66 CPU-s
    // with it, 31 without, measured with /usr/bin/time on one machine), and the journey that fails twice has one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: [
    {
      // Dutchie's stand-in, its own process. dk_test_secret_42 is the key auth.spec registers with.
      command: `node --import tsx ../apps/dutchie-sim/src/main.ts --port ${DUTCHIE_SIM_PORT} --key dk_test_secret_42`,
      url: `http://127.0.0.1:${DUTCHIE_SIM_PORT}/__sim/state`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node start-server.mjs`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // SIGTERM, not the default SIGKILL: start-server.mjs then drops its PostgreSQL database and data folder.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      // A known data folder, so tests can read the server's mail outbox (see tests/mail.ts).
      env: {
        E2E_PORT: String(PORT),
        E2E_DATA_DIR,
        DUTCHIE_API_URL: `http://127.0.0.1:${DUTCHIE_SIM_PORT}`,
        // Refresh reads Dutchie every time in the tests (the simulator has no real rate limit to protect).
        DUTCHIE_MIN_REFRESH_SECONDS: '0',
      },
    },
  ],
});
