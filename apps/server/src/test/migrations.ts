import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../db/client.ts';
import { newPostgresDatabase } from './test-app.ts';

// For the tests of a migration on a database with data: the schema as it was before it, and one database (on the
// engine the run uses) opened as many times as the test needs, with either set of migrations.

/**
 * A copy of the migrations folder whose journal stops just before the migration named *`tag` (found by name: the
 * lead renumbers migrations when merging).
 */
export function migrationsBefore(tag: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'quantics-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tag));
  if (at < 1) throw new Error(`no migration named *${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(path, JSON.stringify(journal));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A new database (on TEST_DATABASE_URL's server, else a PGlite data directory): `open` migrates it with the given
 * folder (all migrations without one); `remove` drops it once every Database opened on it is closed.
 */
export async function scratchDatabase(): Promise<{
  open: (migrationsDir?: string) => Promise<Database>;
  remove: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { url, drop } = await newPostgresDatabase(serverUrl, 'quantics_test');
    return { open: (migrationsDir) => openDatabase({ url, migrationsDir }), remove: drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-migrated-'));
  return {
    open: (migrationsDir) => openDatabase({ dataDir, migrationsDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A new database migrated up to just before the migration named *`tag`, given its data by `seed` on that old shape,
 * then migrated to the end: the migration under test runs on a database with data, as an upgrade does.
 */
export async function migratedOverData(
  tag: string,
  seed: (old: Database) => Promise<void>,
): Promise<{ database: Database; cleanUp: () => Promise<void> }> {
  const before = migrationsBefore(tag);
  const { open, remove } = await scratchDatabase();
  const old = await open(before.dir);
  try {
    await seed(old);
  } finally {
    await old.close();
    before.remove();
  }
  const database = await open();
  return {
    database,
    cleanUp: async () => {
      await database.close();
      await remove();
    },
  };
}
