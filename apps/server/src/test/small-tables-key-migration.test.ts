import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { migratedOverData } from './migrations.ts';

// 0022_small_tables_tenant_key on a database with data: readers, events, webhooks, conversations and print utilities
// get the company in their keys without losing a row, the references still cascade or clear as before, and what a
// server of the previous build still writes during a rolling upgrade keeps working.

let database: Database;
let cleanUp = async () => {};

const count = async (table: string) =>
  Number(
    (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))
      .rows[0]?.n,
  );

beforeAll(async () => {
  ({ database, cleanUp } = await migratedOverData('_small_tables_tenant_key', async (old) => {
    const run = (q: ReturnType<typeof sql>) => old.db.execute(q);
    await run(sql`insert into companies (id, name) values (1, 'A'), (2, 'B')`);
    await run(
      sql`insert into users (id, email, password_hash) values (1, 'a@example.com', 'x'), (2, 'b@example.com', 'x')`,
    );
    await run(sql`insert into devices (id, company_id, name, serial_number) values
      (1, 1, 'Dock reader', 'SN1'), (2, 1, 'Floor reader', 'SN2'), (3, 2, 'Other reader', 'SN3')`);
    await run(
      sql`insert into device_tokens (device_id, company_id, token_hash) values (1, 1, 'h1'), (2, 1, 'h2'), (3, 2, 'h3')`,
    );
    await run(
      sql`insert into device_alert_states (device_id, company_id, is_offline) values (1, 1, true), (3, 2, false)`,
    );
    await run(sql`insert into audits (id, company_id, device_id, device_name, client_audit_id, name) values
      (1, 1, 1, 'Dock reader', '00000000-0000-4000-8000-000000000001', 'Dock count')`);
    await run(sql`insert into events (id, company_id, type, payload) values
      (1, 1, 'device.offline', '{}'), (2, 1, 'audit.completed', '{}'), (3, 2, 'device.offline', '{}')`);
    await run(
      sql`insert into notification_reads (company_id, user_id, event_id) values (1, 1, 1), (2, 2, 3)`,
    );
    await run(sql`insert into webhook_endpoints (id, company_id, url, events, secret_enc) overriding system value values
      (1, 1, 'https://hooks.example.com/a', '{audit.completed}', 'sealed'),
      (2, 2, 'https://hooks.example.com/b', '{device.offline}', 'sealed')`);
    await run(sql`insert into webhook_messages (id, endpoint_id, company_id, event_id, msg_id, type, body) values
      (1, 1, 1, 2, 'msg_1', 'audit.completed', '{}'), (2, 2, 2, 3, 'msg_2', 'device.offline', '{}')`);
    await run(sql`insert into webhook_attempts (company_id, message_id, endpoint_id, is_success, duration_ms) values
      (1, 1, 1, true, 40), (2, 2, 2, false, 50)`);
    await run(
      sql`insert into chat_conversations (id, company_id, user_id, title) values (1, 1, 1, 'Stock'), (2, 2, 2, 'Readers')`,
    );
    await run(sql`insert into chat_messages (conversation_id, company_id, user_id, sender, content) values
      (1, 1, 1, 'user', 'How many jars?'), (2, 2, 2, 'user', 'Which readers are offline?')`);
    await run(
      sql`insert into print_agents (id, company_id, user_id, name, token_hash) values (1, 1, 1, 'Front desk', 'p1')`,
    );
    await run(sql`insert into print_jobs (company_id, agent_id, product_name, sku, epc, printer_name, quantity) values
      (1, 1, 'Jar', 'JAR', '4A4152303030303030303030', 'ZD621', 2)`);
  }));
});
afterAll(() => cleanUp());

