import type { Db } from '../../db/client.ts';
import { placeKey, planStatus } from './due-counts.service.ts';
import * as repo from './plan-places.repo.ts';
import { addDays, dayStart } from './schedule.ts';

/**
 * Each planned place's next due day, stored (count_plan_places) so the overdue and planned-reader sweeps read an
 * index of what is due instead of working out every plan of every company every 15-30 s. Worked out by the same
 * planStatus the screens use, one company at a time: when its plans changed or it completed a count (marked with
 * places_refreshed_at null, taken by the plan-places sweep within its interval), after a sweep told or started
 * something for it, and once a day whatever happened. A stored day can only be too early for a while (a count
 * made it later): then a sweep looks at the company once more, works it out, and finds nothing to do.
 */

export { markPlacesStale } from './plan-places.repo.ts';

/** Works out one company's places again and stores them, in one transaction. Answers how many it stored. */
export async function refreshPlanPlaces(db: Db, companyId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await repo.lockPlans(tx, companyId);
    // The rows hold no "today": they depend on the plans, the counts and the time zone only.
    const status = await planStatus(tx, companyId, new Date());
    const rows = new Map<string, repo.PlaceRow>();
    for (const p of status.places) {
      const key = placeKey(p);
      rows.set(`${p.planId}:${key}`, {
        plan_id: p.planId,
        place_key: key,
        due_on: p.dueOn,
        due_at: dayStart(p.dueOn, status.timeZone).toISOString(),
        overdue_at: dayStart(addDays(p.dueOn, p.graceDays + 1), status.timeZone).toISOString(),
        is_reader: p.deviceId !== null && p.durationMinutes !== null,
      });
    }
    await repo.writePlaces(tx, companyId, [...rows.values()]);
    return rows.size;
  });
}

/** The companies whose places are to be worked out again (the plan-places sweep's units). */
export const staleCompanies = repo.staleCompanies;

/** The companies with a place overdue and not told (the overdue sweep's units). */
export const overdueCompanies = repo.overdueCompanies;

/** The companies with a fixed reader's place due and not started (the planned-reader sweep's units). */
export const readerDueCompanies = repo.readerDueCompanies;
