import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, deviceTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import type { DeviceContext } from '../../lib/request-context.ts';

/** Device tokens carry a prefix, so logs and people can tell them from session tokens at a glance. */
const PREFIX = 'qdt_';
/** Any authenticated call counts as hearing from the reader; writing last_seen at most this often is enough. */
const TOUCH_EVERY_MS = 10_000;

/** A new token for the device: every older token of that device is revoked in the same transaction. */
export async function issueDeviceToken(db: Db, deviceId: number): Promise<string> {
  const token = PREFIX + newToken(32);
  await db
    .update(deviceTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(deviceTokens.deviceId, deviceId), isNull(deviceTokens.revokedAt)));
  await db.insert(deviceTokens).values({ deviceId, tokenHash: hashToken(token) });
  return token;
}

/** The reader behind a token, or null for anything else (a session token, a revoked one, a deleted device). */
export async function lookupDeviceToken(db: Db, token: string): Promise<DeviceContext | null> {
  if (!token.startsWith(PREFIX)) return null;
  const [row] = await db
    .select({
      deviceId: devices.id,
      companyId: devices.companyId,
      name: devices.name,
      lastSeen: devices.lastSeen,
    })
    .from(deviceTokens)
    .innerJoin(devices, eq(devices.id, deviceTokens.deviceId))
    .where(and(eq(deviceTokens.tokenHash, hashToken(token)), isNull(deviceTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastSeen || Date.now() - row.lastSeen.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(devices)
      .set({ lastSeen: sql`now()` })
      .where(
        and(
          eq(devices.id, row.deviceId),
          or(isNull(devices.lastSeen), lt(devices.lastSeen, sql`now() - interval '10 seconds'`)),
        ),
      );
  }
  return { deviceId: row.deviceId, companyId: row.companyId, name: row.name };
}
