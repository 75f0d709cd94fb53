import type { Db } from '../../db/client.ts';
import type { AuditClock } from '../audits/audit-status.ts';

/** A count that has just completed (reconciled, its completion recorded), told in the completion's transaction. */
export type CountCompleted = {
  tx: Db;
  clock: AuditClock;
  companyId: number;
  auditId: number;
  /** When it completed, for an audit recorded after the fact (IngestDeps.at); absent: now. */
  at?: Date;
  /**
   * A receipt (a count of a shipment), set against its shipment's lines rather than the place's stock: `awaiting`,
   * its lines over the count policy. Absent for a count of a place.
   */
  receipt?: { awaiting: number };
};

export type CountCompletedHook = (event: CountCompleted) => Promise<void>;

/**
 * What other modules do when a count completes, without ingest importing them (issue 50 §4), in the style of
 * Outline's event processors: each module registers its handler once, when the app is built (app.ts: reviews marks
 * the lines over the count policy and asks for a review, a receipt's too; count plans take the places' next due day
 * again), and
 * ingest calls them in order, in the completion's transaction, so a handler that throws rolls the completion back.
 * One per app (IngestDeps.hooks); a test app gets the app's own.
 */
export class CountHooks {
  readonly #completed: CountCompletedHook[] = [];

  /** Adds a handler of completed counts; they run in the order they were added. */
  onCompleted(hook: CountCompletedHook): this {
    this.#completed.push(hook);
    return this;
  }

  /** Runs every handler of a completed count, one after another, in the caller's transaction. */
  async completed(event: CountCompleted): Promise<void> {
    for (const hook of this.#completed) await hook(event);
  }
}
