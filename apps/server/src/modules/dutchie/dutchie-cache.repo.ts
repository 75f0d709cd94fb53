import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, dutchieCache } from '../../db/schema/index.ts';

/** One cached Dutchie answer of one company. */
export type CacheKey = { companyId: number; kind: string; params: string };
export type CacheStatus = {
  fetchedAt: Date | null;
  attemptedAt: Date | null;
  errorKind: string | null;
  errorAt: Date | null;
  retryAt: Date | null;
  leaseUntil: Date | null;
};

const where = (k: CacheKey) =>
  and(
    eq(dutchieCache.companyId, k.companyId),
    eq(dutchieCache.kind, k.kind),
    eq(dutchieCache.params, k.params),
  );

/** Everything but the body: a small read done on every request. */
export async function status(db: Db, k: CacheKey): Promise<CacheStatus | null> {
  const [row] = await db
    .select({
      fetchedAt: dutchieCache.fetchedAt,
      attemptedAt: dutchieCache.attemptedAt,
      errorKind: dutchieCache.errorKind,
      errorAt: dutchieCache.errorAt,
      retryAt: dutchieCache.retryAt,
      leaseUntil: dutchieCache.leaseUntil,
    })
    .from(dutchieCache)
    .where(where(k));
  return row ?? null;
}

export async function body(db: Db, k: CacheKey): Promise<{ body: unknown; fetchedAt: Date | null } | null> {
  const [row] = await db
    .select({ body: dutchieCache.body, fetchedAt: dutchieCache.fetchedAt })
    .from(dutchieCache)
    .where(where(k));
  return row ?? null;
}

/**
 * Claims the right to call Dutchie for this row until the lease runs out; false when another request (on this
 * or another instance) holds it. The row is created on first use.
 */
export async function takeLease(db: Db, k: CacheKey, leaseMs: number): Promise<boolean> {
  const until = sql`now() + ${`${Math.ceil(leaseMs)} milliseconds`}::interval`;
  const rows = await db
    .insert(dutchieCache)
    .values({ ...k, leaseUntil: until })
    .onConflictDoUpdate({
      target: [dutchieCache.companyId, dutchieCache.kind, dutchieCache.params],
      set: { leaseUntil: until },
      setWhere: sql`${dutchieCache.leaseUntil} is null or ${dutchieCache.leaseUntil} < now()`,
    })
    .returning({ companyId: dutchieCache.companyId });
  return rows.length > 0;
}

/** What else is written with a new answer, in its transaction (the Dutchie stock events of a snapshot). */
export type OnStore = (tx: Db, opts: { isFirst: boolean }) => Promise<void>;

/**
 * Stores a new answer, and with it (one transaction) whatever `onStore` writes. The row is locked first, so two
 * stores of one key follow each other; an answer older than the one already stored is dropped (an instance whose
 * lease ran out while Dutchie was slow must not put an older snapshot, or its events, over a newer one).
 * `isFirst`: no answer was stored before (a new company, or a replaced key). False when dropped.
 */
export async function saveSuccess(
  db: Db,
  k: CacheKey,
  value: unknown,
  at: Date,
  onStore?: OnStore,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ fetchedAt: dutchieCache.fetchedAt })
      .from(dutchieCache)
      .where(where(k))
      .for('update');
    if (row?.fetchedAt && row.fetchedAt.getTime() >= at.getTime()) return false;
    await tx
      .update(dutchieCache)
      .set({
        body: value,
        fetchedAt: at,
        attemptedAt: at,
        errorKind: null,
        errorAt: null,
        retryAt: null,
        leaseUntil: null,
      })
      .where(where(k));
    await onStore?.(tx, { isFirst: !row?.fetchedAt });
    return true;
  });
}

export async function saveFailure(db: Db, k: CacheKey, kind: string, at: Date, retryAt: Date): Promise<void> {
  await db
    .update(dutchieCache)
    .set({ attemptedAt: at, errorKind: kind, errorAt: at, retryAt, leaseUntil: null })
    .where(where(k));
}

export async function releaseLease(db: Db, k: CacheKey): Promise<void> {
  await db.update(dutchieCache).set({ leaseUntil: null }).where(where(k));
}

/** A replaced key starts from nothing: the old key's answers and backoffs no longer apply. */
export async function clearCompany(db: Db, companyId: number): Promise<void> {
  await db.delete(dutchieCache).where(eq(dutchieCache.companyId, companyId));
}

/** The company's sealed key (null when none is stored). */
export async function sealedKey(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ enc: companies.dutchieApiKeyEnc })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.inventoryType, 'dutchie')));
  return row?.enc ?? null;
}

export async function storeKey(db: Db, companyId: number, sealed: string): Promise<void> {
  await db
    .update(companies)
    .set({ dutchieApiKeyEnc: sealed, updatedAt: new Date() })
    .where(and(eq(companies.id, companyId), eq(companies.inventoryType, 'dutchie')));
}

/**
 * Companies on Dutchie, with a key, whose `kind` answer is missing or older than `olderThanMs`, not backing off
 * after a failure and not being read right now (no live lease): the stalest first, at most `limit`.
 */
export async function companiesDue(
  db: Db,
  kind: string,
  olderThanMs: number,
  limit: number,
): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select c.id from ${companies} c
    left join ${dutchieCache} k on k.company_id = c.id and k.kind = ${kind} and k.params = ''
    where c.inventory_type = 'dutchie' and c.dutchie_api_key_enc is not null
      and (k.fetched_at is null or k.fetched_at < now() - ${`${Math.ceil(olderThanMs)} milliseconds`}::interval)
      and (k.retry_at is null or k.retry_at <= now())
      and (k.lease_until is null or k.lease_until < now())
    order by k.fetched_at nulls first, c.id
    limit ${limit}`);
  return rows.rows.map((r) => Number(r.id));
}
