import type { TDueCount, TDueCountsResponse, TPlaceCounting, TRoomCounting } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { allPackages } from '../dutchie/dutchie-inventory.service.ts';
import { locationTree } from '../locations/location-tree.ts';
import { placeNodes } from '../locations/locations.service.ts';
import * as repo from './count-plans.repo.ts';
import { dueOn, isOverdue, localDay } from './schedule.ts';

/**
 * What is due: each place of each plan with its last completed count (a count at the place, at a place above it, or
 * of the whole store: each of those counted it), the day it is next due and whether that is past the grace days.
 * Derived on read from the audits, so every instance agrees and a count started by hand satisfies a plan as much as
 * one started from it.
 */

export type PlannedPlace = {
  planId: number;
  planName: string;
  locationId: number | null;
  room: string | null;
  name: string;
  dueOn: string;
  /** Days after the due day before it is overdue. */
  graceDays: number;
  isDue: boolean;
  isOverdue: boolean;
  lastCountedAt: Date | null;
  isBlind: boolean;
  assigneeUserId: number | null;
  deviceId: number | null;
  durationMinutes: number | null;
};

export type PlanStatus = { timeZone: string; today: string; isDutchie: boolean; places: PlannedPlace[] };

/** A place's key (overdue notices, planned runs): one per location or room, whatever the plan. */
export const placeKey = (p: { locationId: number | null; room: string | null }) =>
  p.locationId !== null ? `l:${p.locationId}` : `r:${(p.room ?? '').toLowerCase()}`;

const latest = (a: Date | null | undefined, b: Date | null | undefined) =>
  !a ? (b ?? null) : !b ? a : a > b ? a : b;

/** The completed counts that satisfy plans: by location (with the tree, to walk up it) or by room. */
async function countHistory(db: Db, companyId: number, isDutchie: boolean) {
  const nodes = await placeNodes(db, companyId);
  const tree = locationTree(nodes);
  const lastByLocation = new Map(
    isDutchie ? [] : (await repo.lastCountsByLocation(db, companyId)).map((r) => [r.locationId, r.at]),
  );
  const lastByRoom = new Map(
    isDutchie
      ? (await repo.lastCountsByRoom(db, companyId)).map((r) => [r.room?.toLowerCase() ?? null, r.at])
      : [],
  );
  const wholeStore = isDutchie ? lastByRoom.get(null) : lastByLocation.get(null);

  /** The location's path, and its last count: its own or one of a place above it (which covered it). */
  const walkUp = (id: number) => {
    const last = [id, ...tree.ancestors(id).map((a) => a.id)].reduce<Date | null>(
      (at, place) => latest(at, lastByLocation.get(place)),
      null,
    );
    return { path: tree.path(id), last: latest(last, wholeStore) };
  };
  const roomLast = (room: string) => latest(lastByRoom.get(room.toLowerCase()), wholeStore);
  return { isDutchie, nodes, tree, walkUp, roomLast };
}
type CountHistory = Awaited<ReturnType<typeof countHistory>>;

/** Every planned place of the company as of `now`. */
export async function planStatus(
  db: Db,
  companyId: number,
  now: Date,
  loaded?: { history: CountHistory },
): Promise<PlanStatus> {
  const company = await repo.companyClock(db, companyId);
  const timeZone = company?.timeZone ?? 'UTC';
  const isDutchie = company?.inventoryType === 'dutchie';
  const today = localDay(now, timeZone);
  const plans = await repo.listPlans(db, companyId);
  if (plans.length === 0) return { timeZone, today, isDutchie, places: [] };
  const given = loaded?.history.isDutchie === isDutchie ? loaded.history : null;
  const { tree, walkUp, roomLast } = given ?? (await countHistory(db, companyId, isDutchie));

  const places: PlannedPlace[] = [];
  for (const plan of plans) {
    const rhythm = { everyDays: plan.everyDays, weekdays: plan.weekdays, monthDay: plan.monthDay };
    const targets = isDutchie
      ? plan.rooms.map((room) => ({
          locationId: null,
          room,
          name: room,
          last: roomLast(room),
        }))
      : plan.locationIds
          .filter((id) => tree.get(id) !== undefined)
          .map((id) => {
            const up = walkUp(id);
            return { locationId: id, room: null, name: up.path, last: up.last };
          });
    for (const t of targets) {
      const due = dueOn(rhythm, t.last, plan.createdAt, timeZone);
      places.push({
        planId: plan.id,
        planName: plan.name,
        locationId: t.locationId,
        room: t.room,
        name: t.name,
        dueOn: due,
        graceDays: plan.graceDays,
        isDue: due <= today,
        isOverdue: isOverdue(due, plan.graceDays, today),
        lastCountedAt: t.last,
        isBlind: plan.isBlind,
        assigneeUserId: plan.assigneeUserId,
        deviceId: plan.deviceId,
        durationMinutes: plan.durationMinutes,
      });
    }
  }
  return { timeZone, today, isDutchie, places };
}

/**
 * Units at each planned place: a catalogue location's products with those of its sub-locations; a Dutchie room's
 * packages from the store's snapshot. Null when the store cannot be read now (the share of places stands in).
 */
async function unitsAt(
  deps: { db: Db; dutchie: DutchieContext },
  companyId: number,
  status: PlanStatus,
): Promise<((p: PlannedPlace) => number) | null> {
  if (status.isDutchie) {
    try {
      const { items } = await allPackages(deps.dutchie, companyId, { includeZero: false });
      const byRoom = new Map<string, number>();
      for (const item of items)
        for (const r of item.rooms) {
          const key = r.roomName.toLowerCase();
          byRoom.set(key, (byRoom.get(key) ?? 0) + Math.max(0, r.quantity));
        }
      return (p) => byRoom.get(p.room?.toLowerCase() ?? '') ?? 0;
    } catch {
      return null;
    }
  }
  const own = new Map((await repo.unitsByLocation(deps.db, companyId)).map((r) => [r.locationId, r.units]));
  const tree = locationTree(await placeNodes(deps.db, companyId));
  const subtree = (id: number) => [...tree.below([id])].reduce((s, place) => s + (own.get(place) ?? 0), 0);
  return (p) => (p.locationId === null ? 0 : subtree(p.locationId));
}

