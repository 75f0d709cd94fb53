import { z } from 'zod';

/**
 * Metrc's transfer reads, as its published API documents them (docs/receiving.md "Metrc" says where from): HTTP
 * Basic with the integrator's vendor key as user name and the company's user key as password; v2 list answers in a
 * page envelope { Data, TotalPages, ... }, read here a page of 20 at a time. Read-only: nothing here writes to Metrc.
 */

export type MetrcErrorKind = 'key_refused' | 'forbidden' | 'rate_limited' | 'unreachable';

export class MetrcError extends Error {
  constructor(
    readonly kind: MetrcErrorKind,
    message: string,
    /** A 429's Retry-After, in seconds, when Metrc gave one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'MetrcError';
  }
}

const ZIncoming = z.object({
  Id: z.number(),
  ManifestNumber: z.string(),
  ShipperFacilityLicenseNumber: z.string().nullish(),
  ShipperFacilityName: z.string().nullish(),
  IsVoided: z.boolean().nullish(),
  LastModified: z.string().nullish(),
  EstimatedArrivalDateTime: z.string().nullish(),
});
export type MetrcIncoming = z.infer<typeof ZIncoming>;

const ZDelivery = z.object({
  Id: z.number(),
  RecipientFacilityLicenseNumber: z.string().nullish(),
  RecipientFacilityName: z.string().nullish(),
  EstimatedArrivalDateTime: z.string().nullish(),
});
export type MetrcDelivery = z.infer<typeof ZDelivery>;

const ZPackage = z.object({
  PackageLabel: z.string(),
  ItemName: z.string().nullish(),
  ItemCategoryName: z.string().nullish(),
  ShippedQuantity: z.number(),
  ShippedUnitOfMeasureName: z.string().nullish(),
});
export type MetrcPackage = z.infer<typeof ZPackage>;

const page = <T extends z.ZodType>(row: T) =>
  z.object({ Data: z.array(row), TotalPages: z.number().int().nullish() });

export type MetrcApi = {
  /** GET /transfers/v2/incoming: the license's incoming transfers last modified in [start, end] (at most 24 h). */
  incoming(licenseNumber: string, start: Date, end: Date): Promise<MetrcIncoming[]>;
  /** GET /transfers/v2/{id}/deliveries. */
  deliveries(transferId: number): Promise<MetrcDelivery[]>;
  /** GET /transfers/v2/deliveries/{id}/packages. */
  packages(deliveryId: number): Promise<MetrcPackage[]>;
};

export type MetrcClientOptions = {
  baseUrl: string;
  vendorKey: string;
  userKey: string;
  timeoutMs: number;
};

const PAGE_SIZE = 20;
/** Pages read of one list at most (20 x 200 = 4,000 rows): a guard against a server that never ends. */
const MAX_PAGES = 200;

export function httpMetrcClient(o: MetrcClientOptions): MetrcApi {
  const auth = `Basic ${Buffer.from(`${o.vendorKey}:${o.userKey}`).toString('base64')}`;
  async function get(path: string, query: Record<string, string>): Promise<unknown> {
    const url = `${o.baseUrl}${path}?${new URLSearchParams(query)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: auth, accept: 'application/json' },
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch {
      throw new MetrcError('unreachable', 'Metrc could not be reached');
    }
    if (res.status === 401) throw new MetrcError('key_refused', 'Metrc refused the API key');
    if (res.status === 403) throw new MetrcError('forbidden', 'The Metrc key cannot read this license');
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      throw new MetrcError(
        'rate_limited',
        'Metrc is limiting requests',
        Number.isFinite(after) && after > 0 ? after : null,
      );
    }
    if (!res.ok) throw new MetrcError('unreachable', `Metrc answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new MetrcError('unreachable', 'Metrc answered something that is not JSON');
    }
  }
  async function all<T extends z.ZodType>(
    path: string,
    row: T,
    query: Record<string, string> = {},
  ): Promise<z.infer<T>[]> {
    const rows: z.infer<T>[] = [];
    for (let n = 1; n <= MAX_PAGES; n++) {
      const parsed = page(row).safeParse(
        await get(path, { ...query, pageNumber: String(n), pageSize: String(PAGE_SIZE) }),
      );
      if (!parsed.success)
        throw new MetrcError('unreachable', `Metrc's answer to ${path} was not understood`);
      rows.push(...parsed.data.Data);
      if (n >= (parsed.data.TotalPages ?? 1)) break;
    }
    return rows;
  }
  return {
    incoming: (licenseNumber, start, end) =>
      all('/transfers/v2/incoming', ZIncoming, {
        licenseNumber,
        lastModifiedStart: start.toISOString(),
        lastModifiedEnd: end.toISOString(),
      }),
    deliveries: (transferId) => all(`/transfers/v2/${transferId}/deliveries`, ZDelivery),
    packages: (deliveryId) => all(`/transfers/v2/deliveries/${deliveryId}/packages`, ZPackage),
  };
}
