// Fixed readers: Impinj R700 stand-ins post arrays of tag events to the webhook (HTTP Basic) of a real server on
// PostgreSQL, each into its reader's open count; prints tag events per second accepted, p50/p95 post latency, and
// events sent versus stored (a share of posts is resent as if the answer was lost: stored once), beside the same
// rows inserted bare on the database.
// Usage: node bench/impinj.mjs [readers=8] [seconds=20] [eventsPerPost=500] [resendShare=0.05]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, pct, post, signUp, startServer } from './readers-lib.mjs';

const readers = Number(process.argv[2] ?? 8);
const seconds = Number(process.argv[3] ?? 20);
const perPost = Number(process.argv[4] ?? 500);
const resendShare = Number(process.argv[5] ?? 0.05);

const hex = (bytes) => randomBytes(bytes).toString('hex').toUpperCase();
/** 500 tagInventory events as the R700 writes them (fields Quantics ignores included), serialized once. */
function makeEvents() {
  const events = [];
  while (events.length < perPost) {
    // SGTIN-96 (header 30), as retail tags are.
    const epcHex = `30${hex(11)}`;
    const tidHex = `E280${hex(10)}`;
    for (let k = 0; k < 3 && events.length < perPost; k++) {
      const at = `${new Date().toISOString().slice(0, -1)}${String(events.length).padStart(3, '0')}Z`;
      events.push({
        timestamp: at,
        hostname: 'impinj-bench',
        eventType: 'tagInventory',
        tagInventoryEvent: {
          epcHex,
          tidHex,
          antennaPort: 1 + k,
          antennaName: `Antenna ${1 + k}`,
          peakRssiCdbm: -4500 - 100 * k,
          frequency: 910_750,
          transmitPowerCdbm: 3000,
          lastSeenTime: at,
        },
      });
    }
  }
  return events;
}

const db = await freshDatabase();
const server = await startServer(db.url);
try {
  const userToken = await signUp(server.base);
  const fixed = [];
  for (let i = 0; i < readers; i++) {
    const created = await post(
      server.base,
      '/api/devices/fixed',
      { name: `Dock ${i}`, serial_number: `R700-BENCH-${i}` },
      userToken,
    );
    if (created.status !== 201) throw new Error(`fixed: ${created.status} ${JSON.stringify(created.body)}`);
    const { device, webhook } = created.body;
    const count = await post(server.base, `/api/devices/${device.id}/counts`, {}, userToken);
    fixed.push({
      id: device.id,
      auditId: count.body.audit_id,
      auth: `Basic ${Buffer.from(`${webhook.username}:${webhook.password}`).toString('base64')}`,
    });
  }
  // 20 arrays of tag events, each post made unique (as the R700's are, by their times) by a status event's time.
  const bodies = Array.from({ length: 20 }, () => JSON.stringify(makeEvents()).slice(1));
  const webhook = `${server.base}/api/rfid/impinj/events`;
  const send = async (auth, body) => {
    const res = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body,
    });
    await res.arrayBuffer();
    if (res.status !== 204) throw new Error(`webhook: ${res.status}`);
  };

  const latencies = [];
  let sent = 0;
  let posts = 0;
  let resent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    fixed.map(async (reader, r) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const status = `{"timestamp":"${new Date(Date.UTC(2025, 0, 1) + r * 1e9 + n).toISOString()}","eventType":"inventoryStatus"}`;
        const body = `[${status},${bodies[n % bodies.length]}`;
        const t0 = performance.now();
        await send(reader.auth, body);
        latencies.push(performance.now() - t0);
        sent += perPost;
        posts++;
        if (Math.random() < resendShare) {
          await send(reader.auth, body);
          resent++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const finished = await Promise.all(
    fixed.map((f) => post(server.base, `/api/devices/${f.id}/counts/finish`, {}, userToken)),
  );
  const reported = finished.reduce((n, c) => n + c.body.reads_count, 0);

  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  const stored = Number((await pool.query('select count(*) from audit_reads')).rows[0].count);

  // Bare: the same rows (epc, tid, rssi in dBm, seen_at), one INSERT a post, from as many clients, no HTTP, no
  // parsing, no checks.
  const [{ id: bareAudit, company_id: bareCompany }] = (
    await pool.query(
      `insert into audits (company_id, client_audit_id, name) select company_id, gen_random_uuid(), 'bare' from audits limit 1 returning id, company_id`,
    )
  ).rows;
  const rows = bodies.map((b) =>
    JSON.parse(`[${b}`).map((e) => ({
      epc: e.tagInventoryEvent.epcHex,
      tid: e.tagInventoryEvent.tidHex,
      rssi: e.tagInventoryEvent.peakRssiCdbm / 100,
      seen_at: e.tagInventoryEvent.lastSeenTime,
    })),
  );
  let bareSeq = 0;
  let bareRows = 0;
  const bareStart = performance.now();
  const bareDeadline = bareStart + Math.min(seconds, 10) * 1000;
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (performance.now() < bareDeadline) {
        const seq = bareSeq++;
        const reads = rows[seq % rows.length];
        await pool.query(
          `insert into audit_reads (company_id, audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at)
           select $7, $1, $2, r.ord::int - 1, decode(r.epc, 'hex'), decode(r.tid, 'hex'), r.rssi, 1, r.seen_at
           from unnest($3::text[], $4::text[], $5::real[], $6::timestamptz[]) with ordinality as r(epc, tid, rssi, seen_at, ord)`,
          [
            bareAudit,
            seq,
            reads.map((x) => x.epc),
            reads.map((x) => x.tid),
            reads.map((x) => x.rssi),
            reads.map((x) => x.seen_at),
            bareCompany,
          ],
        );
        bareRows += reads.length;
      }
    }),
  );
  const bareRate = bareRows / ((performance.now() - bareStart) / 1000);
  await pool.end();

  latencies.sort((a, b) => a - b);
  const rate = sent / elapsed;
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(
    `impinj webhook: ${readers} R700 stand-ins, ${perPost} tag events a post (+1 status event), ${elapsed.toFixed(1)} s`,
  );
  console.log(`  accepted      ${fmt(rate)} tag events/s (${posts} posts, ${resent} resent as if lost)`);
  console.log(
    `  post latency  p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms`,
  );
  console.log(
    `  events sent ${sent}, stored ${stored}, on the finished counts ${reported}: ${sent === stored && stored === reported ? 'equal (nothing lost or doubled)' : 'MISMATCH'}`,
  );
  console.log(
    `  bare SQL      ${fmt(bareRate)} rows/s (same rows, one INSERT a post, pool of 10, no HTTP) -> webhook at ${((rate / bareRate) * 100).toFixed(0)}% of bare`,
  );
} finally {
  await server.stop();
  await db.drop();
}
