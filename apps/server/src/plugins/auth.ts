import {
  API_MESSAGES,
  hasRole,
  IMPINJ_MESSAGES,
  IMPINJ_REALM,
  normalizeRole,
  READER_MESSAGES,
  SECURITY_MESSAGES,
  type TRole,
  TWO_FACTOR_REQUIRED_CODE,
} from '@quantics/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { companies, memberships, sessions, users } from '../db/schema/index.ts';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { hashToken } from '../lib/crypto.ts';
import { type AuthContext, bearerToken } from '../lib/request-context.ts';
import { lookupDeviceToken } from '../modules/devices/device-token.ts';
import { lookupFixedReader } from '../modules/ingest/fixed-readers/fixed-reader-auth.ts';
import { ACCESS_POLICY, type Access, TWO_FACTOR_SETUP_ACCESS } from './access-policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** 'METHOD /path' as the access table names it. */
    routeKey?: string;
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
  const touchSession = sessionToucher(app.db);
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
      route.config = { ...(route.config ?? {}), access, routeKey: `${method} ${route.url}` };
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
    const found = token ? await lookupSession(token) : null;
    if (found) {
      request.auth = found.auth;
      await touchSession(found, request.ip);
    }
    if (access === 'public') return;
    if (!request.auth) throw unauthorized();
    if (
      request.auth.mustSetUpTwoFactor &&
      !TWO_FACTOR_SETUP_ACCESS.has(request.routeOptions.config.routeKey ?? '')
    ) {
      throw new AppError(403, SECURITY_MESSAGES.twoFactorRequired, { code: TWO_FACTOR_REQUIRED_CODE });
    }
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
      requireTwoFactor: companies.requireTwoFactor,
      isTwoFactorEnabled: users.isTwoFactorEnabled,
      lastUsedAt: sessions.lastUsedAt,
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
  return async (token: string): Promise<FoundSession | null> => {
    const [row] = await query.execute({ tokenHash: hashToken(token) });
    if (!row) return null;
    const { requireTwoFactor, isTwoFactorEnabled, lastUsedAt, ...rest } = row;
    return {
      auth: {
        ...rest,
        role: normalizeRole(row.role),
        inventoryType: row.inventoryType === 'dutchie' ? 'dutchie' : 'manual',
        mustSetUpTwoFactor: requireTwoFactor && !isTwoFactorEnabled,
      },
      lastUsedAt,
    };
  };
}

type FoundSession = { auth: AuthContext; lastUsedAt: Date };

/** How stale a session's last use may get before a request writes it again. */
export const LAST_USED_REFRESH_MS = 60_000;

/**
 * Keeps a session's last use and address roughly current without a write per request: at most one update a minute
 * per session. The `where` makes concurrent requests of a stale session write once between them.
 */
function sessionToucher(db: Db) {
  return async (found: FoundSession, ip: string) => {
    if (Date.now() - found.lastUsedAt.getTime() < LAST_USED_REFRESH_MS) return;
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, ip })
      .where(
        and(
          eq(sessions.id, found.auth.sessionId),
          lt(sessions.lastUsedAt, new Date(Date.now() - LAST_USED_REFRESH_MS)),
        ),
      );
  };
}
