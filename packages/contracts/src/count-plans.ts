import { z } from 'zod';
import { isTimeZone } from './alerts.ts';
import { ZPlaceCounting } from './locations.ts';

/** Cycle counting: plans that say which places are counted on which rhythm, and what is due (issue 36). */
export const COUNT_PLAN_MESSAGES = {
  nameRequired: 'Plan name is required',
  notFound: 'Count plan not found',
  oneRhythm: 'Choose exactly one rhythm: every_days, weekdays or month_day',
  placeRequired: 'A plan needs at least one location (location_ids) or room (rooms)',
  locationsForCatalogue: 'location_ids are for a catalogue company; a Dutchie company plans rooms',
  roomsForDutchie: 'rooms are for a Dutchie company; a catalogue company plans location_ids',
  locationNotFound: 'location_ids names a location that does not exist',
  deviceNotFound: 'device_id names a reader that does not exist',
  assigneeNotFound: 'assignee_user_id names a person who is not in the company',
  durationNeedsDevice:
    'duration_minutes is for a plan with a device_id (a fixed reader counts for that long)',
  timeZone: 'time_zone must be an IANA time zone name, such as Europe/Amsterdam',
} as const;

export const COUNT_PLAN_NAME_MAX = 100;
export const COUNT_PLAN_PLACES_MAX = 200;
const INT_MAX = 2_147_483_647;

/** A positive integer id, its message naming the field. */
const id = (field: string) =>
  z
    .number({ error: `${field} must be an id` })
    .int(`${field} must be an id`)
    .positive(`${field} must be an id`)
    .max(INT_MAX, `${field} must be an id`);

const intIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int(`${field} must be a whole number from ${min} to ${max}`)
    .min(min, `${field} must be a whole number from ${min} to ${max}`)
    .max(max, `${field} must be a whole number from ${min} to ${max}`);

/** An IANA time zone name, stored as the platform spells it (e.g. 'europe/amsterdam' becomes 'Europe/Amsterdam'). */
export const ZTimeZone = z
  .string({ error: COUNT_PLAN_MESSAGES.timeZone })
  .trim()
  .max(64, COUNT_PLAN_MESSAGES.timeZone)
  .refine(isTimeZone, COUNT_PLAN_MESSAGES.timeZone)
  .transform((v) => new Intl.DateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone);

export const ZCountPlanRequest = z
  .object({
    name: z
      .string({ error: COUNT_PLAN_MESSAGES.nameRequired })
      .trim()
      .min(1, COUNT_PLAN_MESSAGES.nameRequired)
      .max(COUNT_PLAN_NAME_MAX, `Plan name must be at most ${COUNT_PLAN_NAME_MAX} characters`),
    /** Catalogue companies: the locations counted (each with its sub-locations). */
    location_ids: z
      .array(id('location_ids'), { error: 'location_ids must be a list of location ids' })
      .max(COUNT_PLAN_PLACES_MAX, `location_ids may name at most ${COUNT_PLAN_PLACES_MAX} locations`)
      .optional(),
    /** Dutchie companies: the rooms counted, by name. */
    rooms: z
      .array(
        z
          .string({ error: 'rooms must be a list of room names' })
          .trim()
          .min(1, 'rooms must be a list of room names')
          .max(100, 'A room name in rooms must be at most 100 characters'),
        { error: 'rooms must be a list of room names' },
      )
      .max(COUNT_PLAN_PLACES_MAX, `rooms may name at most ${COUNT_PLAN_PLACES_MAX} rooms`)
      .optional(),
    every_days: intIn('every_days', 1, 366).optional(),
    /** ISO weekdays: 1 is Monday, 7 is Sunday. */
    weekdays: z
      .array(intIn('weekdays', 1, 7), {
        error: 'weekdays must be a list of days from 1 (Monday) to 7 (Sunday)',
      })
      .min(1, 'weekdays must name at least one day')
      .max(7, 'weekdays must be a list of days from 1 (Monday) to 7 (Sunday)')
      .optional(),
    month_day: intIn('month_day', 1, 28).optional(),
    grace_days: intIn('grace_days', 0, 90),
    blind: z.boolean({ error: 'blind must be true or false' }),
    device_id: id('device_id').nullish(),
    assignee_user_id: id('assignee_user_id').nullish(),
    duration_minutes: intIn('duration_minutes', 1, 1440).nullish(),
  })
  .superRefine((b, ctx) => {
    const rhythms = [b.every_days, b.weekdays, b.month_day].filter((r) => r !== undefined && r !== null);
    if (rhythms.length !== 1) {
      const path =
        b.every_days !== undefined ? 'every_days' : b.weekdays !== undefined ? 'weekdays' : 'month_day';
      ctx.addIssue({ code: 'custom', path: [path], message: COUNT_PLAN_MESSAGES.oneRhythm });
    }
    if ((b.location_ids?.length ?? 0) + (b.rooms?.length ?? 0) === 0) {
      ctx.addIssue({ code: 'custom', path: ['location_ids'], message: COUNT_PLAN_MESSAGES.placeRequired });
    }
    if (b.duration_minutes != null && b.device_id == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration_minutes'],
        message: COUNT_PLAN_MESSAGES.durationNeedsDevice,
      });
    }
  })
  .transform((b) => ({
    ...b,
    location_ids: [...new Set(b.location_ids ?? [])],
    rooms: [...new Set(b.rooms ?? [])],
    weekdays: b.weekdays ? [...new Set(b.weekdays)].sort((x, y) => x - y) : null,
    every_days: b.every_days ?? null,
    month_day: b.month_day ?? null,
    device_id: b.device_id ?? null,
    assignee_user_id: b.assignee_user_id ?? null,
    duration_minutes: b.duration_minutes ?? null,
  }));
