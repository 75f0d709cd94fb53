export const TOKEN_KEY = 'token';

/** An error answer from the API, carrying the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hasServerMessage: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sign-in attempts answer 401 for wrong credentials; those must not bounce to /login. */
  isAuthAttempt?: boolean;
  signal?: AbortSignal;
  /**
   * The contracts' schema of the answer. A body that does not match it is an error (status as received, no server
   * message, so the screen shows its own failure text) rather than data a screen would trip over.
   */
  schema?: ResponseSchema;
};

/** A zod schema as far as `api()` needs one (kept structural so this module does not pull zod in itself). */
export type ResponseSchema = { safeParse(data: unknown): { success: boolean; error?: unknown } };

/** The answer did not match its contract: logged with the path for whoever debugs it, shown as a failure. */
function checkResponse(path: string, data: unknown, res: Response, schema: ResponseSchema | undefined) {
  if (!schema) return;
  const result = schema.safeParse(data);
  if (result.success) return;
  console.error(`Unexpected response from ${path}`, result.error);
  throw new ApiError(res.status, 'Unexpected response from the server', false);
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/** Any 401 anywhere: forget the token and go to /login (spec: portal-access section 8). */
export function handleUnauthorized() {
  clearToken();
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
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
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
    const message = (data as { message?: unknown } | null)?.message;
    const hasMessage = typeof message === 'string' && message.length > 0;
    throw new ApiError(res.status, hasMessage ? message : 'An error occurred', hasMessage);
  }
  // Checked, not replaced by the parsed value: parsing strips unknown keys, and the screens keep getting exactly
  // the server's JSON.
  checkResponse(path, data, res, opts.schema);
  return data as T;
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
