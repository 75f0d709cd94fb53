import type { TAuthResponse, TRegisterRequest } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';

let counter = 0;

/** A unique email per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.com`;
}

/** Registers through the real API and returns the token and user. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<TRegisterRequest> = {},
): Promise<TAuthResponse & { password: string }> {
  const body = { email: uniqueEmail(), password: 'correct-horse', company: 'Acme Stock', ...overrides };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as TAuthResponse), password: body.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
