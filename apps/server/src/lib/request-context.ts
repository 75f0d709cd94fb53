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
};

/** A paired reader calling the reader routes with its device token. */
export type DeviceContext = { deviceId: number; companyId: number; name: string };

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
