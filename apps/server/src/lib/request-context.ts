import { READER_MESSAGES, type TInventoryType, type TRole } from '@quantics/contracts';
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

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    device: DeviceContext | null;
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
