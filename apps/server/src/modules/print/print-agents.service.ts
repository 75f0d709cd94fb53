import {
  hasRole,
  normalizeRole,
  PRINT_AGENT_TOKEN_PREFIX,
  PRINT_MESSAGES,
  type TPrintAgent,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { type AuthContext, bearerToken } from '../../lib/request-context.ts';
import * as repo from './print.repo.ts';
import { AGENT_STALE_MS } from './print.repo.ts';

/** The identity a utility token carries: its person, in the company they signed it in to. */
export type AgentIdentity = { agentId: number; companyId: number; userId: number; name: string };

/**
 * A new utility token for the signed-in caller in their current company. Only its hash is kept; the token is
 * shown once, to the utility that asked.
 */
export async function createAgent(db: Db, auth: AuthContext, name: string, ip: string | null = null) {
  const token = `${PRINT_AGENT_TOKEN_PREFIX}${newToken()}`;
  const agent = await repo.insertAgent(db, {
    companyId: auth.companyId,
    userId: auth.userId,
    ip,
    name,
    tokenHash: hashToken(token),
  });
  return { token, agent };
}

/** The utility behind a bearer token; 401 when it is unknown or revoked, 403 when its person may not print. */
export async function authenticateAgent(db: Db, header: string | undefined): Promise<AgentIdentity> {
  const token = bearerToken(header);
  if (!token?.startsWith(PRINT_AGENT_TOKEN_PREFIX)) throw unauthorized(PRINT_MESSAGES.agentTokenInvalid);
  const row = await repo.findAgentByTokenHash(db, hashToken(token));
  if (!row) throw unauthorized(PRINT_MESSAGES.agentTokenInvalid);
  if (!hasRole(normalizeRole(row.role), 'operator')) {
    throw forbidden(PRINT_MESSAGES.operatorsOnly);
  }
  return { agentId: row.id, companyId: row.company_id, userId: row.user_id, name: row.name };
}

/**
 * The utility signs out: its token stops working at once, on every instance. Signing out twice, or with a token
 * already revoked, is fine (a retry must not fail).
 */
export async function revokeAgent(db: Db, header: string | undefined): Promise<void> {
  const token = bearerToken(header);
  if (!token) throw badRequest(PRINT_MESSAGES.sendUtilityToken);
  const row = await repo.findAgentByTokenHash(db, hashToken(token));
  if (row) await repo.revokeAgent(db, { companyId: row.company_id, agentId: row.id });
}

/** The caller's own utilities, connected or not. */
export async function listOwnAgents(db: Db, auth: AuthContext): Promise<TPrintAgent[]> {
  const rows = await repo.listAgents(db, auth.companyId, auth.userId);
  const freshAfter = Date.now() - AGENT_STALE_MS;
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    hostname: a.hostname,
    version: a.agentVersion,
    connected: a.connectedAt !== null && (a.lastSeenAt?.getTime() ?? 0) > freshAfter,
    last_seen: a.lastSeenAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
  }));
}

/** Signs out one of the caller's utilities from the portal (a lost laptop); its connection ends within 5 s. */
export async function revokeOwnAgent(db: Db, auth: AuthContext, agentId: number): Promise<void> {
  const isRevoked = await repo.revokeOwnAgent(db, auth.companyId, auth.userId, agentId);
  if (!isRevoked) throw notFound(PRINT_MESSAGES.utilityNotFound);
}
