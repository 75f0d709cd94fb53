import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import * as repo from './devices.repo.ts';

/** Device tokens carry a prefix, so logs and people can tell them from session tokens at a glance. */
const PREFIX = 'qdt_';
/** Any authenticated call counts as hearing from the reader; writing last_seen at most this often is enough. */
const TOUCH_EVERY_MS = 10_000;

/** A new token for the device: every older token of that device is revoked in the same transaction. */
export async function issueDeviceToken(db: Db, companyId: number, deviceId: number): Promise<string> {
  const token = PREFIX + newToken(32);
  await repo.revokeTokens(db, companyId, deviceId);
  await repo.insertToken(db, companyId, deviceId, hashToken(token));
  return token;
}

/** The reader behind a token, or null for anything else (a session token, a revoked one, a deleted device). */
export async function lookupDeviceToken(db: Db, token: string): Promise<DeviceContext | null> {
  if (!token.startsWith(PREFIX)) return null;
  const row = await repo.findByTokenHash(db, hashToken(token));
  // A fixed reader's token is its webhook password: it opens the webhook (HTTP Basic), not the reader protocol.
  if (!row || row.kind === 'fixed') return null;
  return heardFrom(db, row);
}

/** Any authenticated call counts as hearing from the device: last_seen is written at most every 10 seconds. */
export async function heardFrom(
  db: Db,
  row: { deviceId: number; companyId: number; name: string; kind?: string; lastSeen: Date | null },
): Promise<DeviceContext> {
  if (!row.lastSeen || Date.now() - row.lastSeen.getTime() > TOUCH_EVERY_MS) {
    await repo.touchLastSeen(db, row, TOUCH_EVERY_MS / 1000);
  }
  return { deviceId: row.deviceId, companyId: row.companyId, name: row.name, kind: row.kind };
}
