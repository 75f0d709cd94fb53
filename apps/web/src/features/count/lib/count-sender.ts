import {
  type TAudit,
  type TJoinCountResponse,
  type TOpenCount,
  type TStartAuditRequest,
  ZAudit,
  ZJoinCountResponse,
  ZOpenCountsResponse,
  ZReadsResponse,
  ZStartAuditResponse,
} from '@quantics/contracts';
import { isRetryable, readerCall } from '../api/reader-client';
import {
  countKeys,
  deleteBatch,
  deleteCount,
  hasBatch,
  loadCount,
  loadCredential,
  type StoredBatch,
  saveCount,
} from './count-store';

/**
 * The one sender of what a count keeps on the handheld, used by the Count screen (BatchOutbox, CountSession) while
 * it is open and by the service worker (src/sw.ts, Background Sync) when it is not: the reader protocol's start with
 * the count's client id, its batches with their numbers, and its completion. Page and worker may both be at it (the
 * page frozen in the background while the worker runs, say): each step takes the count's lock (Web Locks API, shared
 * by the page and the worker) and first looks in IndexedDB whether the other one did it already. Where there are no
 * Web Locks the server's de-duplication still holds (the same client id is one audit, a batch number is stored once,
 * completing twice answers the same audit): it is only the second copy that the lock saves.
 */

/** The tag the page registers (registration.sync.register) when what it keeps could not be sent. */
export const COUNT_SYNC_TAG = 'quantics-count-send';

const lockName = (key: string) => `quantics.count.send.${key}`;

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/** `fn` while holding the count's lock (no other page or worker of this origin sends for that count meanwhile). */
export function withCountLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
  return locks ? locks.request(lockName(key), fn) : fn();
}

/**
 * The audit of a count started with no connection, created on the server (the same client id: a retry, or the
 * other sender's, is the same audit) and kept with the count. Its id when it exists already.
 */
export function createAudit(token: string, key: string, body: TStartAuditRequest): Promise<number> {
  return withCountLock(key, async () => {
    const found = await loadCount(key);
    // The count kept under this key, if it is this one (a count starting now is not kept yet).
    const kept = found?.count.clientAuditId === body.client_audit_id ? found.count : undefined;
    if (kept?.auditId != null) return kept.auditId;
    const { audit_id } = await readerCall(token, '/api/rfid/audits', {
      schema: ZStartAuditResponse,
      method: 'POST',
      body,
    });
    // Kept at once (its sheet still to fetch: the page does that when it opens the count).
    if (kept) await saveCount({ ...kept, auditId: audit_id });
    return audit_id;
  });
}

/** One batch sent with its number and deleted once answered; nothing when it was answered already. */
export function sendBatch(token: string, auditId: number, batch: StoredBatch): Promise<void> {
  return withCountLock(batch.key, async () => {
    if (!(await hasBatch(batch.key, batch.seq))) return;
    await readerCall(token, `/api/rfid/audits/${auditId}/reads`, {
      schema: ZReadsResponse,
      method: 'POST',
      body: { batch_seq: batch.seq, reads: batch.reads },
    });
    await deleteBatch(batch.key, batch.seq);
  });
}

/** The audit completed with its `batchCount` batches (completing again answers the same audit). */
export function completeAudit(token: string, auditId: number, batchCount: number): Promise<TAudit> {
  return readerCall(token, `/api/rfid/audits/${auditId}/complete`, {
    schema: ZAudit,
    method: 'POST',
    body: { batch_count: batchCount },
  });
}

/**
 * This reader joins a count in progress (or, in it already, is answered its seat again): its next batch number in
 * that count comes back with it (0 when new to it; after its highest batch when it counted there before).
 */
export function joinCount(token: string, auditId: number): Promise<TJoinCountResponse> {
  return readerCall(token, `/api/rfid/audits/${auditId}/join`, {
    schema: ZJoinCountResponse,
    method: 'POST',
  });
}

/** A count in progress as listed to join (its name and place), or undefined when it is not in progress. */
export async function findOpenCount(token: string, auditId: number): Promise<TOpenCount | undefined> {
  const open = await readerCall(token, '/api/rfid/audits/open', { schema: ZOpenCountsResponse });
  return open.data.find((c) => c.id === auditId);
}

/**
 * This reader's part of a count done with the batches the server has from it (what this browser kept of the count
 * is given up or gone): the count completes if no other reader still counts in it, and the reader is free for the
 * next count either way.
 */
export async function finishOwnPart(token: string, auditId: number): Promise<TAudit> {
  const { next_batch_seq } = await joinCount(token, auditId);
  return completeAudit(token, auditId, next_batch_seq);
}

/**
 * What is kept for one count, sent as far as it goes: the audit created if it was started offline, every batch in
 * order, and, if finish was asked for, the audit completed and the count deleted from the handheld. No connection:
 * thrown, so Background Sync tries again later. A refusal retrying cannot fix (the handheld deleted in Devices, the
 * audit failed) stops it quietly: the count stays, and the Count screen says what happened when it is next opened.
 */
export async function sendKept(key: string): Promise<void> {
  const credential = await loadCredential(key);
  const found = await loadCount(key);
  if (!credential || !found) return;
  const { count, batches } = found;
  try {
    const auditId =
      count.auditId ??
      (await createAudit(credential.token, key, count.startBody ?? { client_audit_id: count.clientAuditId }));
    for (const batch of batches) await sendBatch(credential.token, auditId, batch);
    if (!count.isFinishing) return;
    await withCountLock(key, async () => {
      const now = (await loadCount(key))?.count;
      // Finished meanwhile by the page (or another run of this).
      if (!now) return;
      await completeAudit(credential.token, auditId, now.nextSeq);
      await deleteCount(key);
    });
  } catch (err) {
    if (isRetryable(err)) throw err;
  }
}

/** Every count kept on this handheld sent (the service worker's `sync`); throws if any could not be, to retry. */
export async function sendAllKept(): Promise<void> {
  const results = await Promise.allSettled((await countKeys()).map((key) => sendKept(key)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Asks the browser to send what is kept once the connection is back, even if the page is closed by then (Background
 * Sync: Chrome, Edge and other Chromium browsers). Elsewhere (Safari, iPhone, Firefox) there is none: the Count
 * screen sends what is kept when it is next opened.
 */
export async function askBackgroundSync(): Promise<boolean> {
  try {
    const registration = await globalThis.navigator?.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    if (!sync) return false;
    await sync.register(COUNT_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
