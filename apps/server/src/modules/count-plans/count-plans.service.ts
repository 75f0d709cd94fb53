import {
  COUNT_PLAN_MESSAGES,
  type TCountPlan,
  type TCountPlanInput,
  type TPlanPerson,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { CountCompleted } from '../ingest/count-hooks.ts';
import * as repo from './count-plans.repo.ts';
import { markPlacesStale } from './plan-places.repo.ts';

export function planView(p: repo.PlanRow): TCountPlan {
  return {
    id: p.id,
    name: p.name,
    location_ids: p.locationIds,
    rooms: p.rooms,
    every_days: p.everyDays,
    weekdays: p.weekdays,
    month_day: p.monthDay,
    grace_days: p.graceDays,
    blind: p.isBlind,
    device_id: p.deviceId,
    assignee_user_id: p.assigneeUserId,
    duration_minutes: p.durationMinutes,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export async function listPlans(db: Db, companyId: number): Promise<{ data: TCountPlan[] }> {
  return { data: (await repo.listPlans(db, companyId)).map(planView) };
}

/** The people a plan may be for: the company's active members. */
export async function planPeople(db: Db, companyId: number): Promise<{ data: TPlanPerson[] }> {
  const rows = await repo.activeMembers(db, companyId);
  return { data: rows.map((r) => ({ id: r.id, name: r.name || r.email, email: r.email })) };
}

export async function getPlan(db: Db, companyId: number, id: number): Promise<TCountPlan> {
  const row = await repo.findPlan(db, companyId, id);
  if (!row) throw notFound(COUNT_PLAN_MESSAGES.notFound);
  return planView(row);
}

/**
 * The plan's places must suit the company (a Dutchie company plans rooms, a catalogue company locations) and
 * exist; its reader and its person must be the company's. A refusal names the request's field it is about.
 */
async function checkedValues(db: Db, auth: AuthContext, input: TCountPlanInput): Promise<repo.PlanValues> {
  const isDutchie = auth.inventoryType === 'dutchie';
  if (isDutchie && input.location_ids.length > 0)
    throw badRequest(COUNT_PLAN_MESSAGES.locationsForCatalogue, { field: 'location_ids' });
  if (!isDutchie && input.rooms.length > 0)
    throw badRequest(COUNT_PLAN_MESSAGES.roomsForDutchie, { field: 'rooms' });
  if ((await repo.countLocations(db, auth.companyId, input.location_ids)) !== input.location_ids.length) {
    throw badRequest(COUNT_PLAN_MESSAGES.locationNotFound, { field: 'location_ids' });
  }
  if (input.device_id !== null && !(await repo.deviceExists(db, auth.companyId, input.device_id))) {
    throw badRequest(COUNT_PLAN_MESSAGES.deviceNotFound, { field: 'device_id' });
  }
  if (
    input.assignee_user_id !== null &&
    !(await repo.isActiveMember(db, auth.companyId, input.assignee_user_id))
  ) {
    throw badRequest(COUNT_PLAN_MESSAGES.assigneeNotFound, { field: 'assignee_user_id' });
  }
  return {
    name: input.name,
    locationIds: input.location_ids,
    rooms: input.rooms,
    everyDays: input.every_days,
    weekdays: input.weekdays,
    monthDay: input.month_day,
    graceDays: input.grace_days,
    isBlind: input.blind,
    deviceId: input.device_id,
    assigneeUserId: input.assignee_user_id,
    durationMinutes: input.duration_minutes,
  };
}

const logPlan = (db: Db, auth: AuthContext, verb: string, name: string) =>
  recordActivity(db, {
    companyId: auth.companyId,
    performer: userPerformer(auth),
    action: `count_plan.${verb}`,
    type: 'count_plan',
    message: `${auth.name || auth.email} ${verb}d the count plan ${name}`,
  });

export async function createPlan(db: Db, auth: AuthContext, input: TCountPlanInput): Promise<TCountPlan> {
  const values = await checkedValues(db, auth, input);
  return db.transaction(async (tx) => {
    const row = await repo.insertPlan(tx, auth.companyId, values);
    await logPlan(tx, auth, 'create', row.name);
    return planView(row);
  });
}

export async function updatePlan(
  db: Db,
  auth: AuthContext,
  id: number,
  input: TCountPlanInput,
): Promise<TCountPlan> {
  const values = await checkedValues(db, auth, input);
  return db.transaction(async (tx) => {
    const row = await repo.updatePlan(tx, auth.companyId, id, values);
    if (!row) throw notFound(COUNT_PLAN_MESSAGES.notFound);
    await logPlan(tx, auth, 'update', row.name);
    return planView(row);
  });
}

export async function deletePlan(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findPlan(tx, auth.companyId, id);
    if (!row || !(await repo.deletePlan(tx, auth.companyId, id)))
      throw notFound(COUNT_PLAN_MESSAGES.notFound);
    await logPlan(tx, auth, 'delete', row.name);
  });
}

/**
 * A count completed in the company (in its transaction): its planned places' due days are worked out again by the
 * plan-places sweep (plan-places.ts). One update of the company's plans, none without plans. Subscribed to ingest's
 * completed counts in app.ts (ingest/count-hooks.ts).
 */
export const placesCounted = (tx: Db, companyId: number): Promise<void> => markPlacesStale(tx, companyId);

/** Count plans' part when ingest completes a count of a place (not a receipt): placesCounted. */
export const planCompletedCount = (c: CountCompleted): Promise<void> =>
  c.receipt ? Promise.resolve() : placesCounted(c.tx, c.companyId);
