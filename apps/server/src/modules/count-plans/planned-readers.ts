import { randomUUID } from 'node:crypto';
import { createAudit, type IngestDeps } from '../ingest/audit-lifecycle.service.ts';
import { isReaderBusy } from '../ingest/participants.service.ts';
import { findOpenAudit } from '../ingest/webhook-batches.service.ts';
import { claimRun, findFixedReader, setRunAudit } from './count-plans.repo.ts';
import { placeKey, planStatus } from './due-counts.service.ts';
import { readerDueCompanies, refreshPlanPlaces, staleCompanies } from './plan-places.ts';

/**
 * A fixed reader's planned counts start by themselves: each due place of a plan with a device and a duration gets a
 * timed count on that reader (the due-count sweep then finishes it when the duration has run out, as any timed
 * count). The run is claimed per plan, place and due day in the transaction that creates the audit, so two instances
 * (or two sweeps) start it once; a reader with a count open is left for the next sweep. A planned count that did not
 * run (the reader was away, its count failed) leaves the place uncounted: due, then overdue like any other.
 * One company's (picked by its stored due days, plan-places.ts), worked out again here, its stored places after.
 * `now` is the caller's clock. Returns how many counts started.
 */
export async function startCompanyReaderCounts(
  deps: IngestDeps,
  companyId: number,
  now: Date,
): Promise<number> {
  let started = 0;
  const status = await planStatus(deps.db, companyId, now);
  const busy = new Set<number>();
  for (const p of status.places) {
    if (!p.isDue || p.deviceId === null || p.durationMinutes === null || busy.has(p.deviceId)) continue;
    const reader = await findFixedReader(deps.db, companyId, p.deviceId);
    if (!reader) continue;
    const device = { deviceId: reader.id, companyId, name: reader.name };
    busy.add(reader.id);
    if (await findOpenAudit(deps, device)) continue;
    const run = { planId: p.planId, placeKey: placeKey(p), dueOn: p.dueOn };
    const claimed = deps.db.transaction(async (tx) => {
      if (!(await claimRun(tx, companyId, run.planId, run.placeKey, run.dueOn))) return false;
      const made = await createAudit(
        { ...deps, db: tx },
        {
          companyId,
          source: { deviceId: reader.id, deviceName: reader.name },
          clientAuditId: randomUUID(),
          name: `${p.planName}: ${p.name}`,
          place: { location_id: p.locationId, room: p.room },
          auditType: 'Planned count',
          startedBy: null,
          durationMinutes: p.durationMinutes,
          planId: p.planId,
        },
      );
      if (made === undefined) return false;
      await setRunAudit(tx, companyId, run, made.id);
      return true;
    });
    // The reader started or joined another count since it was looked at: its run was not claimed (the transaction
    // rolled back), so it is left for the next sweep, as a reader found busy is.
    const isStarted = await claimed.catch((e: unknown) => {
      if (isReaderBusy(e)) return false;
      throw e;
    });
    if (isStarted) started++;
  }
  await refreshPlanPlaces(deps.db, companyId);
  return started;
}

/**
 * A whole pass of what the plan-places and planned-reader-counts sweeps do (jobs/sweeps.ts), as of `now`, without
 * their lock or budget: tests that set the clock.
 */
export async function startPlannedReaderCounts(deps: IngestDeps, now: Date): Promise<number> {
  for (const companyId of await staleCompanies(deps.db, now, 1000))
    await refreshPlanPlaces(deps.db, companyId);
  let started = 0;
  for (const companyId of await readerDueCompanies(deps.db, now, 1000))
    started += await startCompanyReaderCounts(deps, companyId, now);
  return started;
}
