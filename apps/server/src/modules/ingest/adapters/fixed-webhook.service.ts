import { createHash } from 'node:crypto';
import type { DeviceContext } from '../../../lib/request-context.ts';
import type { ReadsWay } from '../../metrics/metrics.ts';
import { countBatch, type IngestDeps } from '../audit-lifecycle.service.ts';
import { openAuditOrDockReceipt } from '../fixed-readers/dock-receipt.service.ts';
import type { ReadInput } from '../ingest.repo.ts';
import { type AppendResult, appendToAudit, completeWithStored } from '../webhook-batches.service.ts';

/**
 * What every fixed reader's webhook does with a post once its adapter has turned the body into reads (the R700's
 * IoT device interface, Zebra's IoT Connector, Speedway Connect): the same open count, batches and retries.
 */

/**
 * What makes a post the same post: the SHA-256 of its parsed body (event times or event numbers included, so two
 * real posts differ). Readers resend a post they think failed byte for byte, so a retry hashes alike and is stored
 * once.
 */
export function contentHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export type ReceiveResult = AppendResult | { stored: false; reason: 'heartbeat' | 'finished' };

/**
 * One webhook post's reads. The caller was authenticated (which counted as a heartbeat). No reads: nothing more
 * to do. Reads go into the reader's open count as its next batch; with no count open they are not stored; a timed
 * count whose end has passed is finished now (derived on the next post) and the late reads are not stored.
 */
export async function receiveReads(
  deps: IngestDeps,
  device: DeviceContext,
  way: ReadsWay,
  reads: ReadInput[],
  hash: string,
): Promise<ReceiveResult> {
  if (reads.length === 0) return { stored: false, reason: 'heartbeat' };
  // Where each tag was last seen, whether a count is open or not (issue 52): written after the answer (waits only
  // when the writer's pending tags are full).
  const sighted = deps.sightings?.record(device, reads);
  if (sighted) await sighted;
  // Its own open count, or the receipt opened at its dock (fixed-readers/dock-receipt.service.ts).
  const open = await openAuditOrDockReceipt(deps, device);
  if (!open) return { stored: false, reason: 'no_open_audit' };
  if (open.endsAt && open.endsAt.getTime() <= Date.now()) {
    await completeWithStored(deps, device, open.id);
    return { stored: false, reason: 'finished' };
  }
  const result = await appendToAudit(deps, device, open.id, hash, reads);
  if (result.stored) countBatch(deps, way, reads.length);
  else if (result.reason === 'closed') countBatch(deps, way, 'refused');
  if (!result.stored && result.reason === 'closed' && open.endsAt) {
    // The end passed between finding the count and locking it: finish it now, as above.
    await completeWithStored(deps, device, open.id);
  }
  return result;
}

/**
 * A post whose contract already turned each event into a read, or null for what is not a read (a heartbeat, a GPI
 * or BLE event): Zebra's IoT Connector and Speedway Connect.
 */
export function receiveParsed(
  deps: IngestDeps,
  device: DeviceContext,
  way: ReadsWay,
  parsed: (ReadInput | null)[],
): Promise<ReceiveResult> {
  const reads = parsed.filter((read): read is ReadInput => read !== null);
  return receiveReads(deps, device, way, reads, contentHash(parsed));
}
