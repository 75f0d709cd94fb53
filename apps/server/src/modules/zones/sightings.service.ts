import type { Db } from '../../db/client.ts';
import * as repo from './sightings.repo.ts';

/**
 * Where each tag was last seen (issue 52): every fixed reader's post, a count open or not (written after the answer by
 * sightings-writer.ts, app.ingest.sightings), and every count's keep (in its completing transaction). One row per tag
 * (EPC, and TID when sent), upserted.
 */

export { SightingsWriter } from './sightings-writer.ts';

/** A completed count's tags, at its place (called in the completing transaction, after its tags are kept). */
export function recordCountSightings(tx: Db, companyId: number, auditId: number): Promise<void> {
  return repo.upsertCountSightings(tx, companyId, auditId);
}

/** The raw reads' retention applied to sightings: tags not seen since the cutoff are forgotten. */
export const forgetSightingsBefore = repo.deleteSightingsBefore;
