import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

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
