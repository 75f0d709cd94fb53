import type { TagDecoder } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import type { ReadInput } from '../ingest/ingest.repo.ts';
import { storedHex } from '../ingest/reads-storage.repo.ts';
import * as repo from './sightings.repo.ts';

/**
 * Where each tag was last seen (issue 52): every fixed reader's post, a count open or not, and every count's keep.
 * One row per tag (EPC, and TID when sent), upserted.
 */

/** A post's reads, each tag once at its latest read (a tag read on three antennas: the last read wins). */
export function latestPerTag(reads: ReadInput[], tags: TagDecoder): repo.SightingRow[] {
  const byTag = new Map<string, repo.SightingRow>();
  for (const r of reads) {
    const epc = storedHex(r.epc);
    const tid = r.tid === null ? '' : storedHex(r.tid);
    const key = `${epc}/${tid}`;
    const before = byTag.get(key);
    // Reads come in the order read; one with a time earlier than the one kept (a reader's clock) does not replace it.
    if (before && r.seen_at !== null && before.seenAt !== null && r.seen_at < before.seenAt) continue;
    byTag.set(key, {
      epc,
      tid,
      gtin: before?.gtin ?? tags.decode(r.epc).gtin,
      rssi: r.rssi,
      antenna: r.antenna ?? null,
      seenAt: r.seen_at,
    });
  }
  return [...byTag.values()];
}

/** A fixed reader's post: its tags' sightings, at their antennas' places (else the reader's home). */
export async function recordReaderSightings(
  deps: { db: Db; tags: TagDecoder },
  device: DeviceContext,
  reads: ReadInput[],
): Promise<void> {
  if (reads.length === 0) return;
  await repo.upsertReaderSightings(
    deps.db,
    device.companyId,
    device.deviceId,
    latestPerTag(reads, deps.tags),
  );
}

/** A completed count's tags, at its place (called in the completing transaction, after its tags are kept). */
export function recordCountSightings(tx: Db, companyId: number, auditId: number): Promise<void> {
  return repo.upsertCountSightings(tx, companyId, auditId);
}

/** The raw reads' retention applied to sightings: tags not seen since the cutoff are forgotten. */
export const forgetSightingsBefore = repo.deleteSightingsBefore;
