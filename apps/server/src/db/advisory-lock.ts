import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Takes the transaction-level advisory lock `key` (held until the transaction ends) if no other session holds it:
 * how background work runs once among several instances. False: another instance is doing it now.
 */
export async function tryXactLock(tx: Db, key: number): Promise<boolean> {
  const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}::int) as ok`);
  return locked.rows[0]?.ok === true;
}
