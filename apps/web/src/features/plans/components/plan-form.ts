import { type TCountPlan, type TCountPlanRequest, ZCountPlanRequest } from '@quantics/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ServerFields } from '@/lib/server-field-error';

export type Rhythm = 'every_days' | 'weekdays' | 'month_day';
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The plan dialog's fields as typed (numbers as the boxes hold them); `toPlanRequest` makes the request. */
export type PlanValues = {
  name: string;
  /** `loc:{id}` for a location, `room:{name}` for a room. */
  places: string[];
  rhythm: Rhythm;
  every_days: string;
  weekdays: number[];
  month_day: string;
  grace_days: string;
  blind: boolean;
  /** '' for anyone. */
  assignee_user_id: string;
  /** '' for counted by hand. */
  device_id: string;
  duration_minutes: string;
};

export const planValues = (plan: TCountPlan | null): PlanValues => ({
  name: plan?.name ?? '',
  places: plan ? [...plan.location_ids.map((id) => `loc:${id}`), ...plan.rooms.map((r) => `room:${r}`)] : [],
  rhythm: plan?.weekdays ? 'weekdays' : plan?.month_day ? 'month_day' : 'every_days',
  every_days: String(plan?.every_days ?? 7),
  weekdays: plan?.weekdays ?? [1],
  month_day: String(plan?.month_day ?? 1),
  grace_days: String(plan?.grace_days ?? 1),
  blind: plan?.blind ?? false,
  assignee_user_id: plan?.assignee_user_id ? String(plan.assignee_user_id) : '',
  device_id: plan?.device_id ? String(plan.device_id) : '',
  duration_minutes: plan?.duration_minutes ? String(plan.duration_minutes) : '',
});

/** POST/PUT /api/count-plans's body: the chosen rhythm only, and a duration only with a fixed reader. */
export const toPlanRequest = (v: PlanValues): TCountPlanRequest => ({
  name: v.name,
  location_ids: v.places.filter((p) => p.startsWith('loc:')).map((p) => Number(p.slice(4))),
  rooms: v.places.filter((p) => p.startsWith('room:')).map((p) => p.slice(5)),
  grace_days: Number(v.grace_days),
  blind: v.blind,
  ...(v.rhythm === 'every_days' && { every_days: Number(v.every_days) }),
  ...(v.rhythm === 'weekdays' && { weekdays: v.weekdays }),
  ...(v.rhythm === 'month_day' && { month_day: Number(v.month_day) }),
  assignee_user_id: v.assignee_user_id ? Number(v.assignee_user_id) : null,
  device_id: v.device_id ? Number(v.device_id) : null,
  duration_minutes: v.device_id ? Number(v.duration_minutes) : null,
});

/** The request's fields (the contract's issue paths, the server's `field`) to the dialog's fields. */
export const PLAN_FIELDS: ServerFields<PlanValues> = {
  name: 'name',
  location_ids: 'places',
  'location_ids.*': 'places',
  rooms: 'places',
  'rooms.*': 'places',
  every_days: 'every_days',
  weekdays: 'weekdays',
  'weekdays.*': 'weekdays',
  month_day: 'month_day',
  grace_days: 'grace_days',
  device_id: 'device_id',
  assignee_user_id: 'assignee_user_id',
  duration_minutes: 'duration_minutes',
};

type Context = { isDutchie: boolean };

/** The dialog's own words for what the contract refuses (the request's field names are not for people). */
function formMessage(field: keyof PlanValues, v: PlanValues, { isDutchie }: Context): string | undefined {
  if (field === 'places') return isDutchie ? 'Choose at least one room' : 'Choose at least one location';
  if (field === 'every_days') return 'Every how many days: a whole number from 1 to 366';
  if (field === 'weekdays') return 'Choose at least one day';
  if (field === 'month_day') return 'Day of the month: a whole number from 1 to 28';
  if (field === 'grace_days') return 'Grace days: a whole number from 0 to 90';
  if (field === 'duration_minutes' && v.device_id)
    return 'A fixed reader counts for a set time: minutes from 1 to 1440';
  return undefined;
}

/**
 * The contracts' ZCountPlanRequest decides what is refused, on the request the dialog would send; each refusal goes
 * to its field, in the dialog's words where the contract's name the request's fields.
 */
export const planResolver: Resolver<PlanValues, Context> = async (values, context) => {
  const parsed = ZCountPlanRequest.safeParse(toPlanRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<PlanValues> = {};
  for (const issue of parsed.error.issues) {
    const field = (PLAN_FIELDS[issue.path.join('.')] ?? PLAN_FIELDS[String(issue.path[0])]) as
      | keyof PlanValues
      | undefined;
    if (!field || errors[field]) continue;
    const message = formMessage(field, values, context ?? { isDutchie: false }) ?? issue.message;
    errors[field] = { type: issue.code, message };
  }
  return { values: {}, errors };
};
