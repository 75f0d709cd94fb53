import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/**
 * A digest of every table's rows, so "changed nothing" is checked on the data itself. Left out: what every
 * request may touch by design (the session's last use, the reader's last contact, counters of failures).
 */
export async function tableDigests(t: TestApp): Promise<Record<string, string>> {
  const cols = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' order by table_name, ordinal_position`);
  const byTable = new Map<string, string[]>();
  for (const c of cols.rows) {
    if (['sessions', 'rate_counters', 'dutchie_cache'].includes(c.table_name)) continue;
    if (/^last_|_seen/.test(c.column_name)) continue;
    byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  }
  const parts = [...byTable].map(
    ([table, columns]) =>
      `select '${table}' as t, md5(coalesce(string_agg(r, '|' order by r), '')) as h from (select concat_ws(',', ${columns
        .map((c) => `"${c}"::text`)
        .join(', ')}) as r from "${table}") x`,
  );
  const result = await t.database.db.execute<{ t: string; h: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
}
