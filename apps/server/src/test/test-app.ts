import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, DUTCHIE_DEFAULTS } from '../config.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../db/client.ts';
import { eventContractBreaches } from './event-contracts.ts';
import { TEST_PASSWORD_HASHING } from './password-cost.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/**
 * A database of the test file's own, opened before its tests and closed and dropped after them: `db()` is it, for a
 * file that reads or writes tables without an app.
 */
export function useTestDatabase(): { db: () => Database['db'] } {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
  });
  return {
    db: () => {
      if (!opened) throw new Error('the test database is opened in beforeAll');
      return opened.database.db;
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close), so files can run in parallel.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openMigratedPglite(), drop: async () => {} };
  const template = await migratedTemplate(serverUrl);
  const { url, drop } = await newPostgresDatabase(serverUrl, 'quantics_test', template);
  return { database: await openDatabase({ url }), drop };
}

/**
 * On a PostgreSQL server the migrations run once into a template database named by a hash of the migrations
 * (about 4 s), and each test file's database is a copy of it (CREATE DATABASE ... TEMPLATE, about 0.3 s), whose
 * migrator then finds nothing to apply. Built under another name and renamed once migrated, under an advisory lock,
 * so parallel workers build it once and never copy a half-built one; templates of older migrations are dropped
 * when nothing uses them. Returns the template's name.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_DIR, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  const name = `quantics_tpl_${hash.digest('hex').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.testTemplate]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString() });
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'quantics\\_tpl\\_%' and datname <> $1`,
        [name],
      );
      // A template another checkout is copying right now stays (DROP fails while it is in use).
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * The migrations run on PGlite once per test process (about 3 s each time); every later database of the process
 * starts from a dump of that one, and its migrator then finds nothing to apply.
 */
let migratedDump: Blob | undefined;

async function openMigratedPglite(): Promise<Database> {
  if (migratedDump) return openDatabase({ dataDir: null, from: migratedDump });
  const first = await openDatabase({ dataDir: null });
  // Taken before the first test writes anything.
  migratedDump = await first.dump?.();
  return first;
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and `drop` to remove it again. */
export async function newPostgresDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // A pool's end() resolves once it has asked its clients to close, not when their backends have gone: one still
      // closing that FORCE terminates gets a FATAL "terminating connection due to administrator command" with no
      // listener left (an uncaught error in the test run). So wait up to 5 s for them to go; FORCE ends the rest.
      for (let i = 0; i < 50; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    publicUrl: 'http://localhost:3000',
    appSecret: 'test-secret-that-is-at-least-32-characters-long',
    logLevel: 'silent',
    mailFrom: 'Quantics <no-reply@quantics.test>',
    waitlistRateLimit: 1000,
    inviteRateLimit: 1000,
    signupRateLimit: 1000,
    publicRateLimit: 1000,
    pairingRateLimit: 1000,
    pairingPollRateLimit: 10_000,
    apiKeyRateLimit: 600,
    importMaxMb: 50,
    importMaxRows: 200_000,
    authFailureLimit: 10,
    authFailureLimitPerIp: 30,
    passwordHashing: TEST_PASSWORD_HASHING,
    // No test calls the real Dutchie: a closed local port (Dutchie unreachable) unless a test starts the simulator.
    dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: 'http://127.0.0.1:9', timeoutMs: 2000 },
    printQuantityMax: 500,
    printAckTimeoutMs: 5000,
    auditTimeoutMinutes: 120,
    readerPollInterval: 5,
    // The background jobs run only in the tests about them (they turn them on, under `jobs` or its old name `alerts`).
    ...(overrides.jobs === undefined && overrides.alerts === undefined && { jobs: { isWorkerOn: false } }),
    ...overrides,
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), { database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      // Whatever the file's tests did, the events they caused keep their contract (events-contract.test.ts). A
      // database a test took away (the outage tests) cannot be read: nothing to check then.
      const breaches = await eventContractBreaches(database.db).catch(() => []);
      await database.close();
      await drop();
      if (breaches.length) throw new Error(`Events that break their contract:\n${breaches.join('\n')}`);
    },
  };
}

export type MailTestApp = TestApp & { smtp: TestSmtp };

/**
 * A test app whose mail really goes over SMTP to a test server started beside it; close() stops both. Of the
 * background work it runs the account mail queue (reset links, invitations...), as a server would.
 */
export async function createMailTestApp(overrides: Partial<AppConfig> = {}): Promise<MailTestApp> {
  const smtp = await startTestSmtp();
  const t = await createTestApp({
    smtpUrl: smtp.url,
    jobs: { isWorkerOn: true, tasks: ['account-mail'], pollMs: 50 },
    ...overrides,
  });
  return {
    ...t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
