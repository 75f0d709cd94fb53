import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
import * as schema from './schema/index.ts';

/** One query API for both engines: PGlite and node-postgres share Drizzle's PostgreSQL dialect. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL: the pool's connections checked out and the callers waiting for one (the metrics). */
  pool?: () => { inUse: number; waiting: number };
  /** PGlite: its data directory as a tarball, to open copies of it (`from`): the tests' migrated starting point. */
  dump?: () => Promise<Blob>;
  /** PGlite: runs a list of statements without parameters (pg-boss's maintenance), which `query` refuses. */
  exec?: (text: string) => Promise<void>;
  /**
   * Takes the session-level advisory lock `key` (the two-int form when `sub` is given) if no other session holds it, for work that spans several
   * transactions (a sweep: src/jobs/scheduler.ts); null when another instance (or this one) holds it. Call the answer
   * to release it. PostgreSQL: on one connection beside the pool for all of them, held until released or until that
   * connection ends (a crashed instance frees them). PGlite: one process, one session: held in this Database.
   */
  trySessionLock: (key: number, sub?: number) => Promise<(() => Promise<void>) | null>;
};

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/**
 * Opens the database and applies pending migrations.
 * With a URL: that PostgreSQL server. Without: embedded PGlite in `dataDir` (or in memory when null).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** The migrations to apply (tests of a migration on older data stop before it); the app's own by default. */
  migrationsDir?: string;
  /** In-memory PGlite only: start from this dump of a data directory (Database.dump), not from an empty one. */
  from?: Blob;
}): Promise<Database> {
  const migrationsFolder = opts.migrationsDir ?? MIGRATIONS_DIR;
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // While PostgreSQL is away a request fails within this (503, see plugins/errors.ts) instead of hanging.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection cut by a database restart: the pool drops it and the next query connects anew. Without
    // a listener the 'error' event would end the process; the requests during the outage report it themselves.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migrateUnderLock(pool, db, migrationsFolder);
    const locks = sessionLocks(opts.url);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await locks.close();
        await endPool(pool);
      },
      pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      trySessionLock: locks.trySessionLock,
    };
  }
  // Trigram indexes (with the company id beside them, btree_gin) serve the catalogue's name-fragment search;
  // PostgreSQL servers ship both in contrib.
  const extensions = { pg_trgm, btree_gin };
  let client: PGlite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  } else {
    client = new PGlite({ extensions, ...(opts.from && { loadDataDir: opts.from }) });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const held = new Set<string>();
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    exec: async (text) => {
      await client.exec(text);
    },
    trySessionLock: async (key, sub) => {
      const name = `${key}.${sub ?? ''}`;
      if (held.has(name)) return null;
      held.add(name);
      return async () => {
        held.delete(name);
      };
    },
  };
}

/**
 * Session-level advisory locks for work that spans transactions (Database.trySessionLock), all held on one connection
 * of their own beside the pool, so a lock never takes a connection the work needs: each sweep holding one from the
 * pool for its run would leave too few for its units and the requests. A lock is also marked in this process, as a
 * session takes its own advisory lock again without waiting. If that connection drops (a database restart), its
 * locks go with it; the next lock opens a new one.
 */
function sessionLocks(url: string) {
  const held = new Set<string>();
  let connection: Promise<pg.Client> | null = null;
  const connect = () => {
    connection ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      const lost = () => {
        connection = null;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      return client;
    })().catch((err: Error) => {
      connection = null;
      throw err;
    });
    return connection;
  };
  return {
    trySessionLock: async (key: number, sub?: number) => {
      const name = `${key}.${sub ?? ''}`;
      if (held.has(name)) return null;
      // The one-int and two-int forms are separate key spaces: each lock is taken in the form its users take it.
      const args = sub === undefined ? '$1::int' : '$1::int, $2::int';
      const values = sub === undefined ? [key] : [key, sub];
      held.add(name);
      try {
        const client = await connect();
        const res = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${args}) as ok`, values);
        if (res.rows[0]?.ok !== true) {
          held.delete(name);
          return null;
        }
        return async () => {
          held.delete(name);
          await client.query(`select pg_advisory_unlock(${args})`, values).catch(() => undefined);
        };
      } catch (err) {
        held.delete(name);
        throw err;
      }
    },
    close: async () => {
      const client = await connection?.catch(() => null);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Any fixed number, the same in every version: the key of the advisory lock migrations run under. */
const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.migrations;

/**
 * Several instances may start at once on one database (a deploy, an autoscaler): each takes a session-level
 * advisory lock before migrating, so one applies the pending migrations while the others wait, then find nothing
 * left to do. Without it two would both create the migrations table and run the same migration.
 */
async function migrateUnderLock(pool: pg.Pool, db: Db, migrationsFolder: string): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
}

/**
 * pool.end() resolves once it has asked its connections to close, not once they have; wait for each one, so
 * whatever comes next (dropping a test database, exiting) doesn't cut a connection that is still saying goodbye.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await pool.end();
  await allClosed;
}
