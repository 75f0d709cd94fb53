/**
 * The reader's HTTP side: JSON over fetch, with a simulated bad network. With --drop-rate p, a request is lost
 * with probability p: half of the losses never reach the server, the other half reach it and lose the answer
 * (the case that makes retries arrive twice).
 */
import { type TErrorResponse, ZErrorResponse } from '@quantics/contracts';

export class NetworkDrop extends Error {}

/** An answer that is not what the reader protocol's contract says for its status: the server and the reader disagree. */
export class AnswerNotUnderstood extends Error {}

/** A contract schema (zod) as far as the client needs one. */
export type Schema = {
  parse(data: unknown): unknown;
  safeParse(data: unknown): { success: boolean; data?: unknown; error?: { issues: unknown[] } };
};

/** The answers a call handles, by status, each with the contracts' schema of its body. */
export type Answers = { [status: number]: Schema };

/**
 * One answer: a status the call listed with its body as the schema parsed it, or any other status with the error
 * body every route answers (`{ message }`), as `error`.
 */
export type HttpResult<A extends Answers> =
  | {
      [K in keyof A & number]: { status: K; body: ReturnType<A[K]['parse']>; error?: undefined };
    }[keyof A & number]
  | { status: number; body?: undefined; error: TErrorResponse };

export class ReaderClient {
  /** Requests or answers the simulated network lost. */
  dropped = 0;
  /** Requests sent again after a loss or a 5xx. */
  retries = 0;

  constructor(
    readonly server: string,
    private readonly dropRate = 0,
    private token: string | null = null,
  ) {}

  withToken(token: string): ReaderClient {
    return new ReaderClient(this.server, this.dropRate, token);
  }

  post<A extends Answers>(path: string, body: unknown, answers: A): Promise<HttpResult<A>> {
    return this.send('POST', path, body, answers);
  }

  get<A extends Answers>(path: string, answers: A): Promise<HttpResult<A>> {
    return this.send('GET', path, undefined, answers);
  }

  private async send<A extends Answers>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    answers: A,
  ): Promise<HttpResult<A>> {
    const lose = Math.random() < this.dropRate;
    const loseBeforeSending = lose && Math.random() < 0.5;
    if (loseBeforeSending) {
      this.dropped++;
      throw new NetworkDrop(`request to ${path} lost`);
    }
    const res = await fetch(new URL(path, this.server), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (lose) {
      this.dropped++;
      throw new NetworkDrop(`answer from ${path} lost`);
    }
    return parseAnswer(path, res.status, text ? JSON.parse(text) : {}, answers);
  }

  /** Retries lost requests and 5xx answers with backoff; other answers are returned. */
  postWithRetry<A extends Answers>(
    path: string,
    body: unknown,
    answers: A,
    attempts = 50,
  ): Promise<HttpResult<A>> {
    return this.retry(path, () => this.post(path, body, answers), attempts);
  }

  /** A GET, retried as postWithRetry does. */
  getWithRetry<A extends Answers>(path: string, answers: A, attempts = 50): Promise<HttpResult<A>> {
    return this.retry(path, () => this.get(path, answers), attempts);
  }

  private async retry<A extends Answers>(
    path: string,
    call: () => Promise<HttpResult<A>>,
    attempts: number,
  ): Promise<HttpResult<A>> {
    let wait = 50;
    for (let i = 0; ; i++) {
      try {
        const res = await call();
        if (res.status < 500) return res;
      } catch (err) {
        if (!(err instanceof NetworkDrop) && !(err instanceof TypeError)) throw err;
      }
      if (i >= attempts) throw new Error(`${path}: gave up after ${attempts} attempts`);
      this.retries++;
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
    }
  }
}

/** The body parsed with the schema its status has: the call's own for a listed status, else the error answer's. */
function parseAnswer<A extends Answers>(
  path: string,
  status: number,
  data: unknown,
  answers: A,
): HttpResult<A> {
  const schema = answers[status];
  return (
    schema
      ? { status, body: parseBody(path, status, data, schema) }
      : { status, error: parseBody(path, status, data, ZErrorResponse) }
  ) as HttpResult<A>;
}

/** `data` parsed with `schema`; an answer that does not match it is AnswerNotUnderstood. */
export function parseBody<S extends Schema>(path: string, status: number, data: unknown, schema: S) {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data as ReturnType<S['parse']>;
  throw new AnswerNotUnderstood(
    `${path}: the server's answer (${status}) was not understood: ${JSON.stringify(parsed.error?.issues)}`,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
