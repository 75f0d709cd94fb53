import { READER_MESSAGES, type TApiKeyScope, type TInventoryType, type TRole } from '@quantics/contracts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './app-error.ts';

/** Who is calling: resolved from the bearer token's session row on every request (plugins/auth.ts). */
export type AuthContext = {
  sessionId: number;
  userId: number;
  email: string;
  name: string | null;
  companyId: number;
  companyName: string;
  inventoryType: TInventoryType;
  role: TRole;
  /**
   * The company requires two-factor and this person has not set it up: only the calls in TWO_FACTOR_SETUP_ACCESS
   * (plugins/access-policy.ts) are open to them.
   */
  mustSetUpTwoFactor: boolean;
};

/** A paired reader calling the reader routes with its device token. */
export type DeviceContext = {
  deviceId: number;
  companyId: number;
  name: string;
  /** 'handheld', 'browser' (the Count screen) or 'fixed', when known: which way in its reads take. */
  kind?: string;
};

/** A program calling with an API key (plugins/auth.ts): it acts for its company within its scopes. */
export type ApiKeyContext = {
  id: number;
  companyId: number;
  name: string;
  scopes: TApiKeyScope[];
  inventoryType: TInventoryType;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    device: DeviceContext | null;
    apiKey: ApiKeyContext | null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null: the one parser for sessions, readers and utilities. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}

/** The signed-in caller; routes behind a role can rely on it. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Who acts, as a movement, the activity log and the security log name them: a person (their name, else their email)
 * or an API key ('API key Till 1'). The same shape as a movement's actor and an activity entry's performer.
 */
export type Actor = { type: 'user' | 'api_key'; id: number; name: string };

/** The company a call acts for and who acts: what a route open to people and API keys passes to its service. */
export type Caller = { companyId: number; inventoryType: TInventoryType; actor: Actor };

/** A person's session as an actor. */
export const personAsActor = (auth: { userId: number; name: string | null; email: string }): Actor => ({
  type: 'user',
  id: auth.userId,
  name: auth.name || auth.email,
});

/** An API key as an actor: its name, said to be a key, so a log line reads 'API key Till 1 updated ...'. */
export const apiKeyAsActor = (key: { id: number; name: string }): Actor => ({
  type: 'api_key',
  id: key.id,
  name: `API key ${key.name}`,
});

/**
 * The caller of a route that people and API keys may both call (API_KEY_SCOPES in plugins/access-policy.ts): the
 * signed-in person, else the key (whose scope for this route the auth hook has already checked). 401 for neither.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (request.auth) {
    const { companyId, inventoryType } = request.auth;
    return { companyId, inventoryType, actor: personAsActor(request.auth) };
  }
  if (request.apiKey) {
    const { companyId, inventoryType } = request.apiKey;
    return { companyId, inventoryType, actor: apiKeyAsActor(request.apiKey) };
  }
  throw unauthorized();
}

/** The calling reader; reader routes can rely on it. */
export function requireDevice(request: FastifyRequest): DeviceContext {
  if (!request.device) throw unauthorized(READER_MESSAGES.deviceTokenRequired);
  return request.device;
}

/** Where a call came from, as the security log and the sessions list keep it. */
export type ClientInfo = { ip: string; userAgent: string | null };

/** The caller's address and User-Agent (cut to a sane length: it is only shown, never parsed for rights). */
export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' && ua ? ua.slice(0, 500) : null };
}
