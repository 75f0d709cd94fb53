import {
  API_MESSAGES,
  hasRole,
  IMPINJ_MESSAGES,
  IMPINJ_REALM,
  normalizeRole,
  READER_MESSAGES,
  type TRole,
} from '@quantics/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { companies, memberships, sessions, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import { hashToken } from '../lib/crypto.ts';
import { type AuthContext, bearerToken } from '../lib/request-context.ts';
import { lookupDeviceToken } from '../modules/devices/device-token.ts';
import { lookupFixedReader } from '../modules/devices/fixed-reader-auth.ts';
import { ACCESS_POLICY, type Access } from './access-policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** What a too-weak role hears, naming who may do it. */
const FORBIDDEN_MESSAGES: Record<TRole, string> = {
  admin: API_MESSAGES.adminOnly,
  operator: API_MESSAGES.operatorOnly,
  member: API_MESSAGES.memberOnly,
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  const lookupSession = sessionLookup(app.db);
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);

  // Every API route must appear in the access table; forgetting one is a start-up error, not an open door.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const access = ACCESS_POLICY[`${method} ${route.url}`];
      if (!access) throw new Error(`No access rule for ${method} ${route.url} in access-policy.ts`);
      route.config = { ...(route.config ?? {}), access };
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    // A fixed reader's webhook authenticates with HTTP Basic only (serial number + webhook password).
    if (access === 'fixed-reader') {
      request.device = await lookupFixedReader(app.db, request.headers.authorization);
      if (!request.device) {
        reply.header('www-authenticate', `Basic realm="${IMPINJ_REALM}", charset="UTF-8"`);
        throw unauthorized(IMPINJ_MESSAGES.credentialsRequired);
      }
      return;
    }
    const token = bearerToken(request.headers.authorization);
    // Device tokens open only the reader routes, sessions only the others: each kind is looked up in its own
    // table, so the wrong kind simply isn't found.
    if (access === 'device') {
      request.device = token ? await lookupDeviceToken(app.db, token) : null;
      if (!request.device) throw unauthorized(READER_MESSAGES.deviceTokenRequired);
      return;
    }
    if (token) request.auth = await lookupSession(token);
    if (access === 'public') return;
    if (!request.auth) throw unauthorized();
    if (!hasRole(request.auth.role, access)) {
      throw forbidden(FORBIDDEN_MESSAGES[access]);
    }
  });
});

/**
 * The session behind a bearer token, with its user, company and active membership. Every signed-in call makes
 * this lookup, so it is a prepared statement: built once here, planned once per connection by PostgreSQL.
 */
function sessionLookup(db: Db) {
  const query = db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      companyId: companies.id,
      companyName: companies.name,
      inventoryType: companies.inventoryType,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, sessions.userId),
        eq(memberships.companyId, sessions.companyId),
        eq(memberships.isActive, true),
      ),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
  return async (token: string): Promise<AuthContext | null> => {
    const [row] = await query.execute({ tokenHash: hashToken(token) });
    if (!row) return null;
    return {
      ...row,
      role: normalizeRole(row.role),
      inventoryType: row.inventoryType === 'dutchie' ? 'dutchie' : 'manual',
    };
  };
}
