import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, MIGRATIONS_DIR } from '../db/client.ts';
import { migrationsBefore } from './migrations.ts';
import { tenantKeyProblems } from './tenant-catalog.ts';
import { newPostgresDatabase } from './test-app.ts';

/** The migration under test, found by its name (the lead renumbers migrations when merging). */
const TAG = '_tenant_key';

/** A raw database on either engine, migrated by hand: the tests' databases migrate everything when opened. */
type Raw = {
  db: Db;
  run: (text: string) => Promise<void>;
  rows: <T = Record<string, unknown>>(text: string) => Promise<T[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
};

async function openRaw(): Promise<Raw> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = new PGlite({ extensions: { pg_trgm, btree_gin } });
    return {
      db: drizzlePglite(client) as unknown as Db,
      run: async (text) => {
        await client.exec(text);
      },
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { url, drop } = await newPostgresDatabase(serverUrl, 'quantics_migration');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    run: async (text) => {
      await pool.query(text);
    },
    rows: async <T>(text: string) => (await pool.query(text)).rows as T[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await drop();
    },
  };
}

/**
 * A row in every table, for two companies, as the schema was before the tenant key. Company 2's second audit has a
 * far higher id, so the backfill's chunks of audit ids are crossed.
 */
const FIXTURE = `
insert into companies (id, name) values (1, 'A'), (2, 'B');
insert into users (id, email, password_hash) values (1, 'a@a.test', 'x'), (2, 'b@b.test', 'x');
insert into memberships (user_id, company_id, role) values (1, 1, 'admin'), (2, 2, 'admin');
insert into sessions (token_hash, user_id, company_id, expires_at) values ('s1', 1, 1, now() + interval '1 day');
insert into locations (id, company_id, name) values (1, 1, 'Store A'), (2, 2, 'Store B');
insert into locations (id, company_id, name, parent_location_id) values (3, 1, 'Shelf A', 1), (4, 2, 'Shelf B', 2);
insert into products (id, company_id, name, sku, rfid_tag, epc, location_id, quantity, vendor)
  values (1, 1, 'Jar', 'JAR', 'JAR000000000', '4A4152303030303030303030', 3, 5, 'Acme'),
         (2, 2, 'Box', 'BOX', 'BOX000000000', '424F58303030303030303030', 4, 7, null),
         (3, 2, 'Cup', 'CUP', 'CUP000000000', '435550303030303030303030', 2, 1, null);
insert into devices (id, company_id, name, serial_number, location_id) values (1, 1, 'R-A', 'SA', 3), (2, 2, 'R-B', 'SB', 4);
insert into device_pairings (code, poll_secret_hash, serial_number, expires_at, company_id, device_id)
  values ('ABCD', 'p', 'SA', now() + interval '1 hour', 1, 1);
insert into device_tokens (device_id, token_hash) values (1, 'ta'), (2, 'tb');
insert into audits (id, company_id, device_id, client_audit_id, name, location_id, status)
  values (1, 1, 1, gen_random_uuid(), 'A count', 3, 'completed'),
         (2, 2, 2, gen_random_uuid(), 'B count', 4, 'completed'),
         (25001, 2, 2, gen_random_uuid(), 'B later', 2, 'in_progress');
insert into audit_batches (audit_id, batch_seq, read_count, content_hash)
  values (1, 0, 1, null), (2, 0, 1, 'h'), (25001, 0, 2, null), (25001, 1, 1, null);
insert into audit_expected (audit_id, epc, package_id, name, rfid_tag, expected, in_scope)
  values (2, '424F58303030303030303030', 'P1', 'Box', 'BOX000000000', 7, true),
         (25001, '435550303030303030303030', 'P2', 'Cup', 'CUP000000000', 1, false);
insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc)
  values (1, 1, 0, 0, decode('4A4152303030303030303030', 'hex')), (2, 2, 0, 0, decode('424F58303030303030303030', 'hex')),
         (2, 25001, 0, 0, '\\xAA'), (2, 25001, 0, 1, '\\xBB'), (2, 25001, 1, 0, '\\xCC');
insert into audit_tags (company_id, audit_id, epc, tids, reads)
  values (1, 1, decode('4A4152303030303030303030', 'hex'), 0, 1), (2, 2, decode('424F58303030303030303030', 'hex'), 0, 1);
insert into audit_discrepancies (audit_id, product_id, epc, expected_quantity, found_quantity, discrepancy_type)
  values (1, 1, '4A4152303030303030303030', 5, 1, 'shortage'), (2, 2, '424F58303030303030303030', 7, 8, 'overage'),
         (25001, null, 'AA', 0, 1, 'unknown'), (25001, 3, '435550303030303030303030', 1, 0, 'shortage');
insert into events (id, company_id, type, payload) values (1, 1, 'audit.completed', '{}'), (2, 2, 'audit.completed', '{}');
insert into notification_cursors (user_id, company_id, read_up_to) values (1, 1, 0);
insert into notification_reads (user_id, event_id) values (1, 1), (2, 2);
insert into notification_settings (user_id, company_id) values (1, 1);
insert into mail_jobs (company_id, to_email, message) values (1, 'a@a.test', '{}'), (2, 'b@b.test', '{}');
insert into webhook_endpoints (company_id, url, events, secret_enc)
  values (1, 'https://a.test/h', array['audit.completed'], 'x'), (2, 'https://b.test/h', array['audit.completed'], 'x');
insert into webhook_messages (id, endpoint_id, company_id, event_id, msg_id, type, body)
  select e.company_id, e.id, e.company_id, e.company_id, 'm' || e.id, 'audit.completed', '{}' from webhook_endpoints e;
insert into webhook_attempts (message_id, endpoint_id, is_success, duration_ms)
  select m.id, m.endpoint_id, true, 5 from webhook_messages m;
insert into device_alert_states (device_id, company_id) values (1, 1);
insert into dutchie_stock_states (company_id, package_id, state) values (2, 'P1', 'in-stock');
insert into chat_conversations (id, company_id, user_id, title) values (1, 1, 1, 'Hi');
insert into chat_messages (conversation_id, company_id, user_id, sender, content) values (1, 1, 1, 'user', 'hello');
insert into dutchie_cache (company_id, kind) values (2, 'inventory');
insert into print_agents (id, company_id, user_id, name, token_hash) values (1, 1, 1, 'PC', 'pa');
insert into print_jobs (company_id, user_id, agent_id, product_id, product_name, sku, epc, printer_name, quantity)
  values (1, 1, 1, 1, 'Jar', 'JAR', '4A4152303030303030303030', 'Zebra', 2),
         (2, 2, null, 2, 'Box', 'BOX', '424F58303030303030303030', 'Zebra', 1);
insert into gs1_prefixes (company_id, prefix) values (1, '0614141');
insert into gs1_serials (company_id, gtin, last_serial) values (1, '00614141123452', 10);
insert into label_settings (company_id, width_inches, height_inches, dpi) values (1, 2, 1, 203);
insert into password_reset_tokens (user_id, token_hash, expires_at) values (1, 'r', now());
insert into backup_codes (user_id, code_hash) values (1, 'c');
insert into rate_counters (key, reset_at) values ('k', now());
insert into invitations (company_id, email, role, token_hash, expires_at) values (1, 'c@a.test', 'member', 'i', now());
insert into activity_log (company_id, performer_type, performer_name, action, type, message)
  values (1, 'user', 'A', 'x', 'audit', 'a'), (2, 'user', 'B', 'x', 'audit', 'b');
insert into waitlist_entries (name, email) values ('W', 'w@w.test');
`;

