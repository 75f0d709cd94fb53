import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One background queue's backlog: how many jobs wait and how long the oldest has waited (seconds, 0 when none). */
export type QueueDepth = { kind: string; waiting: number; oldestSeconds: number };

/**
 * The queues (src/jobs/kinds.ts), read at scrape time from the records of their pg-boss jobs: e-mails (alerts and
 * account mail) not yet sent nor given up, webhook messages pending (not those held while their endpoint is off),
 * events not yet handed on. `run_at` and `next_attempt_at` are when the next attempt is due (jobs/queue.repo.ts
 * recordOutcome). The one place that knows the queue tables, so a change of the background work's storage changes
 * this function only. Each filter matches a partial index of its table.
 */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  const result = await db.execute<{ kind: string; waiting: number; oldest_seconds: number }>(sql`
    select 'alert-mail' as kind, count(*)::int as waiting,
           coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as oldest_seconds
      from mail_jobs where sent_at is null and failed_at is null and run_at <= now()
    union all
    select 'account-mail', count(*)::int, coalesce(extract(epoch from now() - min(run_at)), 0)::float8
      from account_mail_jobs where sent_at is null and failed_at is null and run_at <= now()
    union all
    select 'webhook', count(*)::int, coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8
      from webhook_messages where status = 'pending' and held_at is null and next_attempt_at <= now()
    union all
    select 'event_dispatch', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
      from events where dispatched_at is null`);
  return result.rows.map((r) => ({
    kind: r.kind,
    waiting: Number(r.waiting),
    oldestSeconds: Math.max(0, Number(r.oldest_seconds)),
  }));
}

export type FleetFigures = {
  readersOffline: number;
  oldestSnapshotSeconds: number;
  printersConnected: number;
};

/**
 * What the fleet looks like across every company: readers marked offline, the oldest good Dutchie snapshot among
 * companies connected to Dutchie, label printers reported by connected print utilities.
 */
export async function fleetFigures(db: Db): Promise<FleetFigures> {
  const result = await db.execute<{
    readers_offline: number;
    oldest_snapshot_seconds: number | null;
    printers_connected: number;
  }>(sql`
    select (select count(*)::int from device_alert_states where is_offline) as readers_offline,
           (select coalesce(sum(jsonb_array_length(printers)), 0)::int from print_agents
             where connected_at is not null) as printers_connected,
           (select extract(epoch from now() - min(c.fetched_at))::float8
              from dutchie_cache c join companies co on co.id = c.company_id
             where c.kind = 'inventory' and c.fetched_at is not null and co.dutchie_api_key_enc is not null)
             as oldest_snapshot_seconds`);
  const row = result.rows[0];
  return {
    readersOffline: Number(row?.readers_offline ?? 0),
    oldestSnapshotSeconds: Math.max(0, Number(row?.oldest_snapshot_seconds ?? 0)),
    printersConnected: Number(row?.printers_connected ?? 0),
  };
}
