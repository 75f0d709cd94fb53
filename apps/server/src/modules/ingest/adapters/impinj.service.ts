import { cdbmToDbm, type TImpinjTagInventoryEvent } from '@quantics/contracts';
import type { DeviceContext } from '../../../lib/request-context.ts';
import type { IngestDeps } from '../audit-lifecycle.service.ts';
import type { ReadInput } from '../ingest.repo.ts';
import { contentHash, type ReceiveResult, receiveReads } from './fixed-webhook.service.ts';

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
      antenna: tag.antennaPort ?? null,
    });
  }
  return reads;
}

/** One R700 post: its tagInventory events are the reads; the rest is every fixed reader's (fixed-webhook). */
export function receiveEvents(
  deps: IngestDeps,
  device: DeviceContext,
  events: ParsedEvent[],
): Promise<ReceiveResult> {
  return receiveReads(deps, device, 'impinj', eventsToReads(events), contentHash(events));
}
