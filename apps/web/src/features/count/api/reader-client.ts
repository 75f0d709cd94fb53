import type { z } from 'zod';
import { ANSWER_NOT_UNDERSTOOD } from '@/lib/api-client';

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

/** A call of the protocol; its answer is parsed with `schema`, the contracts' schema of it (as in `api()`). */
export async function readerCall<S extends z.ZodType>(
  token: string,
  path: string,
  opts: { method?: 'GET' | 'POST'; body?: unknown; schema: S },
): Promise<z.output<S>> {
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
  const parsed = opts.schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Not worth retrying: the same answer would come again.
  console.error(`The answer from ${path} does not match its contract`, parsed.error.issues, data);
  throw new ReaderError(res.status, ANSWER_NOT_UNDERSTOOD, data);
}