/** The tables that get company_id from their parent, and the parent that says which company each row is. */
const BACKFILLED: Record<string, string> = {
  audit_batches:
    'select count(*)::int as n from audit_batches c join audits p on p.id = c.audit_id where p.company_id = c.company_id',
  audit_expected:
    'select count(*)::int as n from audit_expected c join audits p on p.id = c.audit_id where p.company_id = c.company_id',
  audit_discrepancies:
    'select count(*)::int as n from audit_discrepancies c join audits p on p.id = c.audit_id where p.company_id = c.company_id',
  device_tokens:
    'select count(*)::int as n from device_tokens c join devices p on p.id = c.device_id where p.company_id = c.company_id',
  notification_reads:
    'select count(*)::int as n from notification_reads c join events p on p.id = c.event_id where p.company_id = c.company_id',
  webhook_attempts:
    'select count(*)::int as n from webhook_attempts c join webhook_messages p on p.id = c.message_id where p.company_id = c.company_id',
};

/** Columns later migrations add (with their defaults) or drop: not this migration's to keep. */
const LATER_COLUMNS: Record<string, string[]> = {
  // 0043_zones: record_accuracy.
  audits: ['packages_expected', 'packages_found', 'recount_of', 'plan_id', 'record_accuracy'],
  audit_expected: ['is_package', 'units'],
  audit_discrepancies: [
    'codes',
    'code_format',
    // 0025_count_reviews: the line's review.
    'unit_cost',
    'needs_approval',
    'decision',
    'reason_code_id',
    'decision_note',
    'decided_by',
    'decided_by_name',
    'decided_at',
    'recount_audit_id',
    // 0037_stock_movements: a count in a trading store.
    'expected_at_start',
    'moved_during',
  ],
  // 0036_stock_on_products: the product's stock rows beside its total.
  // 0043_zones: the floor's minimum.
  products: ['stock_places', 'stock_quantities', 'floor_min'],
  // 0041_epcis: a place's GLN; 0043_zones: its kind.
  locations: ['gln', 'kind', 'kind_reviewed_at'],
  // 0024_fixed_reader_interface, 0026_count_plans.
  devices: ['webhook_interface'],
  // 0045_onboarding_dismissed: the getting-started card hidden.
  companies: ['time_zone', 'onboarding_dismissed_at'],
  // 0033_alert_mail_on_pgboss drops the lease (pg-boss's now).
  mail_jobs: ['locked_until'],
  // 0034_webhooks_and_events_on_pgboss drops the lease and adds the hold.
  webhook_messages: ['locked_until', 'held_at'],
};

