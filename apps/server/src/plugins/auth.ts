import {
  API_KEY_MESSAGES,
  API_MESSAGES,
  hasRole,
  IMPINJ_MESSAGES,
  IMPINJ_REALM,
  READER_MESSAGES,
  SECURITY_MESSAGES,
  type TRole,
  TWO_FACTOR_REQUIRED_CODE,
} from '@quantics/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { type ApiKeyContext, bearerToken, clientOf } from '../lib/request-context.ts';
import { apiKeyAuthenticator, isApiKeyToken } from '../modules/api-keys/api-key-auth.ts';
import { sessionLookup, sessionToucher } from '../modules/auth/session-lookup.repo.ts';
import { lookupDeviceToken } from '../modules/devices/device-token.ts';
import { lookupFixedReader } from '../modules/ingest/fixed-readers/fixed-reader-auth.ts';
import { ACCESS_POLICY, type Access, API_KEY_SCOPES, TWO_FACTOR_SETUP_ACCESS } from './access-policy.ts';

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
  const lookupApiKey = apiKeyAuthenticator(app.db);
  // Calls per API key per minute, counted where every other limit is (Redis when there is one, shared).
  const apiKeyLimit = app.config.apiKeyRateLimit;
  const countKeyCall = app.createRateLimit({
    max: apiKeyLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key-${request.apiKey?.id}`,
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  app.decorateRequest('apiKey', null);

  /**
   * A program's call with a valid API key: it must stay within its rate (429), and the route must be one keys may
   * call, with a scope the key has (403). The route's role does not apply.
   */
  async function admitApiKey(request: FastifyRequest, reply: FastifyReply, key: ApiKeyContext) {
    request.apiKey = key;
    const rate = await countKeyCall(request);
    if (!rate.isAllowed) {
      reply.header('x-ratelimit-limit', apiKeyLimit);
      reply.header('x-ratelimit-remaining', rate.remaining);
      reply.header('x-ratelimit-reset', rate.ttlInSeconds);
      if (rate.isExceeded) {
        reply.header('retry-after', rate.ttlInSeconds);
        throw new AppError(429, API_MESSAGES.tooManyRequests);
      }
    }
    const scope = API_KEY_SCOPES[request.routeOptions.config.routeKey ?? ''];
    if (!scope) throw forbidden(API_KEY_MESSAGES.routeNotForKeys);
    if (!key.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.missingScope(scope));
  }

  // Every API route must appear in the access table; forgetting one is a start-up error, not an open door.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const access = ACCESS_POLICY[`${method} ${route.url}`];
      if (!access) throw new Error(`No access rule for ${method} ${route.url} in access-policy.ts`);
      route.config = { ...(route.config ?? {}), access, routeKey: `${method} ${route.url}` };
      // The OpenAPI document says which routes take an API key, and with which scope.
      const scope = API_KEY_SCOPES[`${method} ${route.url}`];
      if (scope && route.schema) {
        const said = route.schema.description ? `${route.schema.description} ` : '';
        route.schema = {
          ...route.schema,
          description: `${said}API keys: the ${scope} scope.`,
          security: [{ bearer: [] }, { apiKey: [] }],
        };
      }
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
    // API keys (qk_...) are looked up as keys; a public route needs no credential and ignores one.
    const isKeyLike = token !== null && isApiKeyToken(token);
    if (token && isKeyLike && access !== 'public') {
      const key = await lookupApiKey(token, clientOf(request));
      if (key === 'revoked') throw unauthorized(API_KEY_MESSAGES.invalidKey);
      if (key) return admitApiKey(request, reply, key);
      // No such key: a session token may begin with the same three characters (1 in 262,144), so it is one last try.
    }
    const found = token ? await lookupSession(token) : null;
    if (found) {
      request.auth = found.auth;
      await touchSession(found, request.ip);
    }
    if (access === 'public') return;
    if (!request.auth) throw unauthorized(isKeyLike ? API_KEY_MESSAGES.invalidKey : undefined);
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
