import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, devicePairings } from '../../db/schema/index.ts';

/**
 * Pairings belong to no company until a person confirms one, so these functions are keyed by pairing id or code;
 * the company comes from the confirming person's session.
 */

export type NewPairing = {
  code: string;
  pollSecretHash: string;
  serialNumber: string;
  model: string | null;
  firmware: string | null;
  expiresInSeconds: number;
};

/** Frees the codes of pairings that are no longer live, so they can be handed out again. */
export async function releaseStaleCodes(db: Db) {
  await db
    .update(devicePairings)
    .set({ code: null })
    .where(and(isNotNull(devicePairings.code), lt(devicePairings.expiresAt, sql`now()`)));
  // Old pairings are only kept to answer 410 to a late poll; after a day nobody is polling.
  await db.delete(devicePairings).where(lt(devicePairings.expiresAt, sql`now() - interval '1 day'`));
}

/** Inserts the pairing; undefined when the code is taken by another live pairing (the caller draws again). */
export async function insertPairing(db: Db, p: NewPairing): Promise<string | undefined> {
  const [row] = await db
    .insert(devicePairings)
    .values({
      code: p.code,
      pollSecretHash: p.pollSecretHash,
      serialNumber: p.serialNumber,
      model: p.model,
      firmware: p.firmware,
      expiresAt: sql`now() + ${p.expiresInSeconds} * interval '1 second'`,
    })
    .onConflictDoNothing()
    .returning({ id: devicePairings.id });
  return row?.id;
}

/** Takes a live pairing by its code for the confirming company, atomically: a code binds once. */
export async function claimByCode(db: Db, code: string, companyId: number, userId: number) {
  const [row] = await db
    .update(devicePairings)
    .set({ code: null, confirmedAt: sql`now()`, companyId, confirmedBy: userId })
    .where(
      and(
        eq(devicePairings.code, code),
        isNull(devicePairings.confirmedAt),
        gt(devicePairings.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function setPairingDevice(db: Db, id: string, deviceId: number) {
  await db.update(devicePairings).set({ deviceId }).where(eq(devicePairings.id, id));
}

export async function findPairing(db: Db, id: string) {
  const [row] = await db
    .select({
      id: devicePairings.id,
      pollSecretHash: devicePairings.pollSecretHash,
      isExpired: sql<boolean>`${devicePairings.expiresAt} <= now()`,
      confirmedAt: devicePairings.confirmedAt,
      deliveredAt: devicePairings.deliveredAt,
      companyId: devicePairings.companyId,
      deviceId: devicePairings.deviceId,
    })
    .from(devicePairings)
    .where(eq(devicePairings.id, id))
    .limit(1);
  return row;
}

/**
 * Records a poll unless the previous one was less than `interval` seconds ago; false means too fast. One
 * statement, so two polls at once cannot both pass.
 */
export async function notePoll(db: Db, id: string, intervalSeconds: number): Promise<boolean> {
  const rows = await db
    .update(devicePairings)
    .set({ lastPolledAt: sql`now()` })
    .where(
      and(
        eq(devicePairings.id, id),
        or(
          isNull(devicePairings.lastPolledAt),
          // A little slack: a reader that waits exactly `interval` may arrive a few milliseconds early.
          lt(
            devicePairings.lastPolledAt,
            sql`now() - ${intervalSeconds} * interval '1 second' + interval '200 milliseconds'`,
          ),
        ),
      ),
    )
    .returning({ id: devicePairings.id });
  return rows.length > 0;
}

/** Marks the token handed out; true only for the one poll that does it. */
export async function markDelivered(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(devicePairings)
    .set({ deliveredAt: sql`now()` })
    .where(
      and(
        eq(devicePairings.id, id),
        isNotNull(devicePairings.confirmedAt),
        isNull(devicePairings.deliveredAt),
      ),
    )
    .returning({ id: devicePairings.id });
  return rows.length > 0;
}

/** The name of the company a confirmed pairing joined, told to the reader with its token. */
export async function companyName(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name;
}
