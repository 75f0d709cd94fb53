import { METRC_MESSAGES, type TMetrcSyncResult, type TMetrcSyncState } from '@quantics/contracts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import * as repo from './metrc.repo.ts';
import { httpMetrcClient, type MetrcApi, MetrcError } from './metrc-client.ts';

/**
 * Reading a company's incoming Metrc manifests into expected shipments (issue 51). Every call is a read; the answers
 * are all gathered first and written in one transaction, so a sync cut short by a refused key, a 429 or an outage
 * writes nothing and leaves its cursor where it was: the next one reads the same window again, nothing is lost.
 * Idempotent: a manifest is one shipment (its reference is the manifest number); a manifest read again updates its
 * shipment while still expected (packages, quantities, arrival) and leaves one being received or received alone.
 */

const DAY_MS = 86_400_000;
/** The first sync reads manifests modified in the last week; later ones go on from the cursor. */
export const FIRST_SYNC_DAYS = 7;
/** Each window starts a little before the last one ended: Metrc's LastModified can be stamped late. */
const OVERLAP_MS = 5 * 60_000;
/** After a 429 without Retry-After, or an outage. */
const BACKOFF_MS = 60_000;
/** Companies a sweep run reads at most. */
export const SYNC_BATCH = 5;

/** A client for the company's stored user key with the server's vendor key, or null when none is configured. */
function clientFor(ctx: DutchieContext, userKeyEnc: string): MetrcApi | null {
  const m = ctx.config.metrc;
  if (!m?.vendorKey) return null;
  return httpMetrcClient({
    baseUrl: m.apiUrl,
    vendorKey: m.vendorKey,
    userKey: ctx.box.open(userKeyEnc),
    timeoutMs: ctx.config.timeoutMs,
  });
}

/** A client for a key about to be saved (checked before it is stored). */
export function clientForKey(ctx: DutchieContext, userKey: string): MetrcApi | null {
  const m = ctx.config.metrc;
  if (!m?.vendorKey) return null;
  return httpMetrcClient({
    baseUrl: m.apiUrl,
    vendorKey: m.vendorKey,
    userKey,
    timeoutMs: ctx.config.timeoutMs,
  });
}

