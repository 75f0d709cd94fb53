import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** What pg-boss runs its statements through (its `db` option, on the constructor or on one call). */
export type BossDb = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * pg-boss's statements run on our own connection: the Drizzle database (the pool on PostgreSQL, the embedded PGlite
 * instance), or a Drizzle transaction, so a job is inserted, fetched or finished in the same transaction as what it
 * is about. Its `$1`-style parameters become Drizzle's bound parameters. `exec` runs a statement list without
 * parameters (its maintenance: BEGIN; ...; COMMIT), which PGlite's extended protocol refuses as one query.
 */
export function bossDb(db: Db, exec?: (text: string) => Promise<void>): BossDb {
  return {
    async executeSql(text, values = []) {
      if (values.length === 0 && exec && /;\s*\S/.test(text.trim().replace(/;$/, ''))) {
        await exec(text);
        return { rows: [] };
      }
      const res = await db.execute<Record<string, unknown>>(withParams(text, values));
      return { rows: Array.isArray(res) ? [] : (res.rows ?? []) };
    },
  };
}

/** `select $1::int + $2` with its values as one Drizzle SQL whose parameters are bound, never spliced into text. */
function withParams(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i] as string));
    else chunks.push(sql`${sql.param(values[Number(parts[i]) - 1] ?? null)}`);
  }
  return sql.join(chunks);
}
