import type { Db } from '../../db/client.ts';
import { recordEvent } from '../events/events.repo.ts';
import { claimOverdueNotice, companiesWithPlans } from './count-plans.repo.ts';
import { placeKey, planStatus } from './due-counts.service.ts';

/**
 * count.overdue for every planned place past its grace days, once per place and due day: the notice row is claimed
 * in the transaction that writes the event, so a second sweep (or another instance at the same time) tells nothing
 * new. A place counted since is no longer overdue; when it falls due again, its new due day is told once more.
 * Registered with the alerts worker's sweeps; `now` is the caller's clock. Returns how many were told.
 */
export async function recordOverdueCounts(db: Db, now: Date): Promise<number> {
  let told = 0;
  for (const companyId of await companiesWithPlans(db)) {
    const status = await planStatus(db, companyId, now);
    const overdue = status.places.filter((p) => p.isOverdue);
    if (overdue.length === 0) continue;
    told += await db.transaction(async (tx) => {
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
  }
  return told;
}
