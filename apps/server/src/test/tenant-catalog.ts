import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Tables without a company: each says why it may stay global. A new table is either here, with its reason, or a
 * tenant table with company_id (NOT NULL) in its primary key and every unique key (tenant-key.test.ts).
 */
export const GLOBAL_TABLES: Record<string, string> = {
  companies: 'the tenants themselves (a reference table under Citus)',
  users: 'a person, who may belong to several companies (a reference table under Citus)',
  sessions: "looked up by the bearer token's hash before the company is known; a person's sign-in",
  password_reset_tokens: "a person's, looked up by the link's hash",
  backup_codes: "a person's two-factor codes",
  rate_counters: "keyed by a sign-in's e-mail or address, before any company is known",
  waitlist_entries: 'people asking for an account: no company yet',
  account_mail_jobs: "a person's account e-mail (a reset is asked for before any company is known)",
  invitations: "looked up by the invitation link's hash by someone not yet in the company",
  device_pairings:
    'looked up by its code and poll secret before a company confirms it (company_id is set then)',
};

/**
 * Unique keys of tenant tables that may leave company_id out, each with its reason: global secrets, looked up before
 * the company is known, and the previous build's keys kept for one release. Every other key has the company in it.
 */
export const KEYS_WITHOUT_COMPANY: Record<string, string> = {
  device_tokens_hash_unique: "a reader's token is looked up by its hash before the company is known",
  print_agents_token_hash_unique:
    "a print utility's token is looked up by its hash before the company is known",
  api_keys_hash_unique: 'an API key is looked up by its hash before the company is known',
  device_alert_states_device_unique:
    "the previous build's ON CONFLICT target during a rolling upgrade (0022); dropped in the next release",
  webhook_messages_endpoint_event_unique:
    "the previous build's ON CONFLICT target during a rolling upgrade (0022); dropped in the next release",
};

type Row = Record<string, unknown>;

/** What the catalogue says is wrong with the tenant key: one line per problem, none when all is well. */
export async function tenantKeyProblems(db: Db): Promise<string[]> {
  const rows = async (q: ReturnType<typeof sql>) => (await db.execute<Row>(q)).rows;
  const tables = await rows(sql`
    select c.relname::text as name,
      (select not a.attnotnull from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as nullable
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
    order by 1`);
  const skipped = new Set(Object.keys(GLOBAL_TABLES));
  const tenant = new Set<string>();
  const problems: string[] = [];
  for (const t of tables) {
    const name = String(t.name);
    if (skipped.has(name)) continue;
    tenant.add(name);
    if (t.nullable === null)
      problems.push(`${name}: no company_id (add it, or list the table as global with why)`);
    else if (t.nullable === true) problems.push(`${name}: company_id may be null`);
  }
  for (const name of Object.keys(GLOBAL_TABLES)) {
    if (!tables.some((t) => t.name === name))
      problems.push(`${name}: listed as global but there is no such table`);
  }
  const keys = await rows(sql`
    select t.relname::text as table, i.relname::text as index,
      exists (select 1 from generate_series(0, x.indnkeyatts - 1) g
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[g]
        where a.attname = 'company_id') as has_company
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = 'public'::regnamespace and x.indisunique and not t.relispartition
    order by 1, 2`);
  // Key columns only: a column INCLUDEd in an index does not make it unique per company.
  for (const k of keys) {
    const table = String(k.table);
    const index = String(k.index);
    if (!tenant.has(table) || k.has_company || index in KEYS_WITHOUT_COMPANY) continue;
    problems.push(`${table}: unique key ${index} leaves company_id out`);
  }
  // A reference between two tenant tables carries the company: (company_id, x_id) -> (company_id, id).
  const refs = await rows(sql`
    select c.conname::text as name, t.relname::text as table, r.relname::text as ref, i.relname::text as ref_key,
      exists (select 1 from unnest(c.conkey, c.confkey) as p(k, fk)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = p.k
        join pg_attribute b on b.attrelid = c.confrelid and b.attnum = p.fk
        where a.attname = 'company_id' and b.attname = 'company_id') as carries_company
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid
      join pg_class i on i.oid = c.conindid
    where c.contype = 'f' and t.relnamespace = 'public'::regnamespace and c.conparentid = 0
    order by 1`);
  for (const f of refs) {
    const [table, ref] = [String(f.table), String(f.ref)];
    if (!tenant.has(table) || !tenant.has(ref) || f.carries_company) continue;
    if (String(f.ref_key) in KEYS_WITHOUT_COMPANY) continue;
    problems.push(`${table}: reference ${f.name} to ${ref} does not carry company_id`);
  }
  for (const index of Object.keys(KEYS_WITHOUT_COMPANY)) {
    if (!keys.some((k) => k.index === index))
      problems.push(`${index}: listed as an exception but no such key`);
  }
  return problems;
}
