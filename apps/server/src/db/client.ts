import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** One query API for both engines: PGlite and node-postgres share Drizzle's PostgreSQL dialect. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/**
 * Opens the database and applies pending migrations.
 * With a URL: that PostgreSQL server. Without: embedded PGlite in `dataDir` (or in memory when null).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string | null }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => endPool(pool) };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', close: () => client.close() };
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
