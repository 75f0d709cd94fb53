import type { Db } from '../../../db/client.ts';
import { hashToken } from '../../../lib/crypto.ts';
import type { DeviceContext } from '../../../lib/request-context.ts';
import { heardFrom } from '../../devices/device-token.ts';
import { findByTokenHash } from '../../devices/devices.repo.ts';

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
  const row = await findByTokenHash(db, hashToken(credentials.password));
  if (row?.kind !== 'fixed' || row.serialNumber !== credentials.user) return null;
  return heardFrom(db, row);
}
