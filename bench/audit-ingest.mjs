// 50 readers stream reads at once to a real server on PostgreSQL; prints sustained reads per second accepted,
// p95 batch latency and reads sent versus stored, beside the same batch INSERT run bare on the database.
// Usage: node bench/audit-ingest.mjs [readers=50] [seconds=20] [readsPerBatch=500]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  backendPids,
  cpuSeconds,
  freshDatabase,
  handheldBatch,
  pairReader,
  pct,
  post,
  signUp,
  startServer,
} from './readers-lib.mjs';

const readers = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 20);
const perBatch = Number(process.argv[4] ?? 500);

const makeReads = () => handheldBatch(perBatch);

const db = await freshDatabase();
const server = await startServer(db.url);
try {
  const userToken = await signUp(server.base);
  const tokens = [];
  for (let i = 0; i < readers; i++) tokens.push(await pairReader(server.base, userToken, `BENCH-${i}`));
  const audits = await Promise.all(
    tokens.map(
      async (t) =>
        (await post(server.base, '/api/rfid/audits', { client_audit_id: randomUUID() }, t)).body.audit_id,
    ),
  );
  const payloads = Array.from({ length: 20 }, makeReads);

  const watcher = new pg.Client({ connectionString: db.url });
  await watcher.connect();
  // Backends the pool opens during the run count from 0.
  const dbBefore = new Map((await backendPids(watcher, db.url)).map((p) => [p, cpuSeconds(p)]));
  const serverBefore = cpuSeconds(server.pid);
  const latencies = [];
  let sent = 0;
  let accepted = 0;
  const batchCounts = new Array(readers).fill(0);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, r) => {
      while (performance.now() < deadline) {
        const seq = batchCounts[r];
        const reads = payloads[seq % payloads.length];
        const t0 = performance.now();
        const res = await post(
          server.base,
          `/api/rfid/audits/${audits[r]}/reads`,
          { batch_seq: seq, reads },
          token,
        );
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`batch: ${res.status} ${JSON.stringify(res.body)}`);
        sent += reads.length;
        accepted += res.body.accepted;
        batchCounts[r] = seq + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const backends = await backendPids(watcher, db.url);
  const cpu = {
    server: cpuSeconds(server.pid) - serverBefore,
    db: backends.reduce((s, p) => s + cpuSeconds(p) - (dbBefore.get(p) ?? 0), 0),
  };
  await watcher.end();
  const completed = await Promise.all(
    tokens.map((t, r) =>
      post(server.base, `/api/rfid/audits/${audits[r]}/complete`, { batch_count: batchCounts[r] }, t),
    ),
  );
  const reported = completed.reduce((n, c) => n + c.body.reads_count, 0);

  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  const stored = Number((await pool.query('select count(*) from audit_reads')).rows[0].count);

  // Bare: the same one-statement batch insert, from 50 concurrent clients on a pool of 10, no HTTP, no checks.
  const [{ id: bareAudit, company_id: bareCompany }] = (
    await pool.query(
      `insert into audits (company_id, client_audit_id, name) select company_id, gen_random_uuid(), 'bare' from audits limit 1 returning id, company_id`,
    )
  ).rows;
  const arr = (vals) => `{${vals.map((v) => `"${v}"`).join(',')}}`;
  /**
   * `readers` clients on the pool insert the payloads for `ms`; reads/s. EPC and TID as the server sends them (hex
   * text arrays, decode() in SQL), or as bytes made in Node (bytea[] parameters) to see which costs less.
   */
  let bareSeq = 0;
  async function bare(ms, isNodeDecode) {
    let n = 0;
    const t0 = performance.now();
    const deadline = t0 + ms;
    const bytes = (vals) => vals.map((v) => Buffer.from(v, 'hex'));
    await Promise.all(
      Array.from({ length: readers }, async () => {
        while (performance.now() < deadline) {
          const seq = bareSeq++;
          const reads = payloads[seq % payloads.length];
          const epcs = reads.map((x) => x.epc);
          const tids = reads.map((x) => x.tid);
          await pool.query(
            `insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
             select $8, $1, $2, r.ord::int - 1, ${isNodeDecode ? 'r.epc, r.tid' : "decode(r.epc, 'hex'), decode(r.tid, 'hex')"},
               r.rssi, r.count, r.seen_at
             from unnest($3::${isNodeDecode ? 'bytea' : 'text'}[], $4::${isNodeDecode ? 'bytea' : 'text'}[], $5::real[],
               $6::int[], $7::timestamptz[]) with ordinality as r(epc, tid, rssi, count, seen_at, ord)`,
            [
              bareAudit,
              seq,
              isNodeDecode ? bytes(epcs) : arr(epcs),
              isNodeDecode ? bytes(tids) : arr(tids),
              arr(reads.map((x) => x.rssi)),
              arr(reads.map((x) => x.count)),
              arr(reads.map((x) => x.seen_at)),
              bareCompany,
            ],
          );
          n += reads.length;
        }
      }),
    );
    return n / ((performance.now() - t0) / 1000);
  }
  // Alternated halves, so load from elsewhere on the machine falls on both alike.
  const half = (Math.min(seconds, 10) * 1000) / 4;
  const sqlRates = [];
  const nodeRates = [];
  for (let i = 0; i < 2; i++) {
    sqlRates.push(await bare(half, false));
    nodeRates.push(await bare(half, true));
  }
  const bareRate = (sqlRates[0] + sqlRates[1]) / 2;
  const bareNodeRate = (nodeRates[0] + nodeRates[1]) / 2;
  await pool.end();

  latencies.sort((a, b) => a - b);
  const rate = accepted / elapsed;
  console.log(`audit ingest: ${readers} readers, ${perBatch} reads a batch, ${elapsed.toFixed(1)} s`);
  console.log(
    `  accepted      ${Math.round(rate).toLocaleString('en-US')} reads/s (${latencies.length} batches)`,
  );
  console.log(
    `  batch latency p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms`,
  );
  const perThousand = (seconds) => ((seconds / accepted) * 1e6).toFixed(1);
  console.log(
    `  CPU per 1,000 reads: server ${perThousand(cpu.server)} ms, PostgreSQL ${perThousand(cpu.db)} ms (${backends.length} backends)`,
  );
  console.log(
    `  reads sent ${sent}, accepted ${accepted}, stored ${stored}, on the completed audits ${reported}: ${sent === stored && stored === reported ? 'equal' : 'MISMATCH'}`,
  );
  console.log(
    `  bare SQL      ${Math.round(bareRate).toLocaleString('en-US')} reads/s (same INSERT, pool of 10, no HTTP) -> API at ${((rate / bareRate) * 100).toFixed(0)}% of bare`,
  );
  console.log(
    `  bare, bytes made in Node (bytea[] parameters) ${Math.round(bareNodeRate).toLocaleString('en-US')} reads/s, hex decoded in SQL ${Math.round(bareRate).toLocaleString('en-US')} reads/s`,
  );
} finally {
  await server.stop();
  await db.drop();
}
