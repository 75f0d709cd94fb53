import { randomUUID } from 'node:crypto';
import {
  READS_PER_BATCH_MAX,
  type TAudit,
  ZAudit,
  ZHeartbeatResponse,
  ZJoinCountResponse,
  ZMissingBatches,
  ZOpenCountsResponse,
  ZReadsResponse,
  ZStartAuditResponse,
} from '@quantics/contracts';
import { type ReaderClient, sleep } from './client.ts';
import type { Tag } from './population.ts';

export type ScanOptions = {
  name: string | null;
  locationId: number | null;
  /** A Dutchie company's room to audit, by name (the protocol's `room`). */
  room?: string | null;
  /** Reads per second per reader; 0: as fast as the network allows. */
  readRate: number;
  /** Times each tag is read, at least (a real reader sees a tag several times as it passes). */
  repeats: number;
  batchMs: number;
  battery: number;
  signal: number;
  log: (s: string) => void;
  /**
   * A team count (issue 49): one reader starts the count (`start`, told its id), the others find it among the
   * company's counts in progress and join it (`join`, once it has started). Each numbers its batches from 0 and
   * completes its part; the last one to complete completes the count.
   */
  team?:
    | { role: 'start'; started: (auditId: number) => void; allJoined: Promise<unknown> }
    | { role: 'join'; auditId: Promise<number>; joined: () => void };
};

type Read = { epc: string; tid: string; rssi: number; count: number; seen_at: string };

export type ReaderResult = {
  serial: string;
  audit_id: number;
  batches: number;
  reads_sent: number;
  sends: number;
  dropped: number;
  retries: number;
  audit: TAudit;
};

/** Each tag several times, at a signal strength that wobbles, in the order the reader passes them. */
function readsOf(tags: Tag[], repeats: number): Omit<Read, 'seen_at'>[] {
  const out: Omit<Read, 'seen_at'>[] = [];
  for (const tag of tags) {
    const base = -35 - Math.random() * 35;
    const times = repeats + Math.floor(Math.random() * 2);
    for (let i = 0; i < times; i++) {
      out.push({
        epc: tag.epc,
        tid: tag.tid,
        rssi: Math.round((base + (Math.random() * 6 - 3)) * 10) / 10,
        count: 1,
      });
    }
  }
  return out;
}

/**
 * One reader's audit: start it, read the tags into a batch every batchMs, and send batches in order from an
 * offline queue that keeps a batch until the server has answered for it (a lost request is resent with the
 * same batch_seq, which the server stores once). Then complete, resending whatever the server says is missing.
 */
