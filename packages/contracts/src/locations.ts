import { z } from 'zod';
import { ZGln } from './epcis.ts';
import { multiline } from './text.ts';

export const LOCATION_MESSAGES = {
  nameRequired: 'Location name is required',
  notFound: 'Location not found',
  parentNotFound: 'Parent location not found',
  parentIsSelf: 'A location cannot be its own parent',
  parentIsDescendant: 'A location cannot be moved inside one of its own sub-locations',
  hasChildren: 'This location has sub-locations. Move or delete them first.',
  tooDeep: (levels: number) => `Locations can be nested at most ${levels} levels deep`,
} as const;

export const locationNameTakenMessage = (name: string) => `A location named ${name} already exists here`;

export const LOCATION_NAME_MAX = 100;
export const LOCATION_DESCRIPTION_MAX = 500;
/** Nesting deeper than this is refused; far more than stores, rooms, aisles, shelves and bins. */
export const LOCATION_DEPTH_MAX = 20;

/** What a place is (issue 52): the refill list moves stock from stockrooms to sales floors of a store. */
export const LOCATION_KINDS = ['store', 'sales_floor', 'stockroom', 'dock', 'warehouse', 'other'] as const;
export type TLocationKind = (typeof LOCATION_KINDS)[number];
export const LOCATION_KIND_MESSAGE = `kind must be one of ${LOCATION_KINDS.join(', ')}`;
export const ZLocationKind = z.enum(LOCATION_KINDS, { error: LOCATION_KIND_MESSAGE });

/** How a person reads each kind. */
export const LOCATION_KIND_LABELS: Record<TLocationKind, string> = {
  store: 'Store',
  sales_floor: 'Sales floor',
  stockroom: 'Stockroom',
  dock: 'Dock',
  warehouse: 'Warehouse',
  other: 'Other',
};

/** Words in a place's name that suggest its kind, the most telling first ("Store room" is a stockroom, not a store). */
const KIND_WORDS: [TLocationKind, RegExp][] = [
  ['stockroom', /\b(back ?room|back of house|boh|stock ?room|store ?room|storage|reserve|back ?stock)\b/i],
  ['sales_floor', /\b(sales ?floor|shop ?floor|retail floor|front of house|foh|show ?room|floor)\b/i],
  ['dock', /\b(dock|loading|receiving|goods in|goods-in)\b/i],
  ['warehouse', /\b(warehouse|distribution (centre|center)|dc|depot|fulfil?ment)\b/i],
  ['store', /\b(store|shop|boutique|outlet)\b/i],
];

/** The kind a place's name suggests ("Backroom": stockroom, "Sales floor": sales_floor), or null when none does. */
export function guessLocationKind(name: string): TLocationKind | null {
  for (const [kind, words] of KIND_WORDS) if (words.test(name)) return kind;
  return null;
}

/** A place's counting (issue 36): its last completed count and, when count plans name it, when it is next due. */
export const ZPlaceCounting = z.object({
  /** The last completed count there, at a place above it, or of the whole store; null: never counted. */
  last_counted_at: z.string().nullable(),
  /** The earliest day its plans want it counted (the company's time zone, YYYY-MM-DD); null: not in a plan. */
  next_due_on: z.string().nullable(),
  /** Its due day has come (today or before). */
  due: z.boolean(),
  /** Past a plan's due day and grace days. */
  overdue: z.boolean(),
  /** The plans that name it. */
  plans: z.array(z.string()),
});
export type TPlaceCounting = z.infer<typeof ZPlaceCounting>;

export const ZLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parent_location_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  /** Direct sub-locations. */
  children_count: z.number().int(),
  /** Products with stock kept directly at this location (not its sub-locations). */
  product_count: z.number().int(),
  /** Names from the top of the tree down to this one, joined with ' > '. */
  path: z.string(),
  /**
   * Its GS1 Global Location Number, for EPCIS (issue 53); null: none (EPCIS names it urn:quantics:location:{id}).
   * Always sent by the server; optional in the type so objects made before it (tests' fixtures) still type.
   */
  gln: z.string().nullable().optional(),
  /** What the place is; always sent by the server (optional in the type for fixtures made before it). */
  kind: ZLocationKind.optional(),
  /**
   * A kind guessed from the name for a place of kind other nobody has chosen a kind for yet: the Locations page
   * offers it to an admin to confirm (POST /api/locations/kinds); null: nothing to offer.
   */
  kind_suggestion: ZLocationKind.nullable().optional(),
  /** In the list (GET /api/locations) only: its counting. */
  counting: ZPlaceCounting.optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZLocationsResponse = z.array(ZLocation);

export const ZLocationRequest = z.object({
  name: z
    .string({ error: LOCATION_MESSAGES.nameRequired })
    .trim()
    .min(1, LOCATION_MESSAGES.nameRequired)
    .max(LOCATION_NAME_MAX, `Location name must be at most ${LOCATION_NAME_MAX} characters`),
  description: multiline(
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(LOCATION_DESCRIPTION_MAX, `Description must be at most ${LOCATION_DESCRIPTION_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  ),
  /** Empty parent becomes null (a top-level location). */
  parent_location_id: z
    .union([z.literal(''), z.null(), z.number().int().positive().max(2_147_483_647)], {
      error: LOCATION_MESSAGES.parentNotFound,
    })
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  /** 13 digits with a valid check digit; '' or null clears it; left out: kept as it is (a form without the field). */
  gln: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), ZGln.nullable()).optional(),
  /** Left out: other on create, kept as it is on edit. */
  kind: ZLocationKind.optional(),
});
export type TLocationRequest = z.input<typeof ZLocationRequest>;
export type TLocationInput = z.output<typeof ZLocationRequest>;

/** The separator of location paths in CSV files ('Main Store > Backroom > Shelf 2'). */
export const LOCATION_PATH_SEPARATOR = ' > ';

/**
 * POST /api/locations/kinds (admins): the kinds offered on the Locations page, as the admin confirmed them; the places
 * in `dismissed` keep their kind and are not offered again.
 */
export const ZLocationKindsRequest = z.object({
  confirmed: z
    .array(z.object({ id: z.number().int().positive().max(2_147_483_647), kind: ZLocationKind }), {
      error: 'confirmed must be a list of { id, kind }',
    })
    .max(10_000)
    .default([]),
  dismissed: z
    .array(z.number().int().positive().max(2_147_483_647), {
      error: 'dismissed must be a list of location ids',
    })
    .max(10_000)
    .default([]),
});
export type TLocationKindsRequest = z.input<typeof ZLocationKindsRequest>;
export type TLocationKindsInput = z.output<typeof ZLocationKindsRequest>;
