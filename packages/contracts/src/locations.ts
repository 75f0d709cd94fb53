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
});
export type TLocationRequest = z.input<typeof ZLocationRequest>;
export type TLocationInput = z.output<typeof ZLocationRequest>;

/** The separator of location paths in CSV files ('Main Store > Backroom > Shelf 2'). */
export const LOCATION_PATH_SEPARATOR = ' > ';
