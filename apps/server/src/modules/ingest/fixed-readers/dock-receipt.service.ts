import { AppError } from '../../../lib/app-error.ts';
import type { DeviceContext } from '../../../lib/request-context.ts';
import type { IngestDeps } from '../audit-lifecycle.service.ts';
import { joinCount } from '../team-counts.service.ts';
import { findOpenAudit } from '../webhook-batches.service.ts';
import { dockReceipt } from './fixed-reader.repo.ts';

/**
 * The count a fixed reader's post goes into: its own open count, else (issue 51: "a fixed reader at a dock door
 * receives the shipment its person opened there") the receipt being counted of a shipment whose destination is the
 * reader's home location, which the reader joins as a team count's reader (team-counts' joinCount, under the
 * count's row lock; the one-open-count-per-reader index decides between two posts at once). Its reads are then the
 * receipt's like any handheld's; it does not hold the receipt open: the receipt completes when its people have
 * finished (participants.repo.ts othersCounting). Undefined: nothing to put the reads in.
 */
export async function openAuditOrDockReceipt(deps: IngestDeps, device: DeviceContext) {
  const open = await findOpenAudit(deps, device);
  if (open) return open;
  const receiptId = await dockReceipt(deps.db, deps.clock, device.companyId, device.deviceId);
  if (receiptId === undefined) return undefined;
  try {
    await joinCount(deps, device, receiptId);
  } catch (e) {
    // The receipt closed meanwhile, or another post of this reader seated it in a count first: that one is found.
    if (!(e instanceof AppError && e.statusCode === 409)) throw e;
  }
  return findOpenAudit(deps, device);
}
