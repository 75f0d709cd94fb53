/**
 * The reader's HTTP side: JSON over fetch, with a simulated bad network. With --drop-rate p, a request is lost
 * with probability p: half of the losses never reach the server, the other half reach it and lose the answer
 * (the case that makes retries arrive twice).
 */
export class NetworkDrop extends Error {}

export type HttpResult = { status: number; body: Record<string, unknown> };

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

  async post(path: string, body: unknown): Promise<HttpResult> {
    const lose = Math.random() < this.dropRate;
    const loseBeforeSending = lose && Math.random() < 0.5;
    if (loseBeforeSending) {
      this.dropped++;
      throw new NetworkDrop(`request to ${path} lost`);
    }
    const res = await fetch(new URL(path, this.server), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (lose) {
      this.dropped++;
      throw new NetworkDrop(`answer from ${path} lost`);
    }
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** Retries lost requests and 5xx answers with backoff; other answers are returned. */
  async postWithRetry(path: string, body: unknown, attempts = 50): Promise<HttpResult> {
    let wait = 50;
    for (let i = 0; ; i++) {
      try {
        const res = await this.post(path, body);
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
