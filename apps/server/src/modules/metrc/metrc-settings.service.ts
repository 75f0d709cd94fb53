import {
  METRC_MESSAGES,
  type TMetrcConnection,
  type TMetrcSyncResult,
  type TSaveMetrcKeyRequest,
} from '@quantics/contracts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { connection as dutchieConnection } from '../dutchie/dutchie-connection.service.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { createLocation, listLocations, locationExists } from '../locations/locations.service.ts';
import * as repo from './metrc.repo.ts';
import { MetrcError } from './metrc-client.ts';
import { clientForKey, syncCompany } from './metrc-sync.service.ts';

/** Metrc is read for companies whose stock is in Dutchie (the packages it brings are received into Dutchie). */
function requireDutchie(auth: AuthContext): number {
  if (auth.inventoryType !== 'dutchie') throw conflict(METRC_MESSAGES.notDutchie);
  return auth.companyId;
}

/** GET /api/settings/metrc: the license, the place manifests arrive at and how the last sync went; never the key. */
export async function metrcConnection(ctx: DutchieContext, auth: AuthContext): Promise<TMetrcConnection> {
  const companyId = requireDutchie(auth);
  const c = await repo.connectionOf(ctx.db, companyId);
  return {
    has_key: c !== undefined,
    license_number: c?.license_number ?? null,
    location_id: c?.location_id ?? null,
    location_name: c?.location_name ?? null,
    state: (c?.state as TMetrcConnection['state']) ?? null,
    message: c?.message ?? null,
    last_sync: c?.last_success_at?.toISOString() ?? null,
    next_sync: c?.next_sync_at?.toISOString() ?? null,
    last_manifests: c?.last_manifests ?? null,
  };
}

/** The place a company's manifests arrive at: the one given, else its first, else a new one named for its store. */
async function destination(ctx: DutchieContext, auth: AuthContext, locationId: number | undefined) {
  if (locationId !== undefined) {
    if (!(await locationExists(ctx.db, auth.companyId, locationId))) {
      throw badRequest(`locationId: ${METRC_MESSAGES.location}`, { field: 'locationId' });
    }
    return locationId;
  }
  const first = (await listLocations(ctx.db, auth.companyId))[0];
  if (first) return first.id;
  const store = await dutchieConnection(ctx, auth).catch(() => null);
  const made = await createLocation(ctx.db, auth, {
    name: store?.location_name ?? 'Store',
    description: 'Where incoming Metrc manifests are received',
    parent_location_id: null,
  });
  return made.id;
}

/**
 * PUT /api/settings/metrc: an admin stores the company's Metrc user key and license. Metrc checks them first (a
 * minute's incoming transfers of the license): a refused key (401) or a license the key cannot read (403) is 400
 * naming the field, and nothing is stored. Unreachable, or no vendor key on this server: stored unchecked.
 */
export async function saveMetrcKey(ctx: DutchieContext, auth: AuthContext, body: TSaveMetrcKeyRequest) {
  const companyId = requireDutchie(auth);
  const license = body.licenseNumber.toUpperCase();
  const api = clientForKey(ctx, body.apiKey);
  let isVerified = false;
  if (api) {
    try {
      const now = new Date();
      await api.incoming(license, new Date(now.getTime() - 60_000), now);
      isVerified = true;
    } catch (e) {
      if (!(e instanceof MetrcError)) throw e;
      if (e.kind === 'key_refused') throw badRequest(METRC_MESSAGES.keyRefused, { field: 'apiKey' });
      if (e.kind === 'forbidden') {
        throw badRequest(METRC_MESSAGES.licenseRefused(license), { field: 'licenseNumber' });
      }
    }
  }
  const locationId = await destination(ctx, auth, body.locationId);
  await ctx.db.transaction(async (tx) => {
    await repo.saveConnection(tx, companyId, {
      licenseNumber: license,
      userKeyEnc: ctx.box.seal(body.apiKey),
      locationId,
    });
    await recordActivity(tx, {
      companyId,
      performer: userPerformer(auth),
      action: 'company.metrc_key',
      type: 'company',
      message: `${userPerformer(auth).name} saved the Metrc API key for license ${license}`,
    });
  });
  return {
    message: isVerified ? METRC_MESSAGES.keySaved : METRC_MESSAGES.keySavedUnchecked,
    verified: isVerified,
    connection: await metrcConnection(ctx, auth),
  };
}

/** POST /api/settings/metrc/sync: read the manifests now (an admin's "Sync now"; the sweep does it on its own). */
export async function syncNow(ctx: DutchieContext, auth: AuthContext): Promise<TMetrcSyncResult> {
  const companyId = requireDutchie(auth);
  if (!(await repo.connectionOf(ctx.db, companyId))) throw conflict(METRC_MESSAGES.noKey);
  return syncCompany(ctx, companyId);
}
