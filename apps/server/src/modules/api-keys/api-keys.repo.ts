import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activityLog, apiKeys, companies } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A company's keys, newest first (revoked ones too: the security log names them). */
export const listKeys = (db: Db, companyId: number) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export async function countKeys(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.companyId, companyId));
  return row?.n ?? 0;
}

export async function insertKey(
  db: Db,
  v: {
    companyId: number;
    name: string;
    scopes: string[];
    keyHash: string;
    prefix: string;
    createdBy: number;
    createdByName: string;
  },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(v).returning();
  if (!row) throw new Error('insert api key returned nothing');
  return row;
}

/** The key, locked until the transaction ends (two revocations at once: one writes the log). */
export async function findKeyForUpdate(
  db: Db,
  companyId: number,
  id: number,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
    .for('update');
  return row;
}

export async function revokeKey(db: Db, companyId: number, id: number): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/**
 * The key behind a hash, with its company's inventory type, revoked or not (the caller tells them apart). Every call
 * with a key makes this lookup by the unique hash, so a revocation takes effect on the next request everywhere.
 */
export function keyLookup(db: Db) {
  const query = db
    .select({
      id: apiKeys.id,
      companyId: apiKeys.companyId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      inventoryType: companies.inventoryType,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('api_key_lookup');
  return async (keyHash: string) => (await query.execute({ keyHash }))[0];
}
export type FoundKey = NonNullable<Awaited<ReturnType<ReturnType<typeof keyLookup>>>>;

/** Last use, written at most once per `everyMs` per key: the `where` lets one of concurrent requests write it. */
export async function touchKey(db: Db, key: { companyId: number; id: number }, everyMs: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.companyId, key.companyId),
        eq(apiKeys.id, key.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - everyMs))),
      ),
    );
}

/** Whether the security log already tells of this revoked key being refused in the last `withinMs`. */
export async function refusedLately(
  db: Db,
  key: { companyId: number; id: number },
  withinMs: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.companyId, key.companyId),
        gt(activityLog.createdAt, new Date(Date.now() - withinMs)),
        eq(activityLog.action, 'security.api_key_refused'),
        eq(activityLog.performerId, key.id),
      ),
    )
    .limit(1);
  return row !== undefined;
}
