/**
 * The reader protocol as the Count screen speaks it: the browser's own device token as the bearer, never the
 * person's session (so a 401 here means the device was removed, not that the person is signed out).
 */
export class ReaderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'ReaderError';
  }
}

/** A failure worth retrying: no answer at all (offline, a dead Wi-Fi corner) or the server briefly away. */
export const isRetryable = (err: unknown) =>
  !(err instanceof ReaderError) || err.status >= 500 || err.status === 429 || err.status === 408;

export async function readerCall<T>(
  token: string,
  path: string,
  opts: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const message = typeof data?.message === 'string' ? data.message : `The server answered ${res.status}`;
    throw new ReaderError(res.status, message, data);
  }
  return data as T;
}