/** The share of planned places counted within their rhythm (not due), and of the units stocked there. */
async function coverage(
  deps: { db: Db; dutchie: DutchieContext },
  companyId: number,
  status: PlanStatus,
): Promise<TDueCountsResponse['coverage']> {
  const all = status.places;
  if (all.length === 0) return { locations: 1, units: 1 };
  const covered = all.filter((p) => !p.isDue);
  const locations = covered.length / all.length;
  const units = await unitsAt(deps, companyId, status);
  if (!units) return { locations, units: locations };
  const total = all.reduce((s, p) => s + units(p), 0);
  const done = covered.reduce((s, p) => s + units(p), 0);
  return { locations, units: total === 0 ? locations : done / total };
}

export function dueView(p: PlannedPlace, userId: number): TDueCount {
  return {
    plan_id: p.planId,
    location_id: p.locationId,
    room: p.room,
    name: p.name,
    plan_name: p.planName,
    due_on: p.dueOn,
    overdue: p.isOverdue,
    last_counted_at: p.lastCountedAt?.toISOString() ?? null,
    blind: p.isBlind,
    is_mine: p.assigneeUserId === userId,
  };
}

/** GET /api/counts/due: what is due now, the person's own first, then the most overdue; and the coverage. */
export async function dueCounts(
  deps: { db: Db; dutchie: DutchieContext },
  auth: { companyId: number; userId: number },
  now: Date,
): Promise<TDueCountsResponse> {
  const status = await planStatus(deps.db, auth.companyId, now);
  const data = status.places
    .filter((p) => p.isDue)
    .map((p) => dueView(p, auth.userId))
    .sort(
      (a, b) =>
        Number(b.is_mine) - Number(a.is_mine) ||
        a.due_on.localeCompare(b.due_on) ||
        a.name.localeCompare(b.name) ||
        a.plan_id - b.plan_id,
    );
  return {
    data,
    coverage: await coverage(deps, auth.companyId, status),
    planned_places: status.places.length,
    time_zone: status.timeZone,
    today: status.today,
  };
}

/** A place's counting: its last completed count and, when a plan names it, the earliest next due day. */
export type PlaceCounting = {
  lastCountedAt: Date | null;
  nextDueOn: string | null;
  due: boolean;
  overdue: boolean;
  plans: string[];
};

/** A place's counting as the API answers it (the Locations page's locations, a Dutchie store's rooms). */
export const placeCountingView = (c: PlaceCounting | undefined): TPlaceCounting => ({
  last_counted_at: c?.lastCountedAt?.toISOString() ?? null,
  next_due_on: c?.nextDueOn ?? null,
  due: c?.due ?? false,
  overdue: c?.overdue ?? false,
  plans: c?.plans ?? [],
});

function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

const placeCounting = (last: Date | null, planned: PlannedPlace[]): PlaceCounting => {
  const next = planned.map((p) => p.dueOn).sort()[0] ?? null;
  return {
    lastCountedAt: last,
    nextDueOn: next,
    due: planned.some((p) => p.isDue),
    overdue: planned.some((p) => p.isOverdue),
    plans: [...new Set(planned.map((p) => p.planName))],
  };
};

/**
 * Every location's counting (the Locations page), in a fixed number of queries whatever the number of locations:
 * its last completed count (its own, a place above it, or the whole store) and when its plans next want it.
 */
export async function locationCounting(
  db: Db,
  companyId: number,
  now: Date,
): Promise<Map<number, PlaceCounting>> {
  const history = await countHistory(db, companyId, false);
  const status = await planStatus(db, companyId, now, { history });
  const planned = groupBy(
    status.places.filter((p) => p.locationId !== null),
    (p) => p.locationId as number,
  );
  return new Map(
    history.nodes.map((l) => [l.id, placeCounting(history.walkUp(l.id).last, planned.get(l.id) ?? [])]),
  );
}

/** A Dutchie store's rooms named by plans, each with its counting (a room is known to Quantics by its plans). */
export async function roomCounting(db: Db, companyId: number, now: Date) {
  const history = await countHistory(db, companyId, true);
  const status = await planStatus(db, companyId, now, { history });
  const planned = groupBy(
    status.places.filter((p) => p.room !== null),
    (p) => (p.room as string).toLowerCase(),
  );
  return [...planned.values()]
    .map((places) => {
      const room = places[0]?.room as string;
      return { room, ...placeCounting(history.roomLast(room), places) };
    })
    .sort((a, b) => a.room.localeCompare(b.room));
}

/** GET /api/count-plans/rooms. */
export async function roomsCountingView(
  db: Db,
  companyId: number,
  now: Date,
): Promise<{ data: TRoomCounting[] }> {
  const rooms = await roomCounting(db, companyId, now);
  return { data: rooms.map((r) => ({ room: r.room, ...placeCountingView(r) })) };
}

/** Each location's counting as GET /api/locations shows it (handed to the locations' routes by app.ts). */
export async function locationCountingView(
  db: Db,
  companyId: number,
  now: Date,
): Promise<(locationId: number) => TPlaceCounting> {
  const counting = await locationCounting(db, companyId, now);
  return (locationId) => placeCountingView(counting.get(locationId));
}
