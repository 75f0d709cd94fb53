import { API_KEY_PREFIX, API_KEY_SCOPE_NAMES, type TApiKeyScope } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { type ApiKeyContext, apiKeyAsActor, type ClientInfo } from '../../lib/request-context.ts';
import { recordSecurityEvent } from '../activity/activity.service.ts';
import * as repo from './api-keys.repo.ts';

/** Last use is approximate: written at most once a minute per key, not on every call. */
const TOUCH_EVERY_MS = 60_000;
/** A revoked key still calling is told of in the security log at most this often (a till may retry all day). */
const REFUSAL_LOG_EVERY_MS = 10 * 60_000;

/** A new key (`qk_` and 32 random bytes in base64url) and what is stored of it: its SHA-256 and first characters. */
export function newApiKey(): { key: string; keyHash: string } {
  const key = API_KEY_PREFIX + newToken(32);
  return { key, keyHash: hashToken(key) };
}

/** Whether a bearer token is meant as an API key (it is then looked up as one, and only as one). */
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

const KNOWN_SCOPES: ReadonlySet<string> = new Set(API_KEY_SCOPE_NAMES);

/**
 * Looks API keys up by their hash on every call (a revocation holds from the next request, on every instance), keeps
 * their last use roughly current, and writes a revoked key's refusals to the security log, throttled. Answers the
 * key's context, 'revoked', or null for no such key.
 */
export function apiKeyAuthenticator(db: Db) {
  const lookup = repo.keyLookup(db);
  return async (key: string, client: ClientInfo): Promise<ApiKeyContext | 'revoked' | null> => {
    const found = await lookup(hashToken(key));
    if (!found) return null;
    if (found.revokedAt) {
      await logRefusal(db, found, client);
      return 'revoked';
    }
    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      await repo.touchKey(db, found, TOUCH_EVERY_MS);
    }
    return {
      id: found.id,
      companyId: found.companyId,
      name: found.name,
      // A scope a later release retired opens nothing.
      scopes: found.scopes.filter((s): s is TApiKeyScope => KNOWN_SCOPES.has(s)),
      inventoryType: found.inventoryType === 'dutchie' ? 'dutchie' : 'manual',
    };
  };
}

async function logRefusal(db: Db, found: repo.FoundKey, client: ClientInfo) {
  if (await repo.refusedLately(db, found, REFUSAL_LOG_EVERY_MS)) return;
  await recordSecurityEvent(db, {
    companyId: found.companyId,
    performer: apiKeyAsActor(found),
    action: 'security.api_key_refused',
    message: `API key ${found.name} was refused: it has been revoked`,
    metadata: { api_key_id: found.id },
    client,
  });
}
