import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client.ts';

/**
 * docs/deployment.md's rule for a rolling upgrade, read from the migrations themselves: a migration is additive (new
 * tables, columns, indexes), so instances still on the build before keep working against the new schema. What the
 * build before may read or write and a migration takes away or tightens is found in each statement; each such change
 * is either listed with how the build before copes in docs/upgrade-debt.md ("Migrations that are not additive"), or
 * this test fails. A listed one the migrations no longer make fails it too.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const LEDGER = 'docs/upgrade-debt.md';

/** The statements of a migration, without comments and without the bodies of functions (`$$ ... $$`). */
function statements(sqlText: string): string[] {
  return sqlText
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$$$')
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const NAME = '"?([\\w.]+)"?';

/**
 * What a statement does that the build before may rely on: `DROP TABLE t`, `DROP COLUMN t.c`, `RENAME TABLE t`,
 * `RENAME COLUMN t.c`, `ALTER COLUMN TYPE t.c`, `SET NOT NULL t.c` (its inserts may leave it empty), `ADD COLUMN NOT
 * NULL t.c` (one without a default: its inserts leave it out), `DROP VIEW v`, `DROP TYPE t`, `DROP SCHEMA s`.
 */
function nonAdditive(statement: string): string[] {
  const found: string[] = [];
  const drop = new RegExp(`^DROP (TABLE|VIEW|TYPE|SCHEMA) (?:IF EXISTS )?${NAME}`, 'i').exec(statement);
  if (drop) found.push(`DROP ${drop[1]?.toUpperCase()} ${drop[2]}`);
  const alter = new RegExp(`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${NAME} (.*)$`, 'i').exec(statement);
  if (alter) {
    const table = alter[1] as string;
    const actions = alter[2] as string;
    if (new RegExp(`^RENAME TO ${NAME}`, 'i').test(actions)) found.push(`RENAME TABLE ${table}`);
    for (const m of actions.matchAll(new RegExp(`RENAME (?:COLUMN )?${NAME} TO`, 'gi')))
      if (!/^CONSTRAINT$/i.test(m[1] as string) && !/RENAME CONSTRAINT/i.test(actions))
        found.push(`RENAME COLUMN ${table}.${m[1]}`);
    for (const m of actions.matchAll(new RegExp(`DROP COLUMN (?:IF EXISTS )?${NAME}`, 'gi')))
      found.push(`DROP COLUMN ${table}.${m[1]}`);
    for (const m of actions.matchAll(new RegExp(`ALTER COLUMN ${NAME} (?:SET DATA )?TYPE`, 'gi')))
      found.push(`ALTER COLUMN TYPE ${table}.${m[1]}`);
    for (const m of actions.matchAll(new RegExp(`ALTER COLUMN ${NAME} SET NOT NULL`, 'gi')))
      found.push(`SET NOT NULL ${table}.${m[1]}`);
    for (const m of actions.matchAll(new RegExp(`ADD COLUMN (?:IF NOT EXISTS )?${NAME} ([^,]*)`, 'gi'))) {
      const definition = m[2] as string;
      if (/NOT NULL/i.test(definition) && !/DEFAULT|GENERATED/i.test(definition))
        found.push(`ADD COLUMN NOT NULL ${table}.${m[1]}`);
    }
  }
  return found;
}

/** Each migration's changes that are not additive, by its tag. */
function inMigrations(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const tag = file.replace(/\.sql$/, '');
    const created = new Set<string>();
    const changes: string[] = [];
    for (const s of statements(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'))) {
      const made = new RegExp(`^CREATE (?:TABLE|VIEW|TYPE|SCHEMA) (?:IF NOT EXISTS )?${NAME}`, 'i').exec(s);
      if (made) created.add(made[1] as string);
      // Dropping what the same migration made (a helper) takes nothing from the build before.
      changes.push(...nonAdditive(s).filter((c) => !created.has(c.split(' ').at(-1)?.split('.')[0] ?? '')));
    }
    if (changes.length > 0) out.set(tag, changes);
  }
  return out;
}

/** The ledger's table of migrations that are not additive: each row's migration and its backticked changes. */
function listed(): Map<string, string[]> {
  const text = readFileSync(join(ROOT, LEDGER), 'utf8');
  const section = text.slice(text.indexOf('## Migrations that are not additive'));
  const out = new Map<string, string[]>();
  for (const row of section.split('\n').filter((l) => /^\| `\d{4}_/.test(l))) {
    const [migration, changes] = row.split(' | ').map((c) => c.replace(/^\| /, ''));
    out.set(
      (migration ?? '').replace(/`/g, ''),
      [...(changes ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
    );
  }
  return out;
}

describe('migrations are additive for a rolling restart', () => {
  it('finds what takes away from the build before', () => {
    expect(
      [
        'ALTER TABLE "mail_jobs" DROP COLUMN "locked_until"',
        'ALTER TABLE audits RENAME TO audits_old',
        'ALTER TABLE "x" ALTER COLUMN "n" SET DATA TYPE bigint, ALTER COLUMN "m" SET NOT NULL',
        'ALTER TABLE "x" ADD COLUMN "a" integer NOT NULL, ADD COLUMN "b" integer DEFAULT 0 NOT NULL',
        'DROP TABLE IF EXISTS "gone"',
      ].flatMap(nonAdditive),
    ).toEqual([
      'DROP COLUMN mail_jobs.locked_until',
      'RENAME TABLE audits',
      'ALTER COLUMN TYPE x.n',
      'SET NOT NULL x.m',
      'ADD COLUMN NOT NULL x.a',
      'DROP TABLE gone',
    ]);
    expect(
      [
        'CREATE TABLE "t" ("id" integer NOT NULL)',
        'ALTER TABLE "t" ADD COLUMN "c" text',
        'CREATE INDEX "i" ON "t" ("c")',
        'ALTER TABLE "t" RENAME CONSTRAINT "a" TO "b"',
      ].flatMap(nonAdditive),
    ).toEqual([]);
    expect(
      statements('SELECT 1; CREATE FUNCTION f() AS $$ BEGIN DROP TABLE x; END $$; -- DROP TABLE y'),
    ).toEqual(['SELECT 1', 'CREATE FUNCTION f() AS $$']);
  });

  it('has every exception listed in docs/upgrade-debt.md with how the build before copes, and no more', () => {
    expect(Object.fromEntries(inMigrations())).toEqual(Object.fromEntries(listed()));
  });
});
