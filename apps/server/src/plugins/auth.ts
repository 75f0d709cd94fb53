import {
  API_MESSAGES,
  hasRole,
  IMPINJ_MESSAGES,
  IMPINJ_REALM,
  READER_MESSAGES,
  SECURITY_MESSAGES,
  type TRole,
  TWO_FACTOR_REQUIRED_CODE,
} from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { bearerToken } from '../lib/request-context.ts';
import { sessionLookup, sessionToucher } from '../modules/auth/session-lookup.repo.ts';
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
