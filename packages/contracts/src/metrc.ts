import { z } from 'zod';

/**
 * Metrc for a Dutchie company (issue 51, docs/receiving.md "Metrc"): its user API key and license, read-only; the
 * incoming manifests of the license become expected shipments, and a receipt of one says per package what to accept
 * or reject in Metrc's own screens (Quantics never writes to Metrc).
 */

export const METRC_MESSAGES = {
  apiKeyRequired: 'Metrc API key is required',
  apiKeyFormat: 'Metrc API key must be 8 to 200 characters without spaces',
  licenseRequired: 'Metrc license number is required',
  licenseFormat: 'Metrc license number must be 3 to 40 letters, digits and dashes (e.g. C10-0000001-LIC)',
  keyRefused: 'Metrc refused this API key',
  licenseRefused: (license: string) => `This Metrc key cannot read license ${license}`,
  keySaved: 'Metrc API key saved. Incoming manifests will appear as expected shipments.',
  keySavedUnchecked:
    'Metrc API key saved, but Metrc could not be reached to check it. The next sync will tell.',
  notDutchie: 'Metrc is for companies whose stock is in Dutchie',
  noKey: 'No Metrc API key is stored. An admin can add one in Settings.',
  location: 'is not one of your locations',
  /** The stored state an admin sees on the Settings card. */
  stateKeyRefused: 'Metrc refused the API key. An admin can replace it in Settings.',
  stateRateLimited: (at: string) => `Metrc is limiting requests right now. The next sync is at ${at}.`,
  stateUnreachable: (at: string) => `Metrc could not be reached. The next sync is at ${at}.`,
  stateNoVendorKey: 'Metrc is not set up on this server (METRC_VENDOR_KEY).',
} as const;

export const ZMetrcSyncState = z.enum([
  'pending',
  'ok',
  'key_refused',
  'rate_limited',
  'unreachable',
  'not_configured',
]);
export type TMetrcSyncState = z.infer<typeof ZMetrcSyncState>;

/** GET /api/settings/metrc (admins). The key itself is never answered. */
export const ZMetrcConnection = z.object({
  has_key: z.boolean(),
  license_number: z.string().nullable(),
  /** The place incoming manifests are expected at. */
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  state: ZMetrcSyncState.nullable(),
  /** What an admin reads about the last sync (a refused key, a rate limit and when the next try is). */
  message: z.string().nullable(),
  last_sync: z.string().nullable(),
  next_sync: z.string().nullable(),
  /** How many manifests became or updated shipments in the last sync. */
  last_manifests: z.number().int().nullable(),
});
export type TMetrcConnection = z.infer<typeof ZMetrcConnection>;

/** PUT /api/settings/metrc: the company's Metrc user API key, its license, and where its manifests arrive. */
export const ZSaveMetrcKeyRequest = z.object({
  apiKey: z
    .string({ error: METRC_MESSAGES.apiKeyRequired })
    .trim()
    .min(1, METRC_MESSAGES.apiKeyRequired)
    .regex(/^\S{8,200}$/, METRC_MESSAGES.apiKeyFormat),
  licenseNumber: z
    .string({ error: METRC_MESSAGES.licenseRequired })
    .trim()
    .min(1, METRC_MESSAGES.licenseRequired)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/, METRC_MESSAGES.licenseFormat),
  /** A location of the company; omitted: its first one (one named after its store is made when it has none). */
  locationId: z.number({ error: 'locationId must be a whole number' }).int().positive().optional(),
});
export type TSaveMetrcKeyRequest = z.infer<typeof ZSaveMetrcKeyRequest>;

export const ZSaveMetrcKeyResponse = z.object({
  message: z.string(),
  verified: z.boolean(),
  connection: ZMetrcConnection,
});

/** POST /api/settings/metrc/sync: what one sync did. */
export const ZMetrcSyncResult = z.object({
  state: ZMetrcSyncState,
  message: z.string().nullable(),
  manifests: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type TMetrcSyncResult = z.infer<typeof ZMetrcSyncResult>;

/**
 * A Metrc package of a manifest and what to do with it in Metrc: accept (its label was read; `received` is the
 * shipped quantity, or the quantity counted by hand when one was given) or reject (not read: the whole shipped
 * quantity is short). `shortfall` = shipped - received, in the package's unit.
 */
export const ZMetrcPackageDecision = z.object({
  label: z.string(),
  item: z.string(),
  category: z.string().nullable(),
  shipped: z.number(),
  unit: z.string(),
  read: z.boolean(),
  received: z.number(),
  shortfall: z.number(),
  action: z.enum(['accept', 'reject']),
});
export type TMetrcPackageDecision = z.infer<typeof ZMetrcPackageDecision>;

/** A Metrc manifest's part of a shipment: where it came from, and per package what to accept or reject. */
export const ZMetrcShipment = z.object({
  manifest_number: z.string(),
  transfer_id: z.number().int(),
  shipper_license: z.string().nullable(),
  packages: z.array(ZMetrcPackageDecision),
  packages_read: z.number().int(),
  packages_to_reject: z.number().int(),
});
export type TMetrcShipment = z.infer<typeof ZMetrcShipment>;