export async function runReader(
  client: ReaderClient,
  serial: string,
  tags: Tag[],
  o: ScanOptions,
): Promise<ReaderResult> {
  await client.postWithRetry(
    '/api/rfid/heartbeat',
    { battery_level: o.battery, signal_strength: o.signal },
    { 200: ZHeartbeatResponse },
  );
  const auditId =
    o.team?.role === 'join'
      ? await joinCount(client, serial, await o.team.auditId, o.log)
      : await startCount();
  if (o.team?.role === 'start') o.team.started(auditId);
  else o.team?.joined();
  async function startCount() {
    const started = await client.postWithRetry(
      '/api/rfid/audits',
      {
        client_audit_id: randomUUID(),
        ...(o.name ? { name: o.name } : {}),
        ...(o.locationId !== null ? { location_id: o.locationId } : {}),
        ...(o.room ? { room: o.room } : {}),
        audit_type: 'Handheld scan',
      },
      { 200: ZStartAuditResponse, 201: ZStartAuditResponse },
    );
    if (started.error) throw new Error(`start audit: ${started.status} ${started.error.message}`);
    o.log(`${serial}: audit ${started.body.audit_id} started, ${tags.length} tags in range`);
    return started.body.audit_id;
  }

  const pending = readsOf(tags, o.repeats);
  const perBatch =
    o.readRate > 0 ? Math.max(1, Math.round((o.readRate * o.batchMs) / 1000)) : READS_PER_BATCH_MAX;
  const sent: Read[][] = [];
  const queue: number[] = [];
  let producing = true;
  let sends = 0;

  const produce = async () => {
    for (let i = 0; i < pending.length; i += Math.min(perBatch, READS_PER_BATCH_MAX)) {
      const now = new Date().toISOString();
      sent.push(pending.slice(i, i + perBatch).map((r) => ({ ...r, seen_at: now })));
      queue.push(sent.length - 1);
      if (o.readRate > 0) await sleep(o.batchMs);
    }
    producing = false;
  };
  const sendBatch = async (seq: number) => {
    for (;;) {
      sends++;
      const res = await client.postWithRetry(
        `/api/rfid/audits/${auditId}/reads`,
        { batch_seq: seq, reads: sent[seq] },
        { 200: ZReadsResponse },
      );
      if (!res.error) return;
      throw new Error(`batch ${seq}: ${res.status} ${res.error.message}`);
    }
  };
  const drain = async () => {
    while (producing || queue.length > 0) {
      const seq = queue.shift();
      if (seq === undefined) {
        await sleep(20);
        continue;
      }
      await sendBatch(seq);
    }
  };
  await Promise.all([produce(), drain()]);
  // The one who started a team count does not finish before everyone has joined (a count of one would complete).
  if (o.team?.role === 'start') await o.team.allJoined;

  for (let round = 0; ; round++) {
    const done = await client.postWithRetry(
      `/api/rfid/audits/${auditId}/complete`,
      { batch_count: sent.length },
      { 200: ZAudit, 409: ZMissingBatches },
    );
    if (done.error) throw new Error(`complete: ${done.status} ${done.error.message}`);
    if (done.status === 200) {
      const readsSent = sent.reduce((n, b) => n + b.length, 0);
      o.log(
        done.body.status === 'in_progress'
          ? `${serial}: its part of audit ${auditId} is done; the others are still counting`
          : `${serial}: audit ${auditId} completed: accuracy ${String(done.body.accuracy)}%`,
      );
      return {
        serial,
        audit_id: auditId,
        batches: sent.length,
        reads_sent: readsSent,
        sends,
        dropped: client.dropped,
        retries: client.retries,
        audit: done.body,
      };
    }
    const missing = done.body.missing_batch_seqs;
    if (!missing?.length || round > 5) throw new Error(`complete: ${done.status} ${done.body.message}`);
    for (const seq of missing) await sendBatch(seq);
  }
}

/**
 * A handheld joining a count in progress, as a person picks it from the list: found among the company's counts in
 * progress (GET /api/rfid/audits/open), then joined (POST /api/rfid/audits/{id}/join). Its seat is answered.
 */
async function joinCount(client: ReaderClient, serial: string, auditId: number, log: (s: string) => void) {
  const open = await client.getWithRetry('/api/rfid/audits/open', { 200: ZOpenCountsResponse });
  if (open.error) throw new Error(`open counts: ${open.status} ${open.error.message}`);
  const count = open.body.data.find((c) => c.id === auditId);
  if (!count) throw new Error(`audit ${auditId} is not among the counts in progress`);
  const joined = await client.postWithRetry(
    `/api/rfid/audits/${auditId}/join`,
    {},
    { 200: ZJoinCountResponse },
  );
  if (joined.error) throw new Error(`join: ${joined.status} ${joined.error.message}`);
  const who = count.participants.map((p) => p.device_name).join(', ');
  log(
    `${serial}: joined audit ${auditId} "${count.name}" (${count.place ?? 'whole catalogue'}; counting: ${who}) at seat ${joined.body.seat}`,
  );
  return auditId;
}

/**
 * The tags each of `readers` team members reads: its own share, and `overlap` (0-1) of the next one's, read by both
 * (a tag on the edge of two aisles; reconciliation counts it once).
 */
export function teamShares<T>(tags: T[], readers: number, overlap: number): T[][] {
  const own = Array.from({ length: readers }, (_, i) => tags.filter((_, j) => j % readers === i));
  return own.map((mine, i) => {
    const next = own[(i + 1) % readers] ?? [];
    return readers > 1 ? [...mine, ...next.slice(0, Math.round(next.length * overlap))] : mine;
  });
}