describe('the company in the keys of the smaller tenant tables', () => {
  it('keeps every row, with the company first in each primary key', async () => {
    const counts: Record<string, number> = {};
    for (const t of [
      'devices',
      'device_tokens',
      'device_alert_states',
      'events',
      'notification_reads',
      'webhook_endpoints',
      'webhook_messages',
      'webhook_attempts',
      'chat_conversations',
      'chat_messages',
      'print_agents',
      'print_jobs',
    ])
      counts[t] = await count(t);
    expect(counts).toEqual({
      devices: 3,
      device_tokens: 3,
      device_alert_states: 2,
      events: 3,
      notification_reads: 2,
      webhook_endpoints: 2,
      webhook_messages: 2,
      webhook_attempts: 2,
      chat_conversations: 2,
      chat_messages: 2,
      print_agents: 1,
      print_jobs: 1,
    });
    const keys = await database.db.execute<{ table: string; columns: string }>(sql`
      select c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as columns from pg_constraint c
      where c.contype = 'p' and c.conrelid::regclass::text in ('devices', 'events', 'webhook_messages', 'print_agents')
      order by 1`);
    expect(keys.rows).toEqual([
      { table: 'devices', columns: 'PRIMARY KEY (company_id, id)' },
      { table: 'events', columns: 'PRIMARY KEY (company_id, id)' },
      { table: 'print_agents', columns: 'PRIMARY KEY (company_id, id)' },
      { table: 'webhook_messages', columns: 'PRIMARY KEY (company_id, id)' },
    ]);
  });

  it('refuses a reference to another company’s reader', async () => {
    await expect(
      database.db.execute(
        sql`insert into device_tokens (device_id, company_id, token_hash) values (3, 1, 'stolen')`,
      ),
    ).rejects.toThrow();
    expect(await count('device_tokens')).toBe(3);
  });

  it("accepts the previous build's writes during a rolling upgrade (its ON CONFLICT targets)", async () => {
    // What a server before 0022 runs on a heartbeat and when it hands an event on to a webhook.
    const state = await database.db.execute<{ is_offline: boolean }>(sql`
      insert into device_alert_states (device_id, company_id) values (1, 1)
      on conflict (device_id) do update set device_id = excluded.device_id returning is_offline`);
    expect(state.rows).toEqual([{ is_offline: true }]);
    await database.db.execute(sql`
      insert into webhook_messages (id, endpoint_id, company_id, event_id, msg_id, type, body)
      values (3, 1, 1, 2, 'msg_again', 'audit.completed', '{}') on conflict (endpoint_id, event_id) do nothing`);
    expect(await count('webhook_messages')).toBe(2);
  });

  it('deletes a reader with its tokens and alert state, and keeps its audits with its name', async () => {
    await database.db.execute(sql`delete from devices where company_id = 1 and id = 1`);
    const tokens = await database.db.execute(sql`select device_id from device_tokens order by device_id`);
    expect(tokens.rows).toEqual([{ device_id: 2 }, { device_id: 3 }]);
    const states = await database.db.execute(sql`select device_id from device_alert_states`);
    expect(states.rows).toEqual([{ device_id: 3 }]);
    const audit = await database.db.execute(sql`select company_id, device_id, device_name from audits`);
    expect(audit.rows).toEqual([{ company_id: 1, device_id: null, device_name: 'Dock reader' }]);
  });

  it('deletes an endpoint with its messages and attempts, a conversation with its messages, and keeps print jobs', async () => {
    await database.db.execute(sql`delete from webhook_endpoints where company_id = 1 and id = 1`);
    expect(await count('webhook_messages')).toBe(1);
    expect(await count('webhook_attempts')).toBe(1);
    await database.db.execute(sql`delete from chat_conversations where company_id = 2 and id = 2`);
    expect(await count('chat_messages')).toBe(1);
    await database.db.execute(sql`delete from events where company_id = 1 and id = 1`);
    expect(await count('notification_reads')).toBe(1);
    await database.db.execute(sql`delete from print_agents where company_id = 1 and id = 1`);
    const jobs = await database.db.execute(sql`select company_id, agent_id, product_name from print_jobs`);
    expect(jobs.rows).toEqual([{ company_id: 1, agent_id: null, product_name: 'Jar' }]);
  });
});
