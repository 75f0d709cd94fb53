import type { Db } from '../../db/client.ts';
import { recordEvent } from '../events/events.repo.ts';
import { claimOverdueNotice } from './count-plans.repo.ts';
import { placeKey, planStatus } from './due-counts.service.ts';
import { overdueCompanies, refreshPlanPlaces, staleCompanies } from './plan-places.ts';

/**
 * count.overdue for one company's planned places past their grace days, once per place and due day: the notice row
 * is claimed in the transaction that writes the event, so a second sweep (or another instance at the same time)
 * tells nothing new. A place counted since is no longer overdue; when it falls due again, its new due day is told
 * once more. The company was picked by its stored due days (plan-places.ts); what is overdue is worked out again
 * here, and its stored places after. `now` is the caller's clock. Returns how many were told.
 */
export async function tellOverdue(db: Db, companyId: number, now: Date): Promise<number> {
  const status = await planStatus(db, companyId, now);
  const overdue = status.places.filter((p) => p.isOverdue);
  const told =
    overdue.length === 0
      ? 0
      : await db.transaction(async (tx) => {
          let n = 0;
          for (const p of overdue) {
            if (!(await claimOverdueNotice(tx, companyId, placeKey(p), p.dueOn))) continue;
            await recordEvent(tx, companyId, 'count.overdue', {
              plan_id: p.planId,
              plan_name: p.planName,
              location_id: p.locationId,
              room: p.room,
              name: p.name,
              due_on: p.dueOn,
              last_counted_at: p.lastCountedAt?.toISOString() ?? null,
            });
            n++;
          }
          return n;
        });
  await refreshPlanPlaces(db, companyId);
  return told;
}

/**
 * A whole pass of what the plan-places and overdue-counts sweeps do (jobs/sweeps.ts), as of `now`, without their
 * lock or budget: tests that set the clock.
 */
export async function recordOverdueCounts(db: Db, now: Date): Promise<number> {
  for (const companyId of await staleCompanies(db, now, 1000)) await refreshPlanPlaces(db, companyId);
  let told = 0;
  for (const companyId of await overdueCompanies(db, now, 1000))
    told += await tellOverdue(db, companyId, now);
  return told;
}
