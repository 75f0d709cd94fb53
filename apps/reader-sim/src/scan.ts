import { randomUUID } from 'node:crypto';
import {
  READS_PER_BATCH_MAX,
  type TAudit,
  ZAudit,
  ZHeartbeatResponse,
  ZMissingBatches,
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
  const auditId = started.body.audit_id;
  o.log(`${serial}: audit ${auditId} started, ${tags.length} tags in range`);

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

  for (let round = 0; ; round++) {
    const done = await client.postWithRetry(
      `/api/rfid/audits/${auditId}/complete`,
      { batch_count: sent.length },
      { 200: ZAudit, 409: ZMissingBatches },
    );
    if (done.error) throw new Error(`complete: ${done.status} ${done.error.message}`);
    if (done.status === 200) {
      const readsSent = sent.reduce((n, b) => n + b.length, 0);
      o.log(`${serial}: audit ${auditId} completed: accuracy ${String(done.body.accuracy)}%`);
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
