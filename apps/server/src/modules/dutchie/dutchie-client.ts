/**
 * Dutchie's POS API, behind a small interface. One implementation speaks HTTP to DUTCHIE_API_URL (Dutchie
 * itself, or the apps/dutchie-sim stand-in). The key travels only in the Authorization header of these calls:
 * it is never logged, never put in an error message and never sent to a browser.
 */

export const DUTCHIE_ERROR_KINDS = [
  'key_refused',
  'forbidden',
  'rate_limited',
  'unavailable',
  'not_found',
  'bad_request',
] as const;
export type DutchieErrorKind = (typeof DUTCHIE_ERROR_KINDS)[number];

/** A failed Dutchie call: what kind of failure, the HTTP status if any, and Dutchie's trace id for support. */
export class DutchieError extends Error {
  constructor(
    readonly kind: DutchieErrorKind,
    readonly status: number | null,
    message: string,
    readonly traceId: string | null = null,
  ) {
    super(message);
    this.name = 'DutchieError';
  }
}

export type DutchieWhoami = { locationId: string | null; locationName: string | null };
/** Dutchie's JSON objects; the mapping module reads them field by field. */
export type DutchieRecord = Record<string, unknown>;

export type DutchieApi = {
  whoami(): Promise<DutchieWhoami>;
  /** GET /reporting/inventory?includeRoomQuantities=true: one row per package. */
  inventory(): Promise<DutchieRecord[]>;
  rooms(): Promise<DutchieRecord[]>;
  product(productId: number): Promise<DutchieRecord>;
  /** GET /reporting/transactions with detail (line items), [from, to) in UTC. */
  transactions(from: Date, to: Date): Promise<DutchieRecord[]>;
  /** GET /reporting/closing-report; Dutchie takes a range of 12 hours to 31 days. */
  closingReport(from: Date, to: Date): Promise<DutchieRecord>;
};

export type DutchieClientOptions = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Told of every call's HTTP status, or null when Dutchie did not answer (the metrics' dutchie requests). */
  onAnswer?: (status: number | null) => void;
};

/** Reads a field without regard to case (Dutchie answers locationId in some places, LocationId in others). */
export function field(record: DutchieRecord, name: string): unknown {
  if (name in record) return record[name];
  const wanted = name.toLowerCase();
  for (const key of Object.keys(record)) if (key.toLowerCase() === wanted) return record[key];
  return undefined;
}

const asText = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

function kindOf(status: number): DutchieErrorKind {
  if (status === 401) return 'key_refused';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'unavailable';
}

export function httpDutchieClient(options: DutchieClientOptions): DutchieApi {
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;

  async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(options.baseUrl + path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      options.onAnswer?.(res.status);
    } catch (e) {
      options.onAnswer?.(null);
      const isTimeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new DutchieError(
        'unavailable',
        null,
        isTimeout
          ? `Dutchie did not answer ${path} within ${options.timeoutMs} ms`
          : `Dutchie unreachable (${path})`,
      );
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as DutchieRecord | null;
      const message = body ? asText(field(body, 'Message')) : null;
      const traceId = body ? asText(field(body, 'TraceId')) : null;
      throw new DutchieError(
        kindOf(res.status),
        res.status,
        `Dutchie answered ${res.status} on ${path}${message ? `: ${message}` : ''}`,
        traceId,
      );
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new DutchieError('unavailable', res.status, `Dutchie sent an unreadable answer on ${path}`);
    }
  }

  const list = async (path: string, query?: Record<string, string>) => {
    const body = await get<unknown>(path, query);
    if (!Array.isArray(body)) throw new DutchieError('unavailable', 200, `Dutchie sent no list on ${path}`);
    return body.filter((r): r is DutchieRecord => typeof r === 'object' && r !== null);
  };
  const one = async (path: string, query?: Record<string, string>) => {
    const body = await get<unknown>(path, query);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DutchieError('unavailable', 200, `Dutchie sent no object on ${path}`);
    }
    return body as DutchieRecord;
  };

  return {
    async whoami() {
      const body = await one('/whoami');
      return {
        locationId: asText(field(body, 'locationId')),
        locationName: asText(field(body, 'locationName')),
      };
    },
    inventory: () => list('/reporting/inventory', { includeRoomQuantities: 'true' }),
    rooms: () => list('/room/rooms'),
    product: (productId) => one(`/products/${productId}`),
    transactions: (from, to) =>
      list('/reporting/transactions', {
        FromDateUTC: from.toISOString(),
        ToDateUTC: to.toISOString(),
        IncludeDetail: 'true',
      }),
    closingReport: (from, to) =>
      one('/reporting/closing-report', { fromDateUTC: from.toISOString(), toDateUTC: to.toISOString() }),
  };
}
