// Reads retention: a month of a million raw reads is dropped by the reads storage job (READS_RETENTION_DAYS=30)
// while readers stream batches to a real server, beside the same partition dropped bare (DROP TABLE); prints how
// long each drop took and the batch latency of the ingest before and while it dropped.
// Usage: node bench/reads-retention.mjs [readsInTheMonth=1000000] [readers=10]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freshDatabase, pairReader, pct, post, signUp, startServer } from './readers-lib.mjs';

const { openDatabase } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { maintainReadStorage } = await tsImport(
  '../apps/server/src/modules/ingest/reads-storage.service.ts',
  import.meta.url,
);
const { auditClock } = await tsImport('../apps/server/src/modules/audits/audit-status.ts', import.meta.url);

const monthReads = Number(process.argv[2] ?? 1_000_000);
const readers = Number(process.argv[3] ?? 10);
const PER_BATCH = 500;

const hex = (bytes) => randomBytes(bytes).toString('hex').toUpperCase();
const batch = () =>
  Array.from({ length: PER_BATCH }, (_, i) => ({
    epc: hex(12),
    tid: `E280${hex(10)}`,
    rssi: -40 - (i % 20),
  }));
/** The first day of the UTC month `offset` months from this one, as YYYY-MM-DD. */
const monthDay = (offset) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 10)).toISOString().slice(0, 10);
};

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
const app = await openDatabase({ url: db.url });
try {
  const userToken = await signUp(server.base);
  const tokens = [];
  for (let r = 0; r < readers; r++) tokens.push(await pairReader(server.base, userToken, `RET-${r}`));
  const companyId = (await pool.query('select company_id from devices limit 1')).rows[0].company_id;

  /** A completed audit with `monthReads` reads stored in the month `offset` months ago, written bare. */
  async function oldMonth(offset) {
    const t0 = performance.now();
    const [{ id }] = (
      await pool.query(
        `insert into audits (company_id, client_audit_id, name, status, completed_at)
         values ($1, gen_random_uuid(), 'old', 'completed', now()) returning id`,
        [companyId],
      )
    ).rows;
    const { rows } = await pool.query('select audit_reads_partition($1::date) as name', [monthDay(offset)]);
    await pool.query(
      `insert into audit_reads (received_on, company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
       select $1::date, $2, $3, i / 500, i % 500, decode(lpad(to_hex(i), 24, '0'), 'hex'),
         decode('E280' || lpad(to_hex(i % 3), 20, '0'), 'hex'), -50, 1, now()
       from generate_series(0, $4 - 1) i`,
      [monthDay(offset), companyId, id, monthReads],
    );
    await pool.query(`vacuum analyze ${rows[0].name}`);
    const size = (await pool.query(`select pg_total_relation_size($1) as n`, [rows[0].name])).rows[0].n;
    console.log(
      `seeded ${rows[0].name}: ${monthReads.toLocaleString('en-US')} reads, ${(size / 1e6).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return rows[0].name;
  }

  // Readers stream batches to their open audits the whole time; each batch's latency is kept with its start.
  const samples = [];
  let isStreaming = true;
  const streams = tokens.map(async (token) => {
    const audit = (await post(server.base, '/api/rfid/audits', { client_audit_id: randomUUID() }, token)).body
      .audit_id;
    for (let seq = 0; isStreaming; seq++) {
      const reads = batch();
      const start = performance.now();
      const res = await post(
        server.base,
        `/api/rfid/audits/${audit}/reads`,
        { batch_seq: seq, reads },
        token,
      );
      if (res.status !== 200) throw new Error(`batch: ${res.status} ${JSON.stringify(res.body)}`);
      samples.push({ start, end: performance.now() });
    }
  });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  /** Batch latencies of the batches in flight at some point of [from, to]. */
  const during = (from, to) =>
    samples
      .filter((s) => s.end >= from && s.start <= to)
      .map((s) => s.end - s.start)
      .sort((a, b) => a - b);
  const line = (label, ms) =>
    `${label}: ${ms.length} batches, p50 ${pct(ms, 50).toFixed(0)} ms, p95 ${pct(ms, 95).toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms`;

  async function measure(label, drop) {
    await wait(3000);
    const from = performance.now();
    const dropped = await drop();
    const to = performance.now();
    await wait(2000);
    const before = during(from - 3000, from - 1);
    console.log(`${label}: ${(to - from).toFixed(0)} ms (${dropped})`);
    console.log(`  ${line('ingest in the 3 s before', before)}`);
    console.log(`  ${line('ingest in flight during the drop', during(from, to))}`);
  }

  const clock = auditClock(120);
  const first = await oldMonth(-3);
  await measure('the reads storage job (READS_RETENTION_DAYS=30) dropping it', async () => {
    const run = await maintainReadStorage({ db: app.db, clock, retentionDays: 30 });
    if (!run.dropped.includes(first)) throw new Error(`not dropped: ${JSON.stringify(run)}`);
    return `dropped ${run.dropped.join(', ')}`;
  });
  const second = await oldMonth(-4);
  await measure('bare DROP TABLE of the same', async () => {
    await pool.query(`drop table ${second}`);
    return `dropped ${second}`;
  });
  isStreaming = false;
  await Promise.all(streams);
} finally {
  await pool.end();
  await app.close();
  await server.stop();
  await db.drop();
}
