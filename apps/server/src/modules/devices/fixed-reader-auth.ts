import type { Db } from '../../db/client.ts';
import { hashToken } from '../../lib/crypto.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import { touchLastSeen } from './devices.repo.ts';
import { findByPasswordHash } from './fixed-reader.repo.ts';

/** Writing last_seen at most this often is enough (as for handhelds' device tokens). */
const TOUCH_EVERY_MS = 10_000;

/** The user name and password of an `Authorization: Basic <base64(user:password)>` header, or null. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const encoded = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The fixed reader behind HTTP Basic credentials: the password is a device token (globally unique, stored as a
 * hash), and the user name must be that device's serial number, of a fixed reader. Anything else is null. A
 * successful call counts as hearing from the reader (its heartbeat).
 */
export async function lookupFixedReader(db: Db, header: string | undefined): Promise<DeviceContext | null> {
  const credentials = basicCredentials(header);
  if (!credentials || credentials.password.length === 0 || credentials.password.length > 200) return null;
  const row = await findByPasswordHash(db, hashToken(credentials.password));
  if (row?.kind !== 'fixed' || row.serialNumber !== credentials.user) return null;
  if (!row.lastSeen || Date.now() - row.lastSeen.getTime() > TOUCH_EVERY_MS) {
    await touchLastSeen(db, row.deviceId, TOUCH_EVERY_MS / 1000);
  }
  return { deviceId: row.deviceId, companyId: row.companyId, name: row.name };
}