async function allRows(raw: Raw, tables: string[]) {
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    // The new column aside (checked below), each row is the same, company_id included where it was before.
    const later = (LATER_COLUMNS[t] ?? []).map((c) => ` - '${c}'`).join('');
    const json = `${t in BACKFILLED ? `to_jsonb(t) - 'company_id'` : 'to_jsonb(t)'}${later}`;
    const rows = await raw.rows<{ row: string }>(`select (${json})::text as row from "${t}" t`);
    out[t] = rows.map((r) => r.row).sort();
  }
  return out;
}

let raw: Raw;
let before: Record<string, string[]>;
let tables: string[];
let problemsBefore: string[];

beforeAll(async () => {
  raw = await openRaw();
  const old = migrationsBefore(TAG);
  try {
    await raw.migrate(old.dir);
  } finally {
    old.remove();
  }
  await raw.run(FIXTURE);
  problemsBefore = await tenantKeyProblems(raw.db);
  tables = (
    await raw.rows<{ name: string }>(
      `select relname::text as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
       and not relispartition order by 1`,
    )
  ).map((r) => r.name);
  before = await allRows(raw, tables);
  await raw.migrate(MIGRATIONS_DIR);
}, 180_000);
afterAll(() => raw.close());

describe('the tenant key migration on a database with data', () => {
  it('started from a row in every table, and the catalogue check finds the old schema wanting', () => {
    const empty = Object.entries(before).filter(([, rows]) => rows.length === 0);
    expect(empty).toEqual([]);
    expect(problemsBefore).toEqual(
      expect.arrayContaining([
        'audit_batches: no company_id (add it, or list the table as global with why)',
        'products: unique key products_pkey leaves company_id out',
      ]),
    );
  });

  it('keeps every row of every table as it was', async () => {
    expect(await allRows(raw, tables)).toEqual(before);
  });

  it("gives each child row its parent's company, and leaves the catalogue check nothing to say", async () => {
    for (const [table, matching] of Object.entries(BACKFILLED)) {
      const [total] = await raw.rows<{ n: number }>(`select count(*)::int as n from ${table}`);
      const [right] = await raw.rows<{ n: number }>(matching);
      expect({ table, n: right?.n }).toEqual({ table, n: total?.n });
    }
    const b = await raw.rows<{ company_id: number; n: number }>(
      'select company_id, count(*)::int as n from audit_batches group by 1 order by 1',
    );
    expect(b).toEqual([
      { company_id: 1, n: 1 },
      { company_id: 2, n: 3 },
    ]);
    expect(await tenantKeyProblems(raw.db)).toEqual([]);
  });

  it('takes the company from the parent when an instance on the previous build inserts without it', async () => {
    await raw.run(`insert into audit_batches (audit_id, batch_seq, read_count) values (2, 1, 1);
      insert into audit_expected (audit_id, epc, package_id, name, rfid_tag, expected, in_scope)
        values (1, 'AB', 'P9', 'X', 'X', 1, true);
      insert into audit_discrepancies (audit_id, epc, expected_quantity, found_quantity, discrepancy_type)
        values (2, 'AB', 0, 1, 'unknown');
      insert into device_tokens (device_id, token_hash) values (2, 'tb2');
      insert into notification_reads (user_id, event_id) values (2, 1);
      insert into webhook_attempts (message_id, endpoint_id, is_success, duration_ms) values (2, 2, false, 9);`);
    const got = await raw.rows(`select
      (select company_id from audit_batches where audit_id = 2 and batch_seq = 1) as batch,
      (select company_id from audit_expected where epc = 'AB') as expected,
      (select company_id from audit_discrepancies where audit_id = 2 and epc = 'AB') as discrepancy,
      (select company_id from device_tokens where token_hash = 'tb2') as token,
      (select company_id from notification_reads where user_id = 2 and event_id = 1) as read,
      (select company_id from webhook_attempts where duration_ms = 9) as attempt`);
    expect(got).toEqual([{ batch: 2, expected: 1, discrepancy: 2, token: 2, read: 1, attempt: 2 }]);
  });

  it('keeps what deleting does: a location or product clears only its reference, an audit takes its rows, reads and tags', async () => {
    await raw.run('delete from locations where id = 3');
    const [jar] = await raw.rows('select company_id, location_id from products where id = 1');
    expect(jar).toEqual({ company_id: 1, location_id: null });
    const [reader] = await raw.rows('select company_id, location_id from devices where id = 1');
    expect(reader).toEqual({ company_id: 1, location_id: null });
    await expect(raw.run('delete from locations where id = 2')).rejects.toThrow(/foreign key/);
    await raw.run('delete from products where id = 3');
    const [row] = await raw.rows(
      "select company_id, product_id, product_sku is null as no_sku from audit_discrepancies where epc = '435550303030303030303030'",
    );
    expect(row).toEqual({ company_id: 2, product_id: null, no_sku: true });
    await raw.run('delete from audits where id = 25001');
    const left = await raw.rows<{ n: number }>(
      `select (select count(*) from audit_batches where audit_id = 25001)
        + (select count(*) from audit_expected where audit_id = 25001)
        + (select count(*) from audit_discrepancies where audit_id = 25001)
        + (select count(*) from audit_reads where audit_id = 25001) as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
    await raw.run('delete from audits where id = 2');
    const tags = await raw.rows<{ n: number }>(
      `select (select count(*) from audit_tags where audit_id = 2) + (select count(*) from audit_reads where audit_id = 2) as n`,
    );
    expect(Number(tags[0]?.n)).toBe(0);
  });
});
