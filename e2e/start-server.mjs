// Starts the built app for the browser tests on a fresh database: a new PostgreSQL database when
// TEST_DATABASE_URL is set, else a new embedded PGlite folder. Both are removed when the run ends.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '3100';
// playwright.config.ts names the folder so tests can read the mail outbox in it (tests/mail.ts); it starts empty.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'quantics-e2e-'));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  WAITLIST_RATE_LIMIT: '1000',
  // Every browser test signs up from 127.0.0.1.
  SIGNUP_RATE_LIMIT: '10000',
  PUBLIC_RATE_LIMIT: '10000',
  // Every browser test signs in from 127.0.0.1: the per-address limit of wrong passwords would add them all up.
  AUTH_FAILURE_LIMIT_PER_IP: '1000',
  // The reader simulator polls its pairing at the server's interval: shorter keeps the device journeys quick.
  READER_POLL_INTERVAL: '2',
  // The webhook journey's receiver listens on 127.0.0.1 (production refuses private addresses).
  WEBHOOK_ALLOW_PRIVATE: 'true',
  // argon2id at 4 MiB and two passes instead of 64 MiB and three: every journey signs up and in, and what the browser
  // tests check is never the hash's strength (the server tests check the production cost: passwords.test.ts).
  PASSWORD_HASH_MEMORY_KIB: '4096',
  PASSWORD_HASH_ITERATIONS: '2',
  PASSWORD_HASH_PARALLELISM: '1',
};
delete env.DATABASE_URL;

let dropDatabase = async () => {};
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `quantics_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
// The browser tests read the database URL from here to set up rows the UI cannot make yet.
process.stdout.write(`database: ${env.DATABASE_URL ?? 'pglite'}\n`);

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: join(import.meta.dirname, '..', 'apps', 'server'),
  env,
  stdio: 'inherit',
});

let isStopping = false;
const stop = async () => {
  if (isStopping) return;
  isStopping = true;
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(isStopping ? 0 : (code ?? 1));
});
