import {
  API_KEY_MESSAGES,
  API_KEY_SHOWN_CHARS,
  API_KEYS_MAX,
  type TApiKey,
  type TApiKeyScope,
  type TCreatedApiKey,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordSecurityEvent, userPerformer } from '../activity/activity.service.ts';
import { newApiKey } from './api-key-auth.ts';
import * as repo from './api-keys.repo.ts';

function view(row: repo.ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, companyId: number): Promise<{ data: TApiKey[] }> {
  return { data: (await repo.listKeys(db, companyId)).map(view) };
}

/** A new key for the caller's company: the answer holds the key itself, this once; only its hash is kept. */
export async function createApiKey(
  db: Db,
  admin: AuthContext,
  input: { name: string; scopes: TApiKeyScope[] },
  client: ClientInfo,
): Promise<TCreatedApiKey> {
  const { key, keyHash } = newApiKey();
  const performer = userPerformer(admin);
  const row = await db.transaction(async (tx) => {
    if ((await repo.countKeys(tx, admin.companyId)) >= API_KEYS_MAX) throw conflict(API_KEY_MESSAGES.tooMany);
    const inserted = await repo.insertKey(tx, {
      companyId: admin.companyId,
      name: input.name,
      scopes: input.scopes,
      keyHash,
      prefix: key.slice(0, API_KEY_SHOWN_CHARS),
      createdBy: admin.userId,
      createdByName: performer.name,
    });
    await recordSecurityEvent(tx, {
      companyId: admin.companyId,
      performer,
      action: 'security.api_key_created',
      message: `${performer.name} created the API key ${input.name} (${input.scopes.join(', ')})`,
      metadata: { api_key_id: inserted.id, scopes: input.scopes },
      client,
    });
    return inserted;
  });
  return { ...view(row), key };
}

/**
 * Revokes a key of the caller's company: refused from the next request on. Revoking it again changes nothing and
 * logs nothing; another company's key is not found, like a key that does not exist.
 */
export async function revokeApiKey(
  db: Db,
  admin: AuthContext,
  id: number,
  client: ClientInfo,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.findKeyForUpdate(tx, admin.companyId, id);
    if (!current) throw notFound(API_KEY_MESSAGES.notFound);
    if (current.revokedAt) return;
    await repo.revokeKey(tx, admin.companyId, id);
    const performer = userPerformer(admin);
    await recordSecurityEvent(tx, {
      companyId: admin.companyId,
      performer,
      action: 'security.api_key_revoked',
      message: `${performer.name} revoked the API key ${current.name}`,
      metadata: { api_key_id: id },
      client,
    });
  });
}
