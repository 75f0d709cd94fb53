import { z } from 'zod';

/**
 * What an API key may do, each scope a family of routes (the server's table: API_KEY_SCOPES in
 * apps/server/src/plugins/access-policy.ts). Later issues add scopes here; nothing else lists them.
 */
export const API_KEY_SCOPE_NAMES = [
  'movements:write',
  'inventory:read',
  'inventory:write',
  'audits:read',
  'reports:read',
  'shipments:read',
  'shipments:write',
  'epcis:read',
  'epcis:write',
] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPE_NAMES)[number];
export const ZApiKeyScope = z.enum(API_KEY_SCOPE_NAMES);

/** What each scope opens, as the Settings tab and docs/api.md say it. */
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'movements:write': 'Send stock movements (sales, returns, receipts)',
  'inventory:read': 'Read products, their stock and locations',
  'inventory:write': 'Add, edit and delete products',
  'audits:read': 'Read audits and their discrepancies',
  'reports:read': 'Download reports',
  'shipments:read': 'Read shipments and their receipts',
  'shipments:write': 'Send advance ship notices and transfers',
  'epcis:read': 'Read EPCIS events: counts as EPCIS 2.0 documents, and the events query',
  'epcis:write': 'Send EPCIS 2.0 documents to the capture interface',
};

/** Every key starts with this, so a person (or a secret scanner) can tell it from other tokens. */
export const API_KEY_PREFIX = 'qk_';
/** How many characters of a key the list shows, to tell keys apart ('qk_' and 7 more). */
export const API_KEY_SHOWN_CHARS = 10;
/** Keys a company may hold, revoked ones included (they stay listed for the security log). */
export const API_KEYS_MAX = 100;
export const API_KEY_NAME_MAX = 100;

export const API_KEY_MESSAGES = {
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'choose at least one scope',
  scopesNotList: 'scopes must be a list of scopes',
  scopeUnknown: `each scope must be one of ${API_KEY_SCOPE_NAMES.join(', ')}`,
  scopesRepeated: 'each scope may be given once',
  notFound: 'API key not found',
  tooMany: `A company may have at most ${API_KEYS_MAX} API keys`,
  created: 'API key created',
  revoked: 'API key revoked',
  /** 401: a key that does not exist, or was revoked. */
  invalidKey: 'This API key is not valid or has been revoked',
  /** 403: a route no key may call (account, team, settings...). */
  routeNotForKeys: 'API keys cannot call this route; sign in as a person to do this',
  /** 403: a route the key's scopes do not cover. */
  missingScope: (scope: string) => `This API key does not have the ${scope} scope`,
} as const;

export const ZCreateApiKeyRequest = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPE_NAMES, { error: API_KEY_MESSAGES.scopeUnknown }), {
      error: API_KEY_MESSAGES.scopesNotList,
    })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPE_NAMES.length, API_KEY_MESSAGES.scopesRepeated)
    .refine((s) => new Set(s).size === s.length, API_KEY_MESSAGES.scopesRepeated),
});
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`qk_` and 7 more): enough to tell keys apart, useless to call with. */
  prefix: z.string(),
  /** Plain strings: a scope retired by a later release still lists. */
  scopes: z.array(z.string()),
  created_at: z.string(),
  /** Who created it (their name at the time), null when unknown. */
  created_by: z.string().nullable(),
  /** Approximate: refreshed at most once a minute. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZCreatedApiKey = ZApiKey.extend({
  /** The key itself: shown this once, stored only as its SHA-256. */
  key: z.string(),
});
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

/** Newest first, revoked keys included. */
export const ZApiKeysResponse = z.object({ data: z.array(ZApiKey) });
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;
