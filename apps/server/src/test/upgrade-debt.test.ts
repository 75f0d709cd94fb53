import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { useTestDatabase } from './test-app.ts';

/**
 * The upgrade debt ledger (docs/upgrade-debt.md) against the database catalogue after the migrations: what it lists is
 * there (none dropped early), and what the migrations leave that is neither declared by the Drizzle schema nor one of
 * the schema's own hand-written objects below is in it (none forgotten).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const LEDGER = 'docs/upgrade-debt.md';

type Kind = 'table' | 'column' | 'index' | 'trigger' | 'function';
type Entry = { kind: Kind; name: string; isUpgradedOnly: boolean };

/** The Catalogue column of the ledger's table: `kind name` in backticks. */
function ledger(): Entry[] {
  const rows = readFileSync(join(ROOT, LEDGER), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Leftover') && !line.startsWith('| ---'));
  return rows.flatMap((row) => {
    const cell = row.split(' | ')[1] ?? '';
    const isUpgradedOnly = cell.includes('upgraded databases only');
    return [...cell.matchAll(/`(table|column|index|trigger|function) ([\w.]+)`/g)].map((m) => ({
      kind: m[1] as Kind,
      name: m[2] as string,
      isUpgradedOnly,
    }));
  });
}

/**
 * The schema's own objects that migrations write by hand (Drizzle cannot declare them): part of the design, not
 * debt. A name here that the catalogue no longer has fails the test, so the list stays true.
 */
const PERMANENT: Record<string, string> = {
  'trigger audit_days_delete':
    "audit_days: each day's audit count, kept by the audits' triggers (the calendar)",
  'trigger audit_days_insert': 'audit_days, as above',
  'trigger audit_days_update': 'audit_days, as above',
  'function audit_days_after_delete': 'audit_days, as above',
  'function audit_days_after_insert': 'audit_days, as above',
  'function audit_days_after_update': 'audit_days, as above',
  'trigger audit_days_rezone':
    "audit_days counted again in a company's new time zone (its days, migration 0044)",
  'function audit_days_rezone': 'audit_days, as above',
  'function audit_days_recount': 'audit_days, as above',
  'trigger audits_delete_reads': "an audit's reads and tags go with it (no foreign key: a check per row)",
  'function audit_reads_delete': 'audits_delete_reads, as above',
  'function audit_reads_partition': "audit_reads' monthly partitions, made on demand",
  'function audit_reads_partitions_ahead': "audit_reads' monthly partitions, made ahead",
  'trigger products_counters_delete':
    "inventory_counters: the catalogue's figures kept by the products' triggers",
  'trigger products_counters_insert': 'inventory_counters, as above',
  'trigger products_counters_update': 'inventory_counters, as above',
  'function products_counters_after_delete': 'inventory_counters, as above',
  'function products_counters_after_insert': 'inventory_counters, as above',
  'function products_counters_after_update': 'inventory_counters, as above',
  'trigger products_search_version_delete': 'the search cache version, bumped by the products that change',
  'trigger products_search_version_insert': 'the search cache version, as above',
  'trigger products_search_version_update': 'the search cache version, as above',
  'function products_search_version_rows': 'the search cache version, as above',
  'function products_search_version_update': 'the search cache version, as above',
  'trigger products_bump_dashboard_version_delete':
    "the dashboard cache's version (dashboard_versions), bumped by the products and audits that change its figures",
  'trigger products_bump_dashboard_version_insert': 'the dashboard cache version, as above',
  'trigger products_bump_dashboard_version_update': 'the dashboard cache version, as above',
  'trigger audit_bump_dashboard_version_delete': 'the dashboard cache version, as above',
  'trigger audit_bump_dashboard_version_insert': 'the dashboard cache version, as above',
  'trigger audit_bump_dashboard_version_update': 'the dashboard cache version, as above',
  'function dashboard_version_bump': 'the dashboard cache version, as above',
  'function products_dashboard_version_rows': 'the dashboard cache version, as above',
  'function products_dashboard_version_update': 'the dashboard cache version, as above',
  'function audits_dashboard_version_rows': 'the dashboard cache version, as above',
  'function audits_dashboard_version_update': 'the dashboard cache version, as above',
  'trigger products_stock_crossing':
    'the stock events (inventory.stock_low/out_of_stock), whatever changed the stock',
  'function events_stock_crossing': 'products_stock_crossing, as above',
  'trigger events_queue_dispatch':
    "every event written is a job of pg-boss's event-dispatch queue in its transaction, whoever writes it",
  'function events_queue_dispatch': 'events_queue_dispatch, as above',
  'function stock_restate':
    "products.quantity is the total of the product's stock rows and stock_places/stock_quantities the rows themselves, merged from the places each statement on stock changed by its statement triggers (0035, 0036, 0048)",
  'function stock_after_insert': 'stock_restate, as above',
  'function stock_after_update': 'stock_restate, as above',
  'function stock_after_delete': 'stock_restate, as above',
  'function stock_totals_are_later':
    'stock_restate, as above (0049: a call sharing products totals its own products later in its transaction)',
  'trigger stock_totals_after_insert': 'stock_restate, as above',
  'trigger stock_totals_after_update': 'stock_restate, as above',
  'trigger stock_totals_after_delete': 'stock_restate, as above',
  'function stock_movements_write':
    'every change of a stock row written as a movement (0037_stock_movements), whoever changed it',
  'function stock_movements_after_insert': 'stock_movements_write, as above',
  'function stock_movements_after_update': 'stock_movements_write, as above',
  'function stock_movements_after_delete': 'stock_movements_write, as above',
  'function stock_movements_are_written':
    'stock_movements_write, as above (0048: the triggers return at once)',
  'trigger stock_movements_after_insert': 'stock_movements_write, as above',
  'function companies_delete_movements':
    'a company deleted takes its stock movements with it, as the foreign key 0050 dropped did (its check was 5 % of a call of the movements API)',
  'trigger companies_delete_movements': 'companies_delete_movements, as above',
  'trigger stock_movements_after_update': 'stock_movements_write, as above',
  'trigger stock_movements_after_delete': 'stock_movements_write, as above',
  'index audit_reads_company_id_audit_id_batch_seq_ordinal_received_on_p':
    "audit_reads' primary key: the partitioned table is written by hand (0019), its key named by PostgreSQL",
};

const database = useTestDatabase();

/** Every table, column, index, trigger and function the migrations made (partitions and extensions' left out). */
async function catalogue(): Promise<Set<string>> {
  const rows = await database.db().execute<{ name: string }>(sql`
    select 'table ' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    union all
    select 'column ' || c.relname || '.' || a.attname from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and a.attnum > 0
        and not a.attisdropped
    union all
    select 'index ' || i.relname from pg_index x join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = 'public' and not t.relispartition
    union all
    select 'trigger ' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and not c.relispartition
    union all
    select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  return new Set(rows.rows.map((r) => r.name));
}

/** What the Drizzle schema declares: its tables, their columns and their indexes and keys. */
function declared(): Set<string> {
  const names = new Set<string>();
  for (const table of Object.values(schema).filter((v) => is(v, PgTable))) {
    const c = getTableConfig(table as PgTable);
    names.add(`table ${c.name}`);
    for (const col of c.columns) {
      names.add(`column ${c.name}.${col.name}`);
      if (col.primary) names.add(`index ${c.name}_pkey`);
      if (col.isUnique) names.add(`index ${col.uniqueName}`);
    }
    for (const i of c.indexes) names.add(`index ${i.config.name}`);
    for (const p of c.primaryKeys) names.add(`index ${p.getName()}`);
    for (const u of c.uniqueConstraints) names.add(`index ${u.getName()}`);
  }
  return names;
}

/** The server's source (tests left out), for the leftovers only an upgraded database has. */
function serverSource(): string {
  const dir = join(ROOT, 'apps/server/src');
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('the upgrade debt ledger (docs/upgrade-debt.md), against the catalogue after the migrations', () => {
  it('lists what the catalogue has: none of its leftovers is dropped before its row goes', async () => {
    const entries = ledger();
    expect(entries.length).toBeGreaterThan(5);
    const found = await catalogue();
    const missing = entries
      .filter((e) => !e.isUpgradedOnly && !found.has(`${e.kind} ${e.name}`))
      .map((e) => `${e.kind} ${e.name}`);
    expect(missing, `in ${LEDGER} but gone from the database: remove its row`).toEqual([]);
    const source = serverSource();
    const unhandled = entries.filter((e) => e.isUpgradedOnly && !source.includes(e.name)).map((e) => e.name);
    expect(unhandled, `upgraded databases only, but no server code handles it: remove its row`).toEqual([]);
  });

  it('has every leftover: what the migrations made beyond the Drizzle schema and its hand-written objects', async () => {
    const listed = new Set(ledger().map((e) => `${e.kind} ${e.name}`));
    const schemaOwn = declared();
    const found = await catalogue();
    const forgotten = [...found]
      .filter((name) => {
        const isHandWritten = name.startsWith('trigger ') || name.startsWith('function ');
        return isHandWritten || !schemaOwn.has(name);
      })
      .filter((name) => !(name in PERMANENT) && !listed.has(name))
      .sort();
    expect(forgotten, `left by the migrations but not in ${LEDGER} (or PERMANENT in this test)`).toEqual([]);
    const stale = Object.keys(PERMANENT).filter((name) => !found.has(name));
    expect(stale, 'PERMANENT names what the database no longer has').toEqual([]);
  });
});
