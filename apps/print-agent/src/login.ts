import { hostname } from 'node:os';
import type { TCreatePrintAgentResponse, TLoginResponse } from '@quantics/contracts';
import { type AgentConfig, readConfig, removeConfig, writeConfig } from './config-store.ts';
import { ask } from './prompt.ts';

type Json = Record<string, unknown>;

async function call<T>(server: string, path: string, body: Json, token?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${server}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new Error(
      `Cannot reach ${server}: ${err instanceof Error ? (err.cause as Error)?.message || err.message : err}`,
    );
  }
  const data = (await res.json().catch(() => ({}))) as Json;
  if (!res.ok)
    throw new Error(typeof data.message === 'string' ? data.message : `${path} answered ${res.status}`);
  return data as T;
}

export const normalizeServer = (url: string) => {
  const u = new URL(url.includes('://') ? url : `http://${url}`);
  return u.origin + u.pathname.replace(/\/+$/, '');
};

/**
 * Signs in as the person (asking for what is missing, two-factor code included), trades that session for the
 * utility's own token, ends the session, and keeps only the token.
 */
export async function login(
  dir: string,
  opts: { server?: string; email?: string; password?: string; code?: string; name?: string },
): Promise<AgentConfig & { file: string }> {
  const server = normalizeServer(
    opts.server || (await ask('Portal address (e.g. https://quantics.example.com): ')),
  );
  const email = opts.email || (await ask('Email: '));
  const password = opts.password || (await ask('Password: ', { isSecret: true }));
  let session = await call<TLoginResponse>(server, '/api/auth/login', {
    email,
    password,
    ...(opts.code ? { twoFactorCode: opts.code } : {}),
  });
  if (!session.token && session.requiresTwoFactor) {
    const code = await ask('Two-factor code (authenticator or backup code): ');
    session = await call<TLoginResponse>(server, '/api/auth/login', { email, password, twoFactorCode: code });
  }
  if (!session.token) throw new Error('Sign-in did not complete');
  const agentName = opts.name || `Print utility on ${hostname()}`;
  const sessionToken = session.token;
  // The session ends whatever happens: a refusal (the company requires two-factor this person lacks, a role
  // that may not print) must not leave it open.
  const created = await call<TCreatePrintAgentResponse>(
    server,
    '/api/print/agents',
    { name: agentName },
    sessionToken,
  ).finally(() => call(server, '/api/auth/logout', {}, sessionToken).catch(() => {}));
  const config = { server, token: created.token, email, agentName };
  return { ...config, file: writeConfig(dir, config) };
}

/** Revokes the token at the portal and forgets it here (even when the portal cannot be reached). */
export async function logout(dir: string): Promise<{ wasSignedIn: boolean; warning?: string }> {
  const config = readConfig(dir);
  if (!config) return { wasSignedIn: false };
  let warning: string | undefined;
  try {
    await call(config.server, '/api/print/agent/logout', {}, config.token);
  } catch (err) {
    warning = `The portal was not told (${err instanceof Error ? err.message : err}); remove this utility there if needed.`;
  }
  removeConfig(dir);
  return { wasSignedIn: true, warning };
}