/** Metrc's time as an instant: an ISO time with its zone, or without one taken as UTC; null when unreadable. */
const instant = (v: string | null | undefined): string | null => {
  if (!v) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** Every manifest of the license modified in [from, to], each with its deliveries to the license and their packages. */
async function readManifests(api: MetrcApi, license: string, from: Date, to: Date): Promise<repo.Manifest[]> {
  const byTransfer = new Map<number, Awaited<ReturnType<MetrcApi['incoming']>>[number]>();
  for (let start = from.getTime(); start < to.getTime(); start += DAY_MS) {
    const end = new Date(Math.min(start + DAY_MS, to.getTime()));
    for (const t of await api.incoming(license, new Date(start), end)) byTransfer.set(t.Id, t);
  }
  const manifests: repo.Manifest[] = [];
  for (const t of byTransfer.values()) {
    const deliveries = (await api.deliveries(t.Id)).filter(
      (d) => !d.RecipientFacilityLicenseNumber || d.RecipientFacilityLicenseNumber === license,
    );
    const packages: repo.Manifest['packages'] = [];
    for (const d of deliveries) {
      for (const p of await api.packages(d.Id)) {
        packages.push({
          label: p.PackageLabel.trim().toUpperCase(),
          deliveryId: d.Id,
          itemName: p.ItemName ?? p.PackageLabel,
          category: p.ItemCategoryName ?? null,
          quantity: p.ShippedQuantity,
          unit: p.ShippedUnitOfMeasureName ?? 'Each',
        });
      }
    }
    manifests.push({
      transferId: t.Id,
      manifestNumber: t.ManifestNumber.trim(),
      shipperName: t.ShipperFacilityName ?? null,
      shipperLicense: t.ShipperFacilityLicenseNumber ?? null,
      expectedAt: instant(deliveries[0]?.EstimatedArrivalDateTime ?? t.EstimatedArrivalDateTime),
      lastModified: t.LastModified ?? null,
      isVoided: t.IsVoided ?? false,
      packages: t.IsVoided ? [] : packages,
    });
  }
  return manifests;
}

/**
 * One sync of a company's manifests, now. The outcome is stored where the Settings card reads it: a refused key
 * stops the syncs until an admin replaces it; a 429 waits its Retry-After (else a minute); an outage a minute.
 */
export async function syncCompany(
  ctx: DutchieContext,
  companyId: number,
  now = new Date(),
): Promise<TMetrcSyncResult> {
  const conn = await repo.connectionOf(ctx.db, companyId);
  if (!conn) return { state: 'pending', message: METRC_MESSAGES.noKey, manifests: 0, created: 0, updated: 0 };
  const every = (ctx.config.metrc?.syncSeconds ?? 900) * 1000;
  const api = clientFor(ctx, conn.user_key_enc);
  const fail = async (state: TMetrcSyncState, message: string, next: Date | null) => {
    await repo.saveOutcome(ctx.db, companyId, { state, message, at: now, nextSyncAt: next });
    return { state, message, manifests: 0, created: 0, updated: 0 };
  };
  if (!api) return fail('not_configured', METRC_MESSAGES.stateNoVendorKey, new Date(now.getTime() + every));
  const from = conn.synced_through
    ? new Date(conn.synced_through.getTime() - OVERLAP_MS)
    : new Date(now.getTime() - FIRST_SYNC_DAYS * DAY_MS);
  let manifests: repo.Manifest[];
  try {
    manifests = await readManifests(api, conn.license_number, from, now);
  } catch (e) {
    if (!(e instanceof MetrcError)) throw e;
    ctx.log.warn({ company_id: companyId, kind: e.kind }, 'Metrc sync failed');
    if (e.kind === 'key_refused' || e.kind === 'forbidden') {
      return fail('key_refused', METRC_MESSAGES.stateKeyRefused, null);
    }
    const next = new Date(now.getTime() + (e.retryAfterSeconds ? e.retryAfterSeconds * 1000 : BACKOFF_MS));
    return e.kind === 'rate_limited'
      ? fail('rate_limited', METRC_MESSAGES.stateRateLimited(next.toISOString()), next)
      : fail('unreachable', METRC_MESSAGES.stateUnreachable(next.toISOString()), next);
  }
  let created = 0;
  let updated = 0;
  await ctx.db.transaction(async (tx) => {
    for (const m of manifests) {
      const found = await repo.shipmentOfManifest(tx, companyId, m.manifestNumber);
      if (m.isVoided) {
        if (found?.isMetrc && found.status === 'expected') {
          await repo.deleteExpectedManifest(tx, companyId, found.id);
          updated++;
        }
        continue;
      }
      if (!found) {
        if ((await repo.insertManifest(tx, companyId, conn.location_id, m)) !== undefined) created++;
      } else if (
        found.isMetrc &&
        found.status === 'expected' &&
        // Read again in the window's overlap but not modified since: nothing to do.
        (m.lastModified === null || m.lastModified !== found.lastModified)
      ) {
        await repo.updateManifest(tx, companyId, found.id, m);
        updated++;
      }
    }
    await repo.saveOutcome(tx, companyId, {
      state: 'ok',
      message: null,
      at: now,
      nextSyncAt: new Date(now.getTime() + every),
      syncedThrough: now,
      manifests: created + updated,
    });
  });
  return { state: 'ok', message: null, manifests: manifests.length, created, updated };
}

/** The sweep's unit: companies due a sync, the most overdue first. */
export const dueMetrcCompanies = (ctx: DutchieContext, now: Date, limit: number) =>
  repo.dueCompanies(ctx.db, now, limit);
