import type { z } from 'zod';
import { clearKept } from './offline-kept';

export const TOKEN_KEY = 'token';

/**
 * An error answer from the API, carrying the server's message when it sent one (`hasServerMessage`: the message is
 * for the person: the server's own, or ANSWER_NOT_UNDERSTOOD when a 2xx answer did not match its contract).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hasServerMessage: boolean,
    /** The request's field the server's message is about (ZErrorResponse.field), when it named one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The contracts' schema of an answer (`ZUser`, `ZInventoryListResponse`, ...), or a function loading it, for code in
 * the first page that must keep zod out of it (`shellSchema`); `null` for an answer without a body (204).
 */
export type ResponseSchema<S extends z.ZodType | null = z.ZodType | null> = S | (() => Promise<S>);

/** What a call resolves to: its schema's output, or undefined when it said it expects no body. */
export type ApiAnswer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ApiOptions<S extends z.ZodType | null> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sign-in attempts answer 401 for wrong credentials; those must not bounce to /login. */
  isAuthAttempt?: boolean;
  signal?: AbortSignal;
  /** Required: every answer is parsed with its contract, so a screen never works on data it did not expect. */
  schema: ResponseSchema<S>;
};

type ShellSchemas = typeof import('./shell-schemas');

/** A schema of `shell-schemas.ts`, loaded when the call is made (for calls the first page makes). */
export const shellSchema =
  <K extends keyof ShellSchemas>(name: K) =>
  (): Promise<ShellSchemas[K]> =>
    import('./shell-schemas').then((m) => m[name]);

/** Shown where the screens show a server's message: the answer came, but not in the shape its contract says. */
export const ANSWER_NOT_UNDERSTOOD = "The server's answer was not understood";

/** The answer, parsed with its schema; a mismatch is logged with the zod issues for whoever debugs it. */
async function parseAnswer(
  path: string,
  data: unknown,
  res: Response,
  schema: ResponseSchema,
): Promise<unknown> {
  const resolved = typeof schema === 'function' ? await schema() : schema;
  if (resolved === null) return undefined;
  const result = resolved.safeParse(data);
  if (result.success) return result.data;
  console.error(`The answer from ${path} does not match its contract`, result.error.issues, data);
  throw new ApiError(res.status, ANSWER_NOT_UNDERSTOOD, true);
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/** Any 401 anywhere: forget the token and go to /login (spec: portal-access section 8). */
export function handleUnauthorized() {
  clearToken();
  void clearKept();
  // An invitation link opened with an expired session stays put: the page offers to sign in (and come back).
  if (!STAY_ON_401.includes(window.location.pathname)) window.location.assign('/login');
}
const STAY_ON_401 = ['/login', '/accept-invite'];

/** Told when a call is refused because the company requires two-factor (the auth state then reloads the user). */
export const TWO_FACTOR_REQUIRED_EVENT = 'quantics:two-factor-required';

/** 401 signs out; a 403 with code 'two_factor_required' means the company now requires two-factor of this person. */
function onRefused(status: number, data: unknown, opts: { isAuthAttempt?: boolean }) {
  if (status === 401 && !opts.isAuthAttempt) handleUnauthorized();
  if (status === 403 && (data as { code?: unknown } | null)?.code === 'two_factor_required') {
    window.dispatchEvent(new Event(TWO_FACTOR_REQUIRED_EVENT));
  }
}

/**
 * JSON over fetch, sending 'Authorization: Bearer {token}' when a token is stored; errors become ApiError with
 * the server's `message` (or 'An error occurred').
 */
export async function api<S extends z.ZodType | null>(
  path: string,
  opts: ApiOptions<S>,
): Promise<ApiAnswer<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    headers,
    credentials: 'include',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    onRefused(res.status, data, opts);
    const { message, field } = (data ?? {}) as { message?: unknown; field?: unknown };
    const hasMessage = typeof message === 'string' && message.length > 0;
    const named = typeof field === 'string' && field.length > 0 ? field : undefined;
    throw new ApiError(res.status, hasMessage ? message : 'An error occurred', hasMessage, named);
  }
  // The server serialises through the same schema, so parsing gives back what it sent, typed by the contract.
  return (await parseAnswer(path, data, res, opts.schema as ResponseSchema)) as ApiAnswer<S>;
}

/** A file from the API (CSV template, export) with the bearer token; errors as in `api()`. */
export async function apiBlob(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { headers, credentials: 'include' });
  if (!res.ok) {
    const data = (await res.json().catch(() => null)) as { message?: unknown } | null;
    onRefused(res.status, data, {});
    const message = typeof data?.message === 'string' && data.message ? data.message : null;
    throw new ApiError(res.status, message ?? 'An error occurred', message !== null);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), fileName };
}

/** The server's message when it gave one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}
