import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backupCodes, users } from '../../db/schema/index.ts';

export function findTwoFactorState(db: Db, userId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      isEnabled: users.isTwoFactorEnabled,
      secretEnc: users.twoFactorSecretEnc,
      pendingSecretEnc: users.twoFactorPendingSecretEnc,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function setPendingSecret(db: Db, userId: number, pendingSecretEnc: string) {
  await db.update(users).set({ twoFactorPendingSecretEnc: pendingSecretEnc }).where(eq(users.id, userId));
}

/** Turns the pending secret into the active one, if it is still the one the caller checked the code against. */
export async function activatePendingSecret(db: Db, userId: number, pendingSecretEnc: string, step: number) {
  const rows = await db
    .update(users)
    .set({
      twoFactorSecretEnc: pendingSecretEnc,
      twoFactorPendingSecretEnc: null,
      isTwoFactorEnabled: true,
      twoFactorLastStep: step,
    })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isTwoFactorEnabled, false),
        eq(users.twoFactorPendingSecretEnc, pendingSecretEnc),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Records an accepted time step; false when that step (or a later one) was already used: a replayed code. */
export async function claimTotpStep(db: Db, userId: number, step: number) {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function disableTwoFactor(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        isTwoFactorEnabled: false,
        twoFactorSecretEnc: null,
        twoFactorPendingSecretEnc: null,
        twoFactorLastStep: null,
      })
      .where(eq(users.id, userId));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  });
}

/** Old codes stop working the moment new ones exist. */
export async function replaceBackupCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks a backup code used; false when it is unknown or already used (one use each, even under races). */
export async function consumeBackupCode(db: Db, userId: number, codeHash: string) {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)),
    )
    .returning({ id: backupCodes.id });
  return rows.length === 1;
}

export async function countUnusedBackupCodes(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}
