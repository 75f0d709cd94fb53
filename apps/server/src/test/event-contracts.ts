import { isDeepStrictEqual } from 'node:util';
import { WEBHOOK_EVENT_DATA } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Every stored event whose payload is not exactly what its type's contract (WEBHOOK_EVENT_DATA, the webhook's `data`)
 * describes, whoever wrote it (events.repo.ts or the database's trigger): a type with no contract, a field missing,
 * renamed or of another type, or a field the contract does not list. One line each, empty when all keep it.
 */
export async function eventContractBreaches(db: Db): Promise<string[]> {
  const stored = await db.execute<{ id: number; type: string; payload: unknown }>(
    sql`select id, type, payload from events order by id`,
  );
  const contracts: Record<string, (typeof WEBHOOK_EVENT_DATA)[keyof typeof WEBHOOK_EVENT_DATA] | undefined> =
    WEBHOOK_EVENT_DATA;
  return stored.rows.flatMap(({ id, type, payload }) => {
    const contract = contracts[type];
    if (!contract) return [`event ${id} ${type}: no contract in WEBHOOK_EVENT_DATA`];
    const parsed = contract.safeParse(payload);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
      return [`event ${id} ${type}: ${issues.join('; ')} in ${JSON.stringify(payload)}`];
    }
    // The contract's objects drop fields they do not list: what was dropped is a field the contract does not know.
    if (!isDeepStrictEqual(parsed.data, payload))
      return [`event ${id} ${type}: fields not in the contract in ${JSON.stringify(payload)}`];
    return [];
  });
}
