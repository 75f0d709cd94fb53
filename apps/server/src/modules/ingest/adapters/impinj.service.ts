import { createHash } from 'node:crypto';
import { cdbmToDbm, type TImpinjTagInventoryEvent } from '@quantics/contracts';
import type { DeviceContext } from '../../../lib/request-context.ts';
import { countBatch, type IngestDeps } from '../audit-lifecycle.service.ts';
import type { ReadInput } from '../ingest.repo.ts';
import {
  type AppendResult,
  appendToAudit,
  completeWithStored,
  findOpenAudit,
} from '../webhook-batches.service.ts';

/** An event as the contract parsed it: tagInventory events carry their parsed tagInventoryEvent. */
export type ParsedEvent = {
  eventType: string;
  timestamp?: string | null;
  hostname?: string | null;
  tagInventoryEvent?: TImpinjTagInventoryEvent | undefined;
};

/** The R700's tagInventory events as reads of the reader protocol (EPC and TID upper case, RSSI in dBm). */
export function eventsToReads(events: ParsedEvent[]): ReadInput[] {
  const reads: ReadInput[] = [];
  for (const event of events) {
    const tag = event.tagInventoryEvent;
    if (event.eventType !== 'tagInventory' || !tag) continue;
    reads.push({
      epc: tag.epcHex,
      tid: tag.tidHex ?? null,
      rssi: tag.peakRssiCdbm == null ? null : cdbmToDbm(tag.peakRssiCdbm),
      count: 1,
      seen_at: tag.lastSeenTime ?? null,
    });
  }
  return reads;
}

/**
 * What makes a post the same post: the SHA-256 of its parsed events (event times included, so two real posts
 * differ). The R700 resends a post it thinks failed byte for byte, so a retry hashes alike and is stored once.
 */
export function contentHash(events: ParsedEvent[]): string {
  return createHash('sha256').update(JSON.stringify(events)).digest('hex');
}

export type ReceiveResult = AppendResult | { stored: false; reason: 'heartbeat' | 'finished' };

/**
 * One webhook post. The caller was authenticated (which counted as a heartbeat). No reads: nothing more to do.
 * Reads go into the reader's open count as its next batch; with no count open they are not stored; a timed count
 * whose end has passed is finished now (derived on the next post) and the late reads are not stored.
 */
export async function receiveEvents(
  deps: IngestDeps,
  device: DeviceContext,
  events: ParsedEvent[],
): Promise<ReceiveResult> {
  const reads = eventsToReads(events);
  if (reads.length === 0) return { stored: false, reason: 'heartbeat' };
  const open = await findOpenAudit(deps, device);
  if (!open) return { stored: false, reason: 'no_open_audit' };
  if (open.endsAt && open.endsAt.getTime() <= Date.now()) {
    await completeWithStored(deps, device, open.id);
    return { stored: false, reason: 'finished' };
  }
  const result = await appendToAudit(deps, device, open.id, contentHash(events), reads);
  if (result.stored) countBatch(deps, 'impinj', reads.length);
  else if (result.reason === 'closed') countBatch(deps, 'impinj', 'refused');
  if (!result.stored && result.reason === 'closed' && open.endsAt) {
    // The end passed between finding the count and locking it: finish it now, as above.
    await completeWithStored(deps, device, open.id);
  }
  return result;
}