export type TCountPlanRequest = z.input<typeof ZCountPlanRequest>;
export type TCountPlanInput = z.output<typeof ZCountPlanRequest>;

export const ZCountPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  location_ids: z.array(z.number().int()),
  rooms: z.array(z.string()),
  every_days: z.number().int().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  month_day: z.number().int().nullable(),
  grace_days: z.number().int(),
  blind: z.boolean(),
  device_id: z.number().int().nullable(),
  assignee_user_id: z.number().int().nullable(),
  duration_minutes: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCountPlan = z.infer<typeof ZCountPlan>;
export const ZCountPlansResponse = z.object({ data: z.array(ZCountPlan) });

/** GET /api/count-plans/people: the company's active members a plan may be for (operators choose among them). */
export const ZPlanPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type TPlanPerson = z.infer<typeof ZPlanPerson>;
export const ZPlanPeopleResponse = z.object({ data: z.array(ZPlanPerson) });

/**
 * GET /api/count-plans/rooms: a Dutchie store's rooms named by its plans (Quantics knows a room by its plans), each
 * with its last count and when its plans next want it, as the Locations page shows a catalogue's locations.
 */
export const ZRoomCounting = ZPlaceCounting.extend({ room: z.string() });
export type TRoomCounting = z.infer<typeof ZRoomCounting>;
export const ZRoomsCountingResponse = z.object({ data: z.array(ZRoomCounting) });

/** One place of a plan that is due (its due day has come) or overdue (past the grace days). */
export const ZDueCount = z.object({
  plan_id: z.number().int(),
  /** A catalogue company's location (null for a room). */
  location_id: z.number().int().nullable(),
  /** A Dutchie company's room (null for a location). */
  room: z.string().nullable(),
  /** The location's path or the room's name. */
  name: z.string(),
  plan_name: z.string(),
  /** The day it became due, in the company's time zone (YYYY-MM-DD). */
  due_on: z.string(),
  overdue: z.boolean(),
  last_counted_at: z.string().nullable(),
  blind: z.boolean(),
  /** The plan names this person (or the signed-in person): listed first. */
  is_mine: z.boolean(),
});
export type TDueCount = z.infer<typeof ZDueCount>;

export const ZDueCountsResponse = z.object({
  data: z.array(ZDueCount),
  coverage: z.object({
    /** Share of the planned places counted within their rhythm (not due), 0..1; 1 with no plan. */
    locations: z.number().min(0).max(1),
    /** The same share weighed by the units stocked there, 0..1. */
    units: z.number().min(0).max(1),
  }),
  /** How many places the company's plans name (0: no plan, and coverage means nothing yet). */
  planned_places: z.number().int(),
  /** The company's time zone, in which due days are counted. */
  time_zone: z.string(),
  today: z.string(),
});
export type TDueCountsResponse = z.infer<typeof ZDueCountsResponse>;
