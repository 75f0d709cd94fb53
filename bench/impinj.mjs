// Fixed readers: stand-ins post arrays of tag events to their webhook (HTTP Basic) of a real server on PostgreSQL,
// each into its reader's open count; prints tag events per second accepted, p50/p95 post latency, and events sent
// versus stored (a share of posts is resent as if the answer was lost: stored once), for each interface in turn on
// the same server (the Impinj R700's IoT device interface, Zebra's IoT Connector, Speedway Connect; alternated,
// rounds times), beside the same rows inserted bare on the database.
// Usage: node bench/impinj.mjs [readers=8] [seconds=20] [eventsPerPost=500] [resendShare=0.05]
//          [interfaces=impinj,zebra,speedway] [rounds=1]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database.
// BENCH_OWN_TAGS=1: each stand-in reads tags of its own (readers at different places), instead of all of them the
// same 20 posts' tags (every tag seen by every reader in turn, so each tag's sighting moves from reader to reader).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { backendPids, cpuSeconds, freshDatabase, pct, post, signUp, startServer } from './readers-lib.mjs';

const readers = Number(process.argv[2] ?? 8);
const seconds = Number(process.argv[3] ?? 20);
const perPost = Number(process.argv[4] ?? 500);
const resendShare = Number(process.argv[5] ?? 0.05);
const interfaces = (process.argv[6] ?? 'impinj,zebra,speedway').split(',');
const rounds = Number(process.argv[7] ?? 1);

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

/** The same tags as each interface's body: its path, its events, and what makes each post unique. */
const zebraTime = (iso) => iso.replace('Z', '+0000');
const FORMATS = {
  impinj: {
    model: 'Impinj R700',
    path: '/api/rfid/impinj/events',
    events: (events) => events,
    // An inventoryStatus event's time (as the R700's posts differ by their times): not a read.
    unique: (r, n) =>
      `{"timestamp":"${new Date(Date.UTC(2025, 0, 1) + r * 1e9 + n).toISOString()}","eventType":"inventoryStatus"}`,
    uniqueReads: 0,
  },
  zebra: {
    model: 'Zebra FX9600',
    path: '/api/rfid/zebra/events',
    events: (events) =>
      events.map((e, i) => ({
        data: {
          eventNum: i,
          format: 'epc',
          idHex: e.tagInventoryEvent.epcHex.toLowerCase(),
          antenna: e.tagInventoryEvent.antennaPort,
          peakRssi: e.tagInventoryEvent.peakRssiCdbm / 100,
          reads: 2,
          channel: 910.75,
          TID: e.tagInventoryEvent.tidHex,
        },
        timestamp: zebraTime(`${e.timestamp.slice(0, 23)}Z`),
        type: 'INVENTORY',
      })),
    // One more tag event with its own time (a Zebra post differs by its events' numbers and times).
    unique: (r, n) =>
      `{"data":{"eventNum":${n},"format":"epc","idHex":"30000000000000000000${String(r).padStart(4, '0')}"},"timestamp":"${zebraTime(new Date(Date.UTC(2025, 0, 1) + r * 1e9 + n).toISOString())}","type":"SIMPLE"}`,
    uniqueReads: 1,
  },
  speedway: {
    model: 'Impinj Speedway R420',
    path: '/api/rfid/speedway/events',
    events: (events) =>
      events.map((e) => ({
        antennaPort: e.tagInventoryEvent.antennaPort,
        epc: e.tagInventoryEvent.epcHex,
        tid: e.tagInventoryEvent.tidHex,
        firstSeenTimestamp: Date.parse(e.timestamp) * 1000,
        peakRssi: e.tagInventoryEvent.peakRssiCdbm / 100,
        isHeartBeat: false,
      })),
    // One more tag read with its own first-seen time (microseconds).
    unique: (r, n) =>
      `{"epc":"30000000000000000000${String(r).padStart(4, '0')}","firstSeenTimestamp":${(Date.UTC(2025, 0, 1) + r * 1e9 + n) * 1000},"isHeartBeat":false}`,
    uniqueReads: 1,
  },
};

const db = await freshDatabase();
// BENCH_SERVER_DIR=<checkout>: that checkout's server (the build before, or one with a change taken out).
const server = await startServer(
  db.url,
  {},
  process.env.BENCH_SERVER_DIR ? { dir: process.env.BENCH_SERVER_DIR } : {},
);
try {
  const userToken = await signUp(server.base);
  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  // 20 arrays of tag events, serialized once; each post is made unique as the readers' are (by its times).
  const events = Array.from({ length: 20 }, () => makeEvents());
  const isOwnTags = process.env.BENCH_OWN_TAGS === '1';
  const ownEvents = isOwnTags
    ? Array.from({ length: readers }, () => Array.from({ length: 20 }, () => makeEvents()))
    : [];
  const results = [];
  for (let round = 0; round < rounds; round++) {
    for (const name of interfaces) {
      const format = FORMATS[name];
      if (!format) throw new Error(`unknown interface ${name}: ${Object.keys(FORMATS).join(', ')}`);
      const fixed = [];
      for (let i = 0; i < readers; i++) {
        const created = await post(
          server.base,
          '/api/devices/fixed',
          {
            name: `${name} ${round}.${i}`,
            serial_number: `${name}-BENCH-${round}-${i}`,
            model: format.model,
          },
          userToken,
        );
        if (created.status !== 201)
          throw new Error(`fixed: ${created.status} ${JSON.stringify(created.body)}`);
        const { device, webhook } = created.body;
        if (!webhook.url.endsWith(format.path))
          throw new Error(`${name}: the portal answered ${webhook.url}`);
        const count = await post(server.base, `/api/devices/${device.id}/counts`, {}, userToken);
        fixed.push({
          id: device.id,
          auditId: count.body.audit_id,
          auth: `Basic ${Buffer.from(`${webhook.username}:${webhook.password}`).toString('base64')}`,
        });
      }
      const bodiesOf = (list) => list.map((e) => JSON.stringify(format.events(e)).slice(1));
      const shared = bodiesOf(events);
      const readerBodies = fixed.map((_, r) => (isOwnTags ? bodiesOf(ownEvents[r]) : shared));
      const url = `${server.base}${format.path}`;
      const send = async (auth, body) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: auth },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 204) throw new Error(`${name}: ${res.status}`);
      };
      const latencies = [];
      let sent = 0;
      let posts = 0;
      let resent = 0;
      // CPU of the server and of the database's backends (those opened during the run count from 0).
      const dbBefore = new Map((await backendPids(pool, db.url)).map((p) => [p, cpuSeconds(p)]));
      const serverBefore = cpuSeconds(server.pid);
      const started = performance.now();
      const deadline = started + seconds * 1000;
      await Promise.all(
        fixed.map(async (reader, r) => {
          for (let n = 0; performance.now() < deadline; n++) {
            const bodies = readerBodies[r];
            const body = `[${format.unique(round * 1000 + r, n)},${bodies[n % bodies.length]}`;
            const t0 = performance.now();
            await send(reader.auth, body);
            latencies.push(performance.now() - t0);
            sent += perPost + format.uniqueReads;
            posts++;
            if (Math.random() < resendShare) {
              await send(reader.auth, body);
              resent++;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      // What was written after the answers (fixed readers' sightings, about once a second) is written by now.
      await new Promise((done) => setTimeout(done, 1500));
      const cpuServer = cpuSeconds(server.pid) - serverBefore;
      const cpuDb = (await backendPids(pool, db.url)).reduce(
        (sum, p) => sum + cpuSeconds(p) - (dbBefore.get(p) ?? 0),
        0,
      );
      const finished = await Promise.all(
        fixed.map((f) => post(server.base, `/api/devices/${f.id}/counts/finish`, {}, userToken)),
      );
      for (const c of finished) {
        if (typeof c.body?.reads_count !== 'number')
          console.error(`  a count's finish answered ${c.status}: ${JSON.stringify(c.body).slice(0, 300)}`);
      }
      const reported = finished.reduce((n, c) => n + c.body.reads_count, 0);
      const stored = Number(
        (
          await pool.query('select count(*) from audit_reads where audit_id = any($1::int[])', [
            fixed.map((f) => f.auditId),
          ])
        ).rows[0].count,
      );
      latencies.sort((a, b) => a - b);
      results.push({
        name,
        round,
        rate: sent / elapsed,
        posts,
        resent,
        sent,
        stored,
        reported,
        elapsed,
        latencies,
        cpuServer,
        cpuDb,
      });
    }
  }

  // Bare: the same rows (epc, tid, rssi in dBm, seen_at), one INSERT a post, from as many clients, no HTTP, no
  // parsing, no checks.
  const [{ id: bareAudit, company_id: bareCompany }] = (
    await pool.query(
      `insert into audits (company_id, client_audit_id, name) select company_id, gen_random_uuid(), 'bare' from audits limit 1 returning id, company_id`,
    )
  ).rows;
  const rows = events.map((list) =>
    list.map((e) => ({
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

  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(
    `fixed-reader webhooks: ${readers} stand-in(s) each, ${perPost} tag events a post (+1 making it unique), ${seconds} s an interface, ${rounds} round(s), interfaces alternated; ${isOwnTags ? 'each reader its own tags' : 'every reader the same tags'}`,
  );
  for (const r of results) {
    const ok = r.sent === r.stored && r.stored === r.reported;
    console.log(
      `  ${r.name.padEnd(9)} round ${r.round}: ${fmt(r.rate).padStart(7)} tag events/s accepted (${r.posts} posts, ${r.resent} resent as if lost), p50 ${pct(r.latencies, 50).toFixed(1)} ms, p95 ${pct(r.latencies, 95).toFixed(1)} ms; CPU per 1,000 events: server ${((r.cpuServer / r.sent) * 1e6).toFixed(1)} ms, PostgreSQL ${((r.cpuDb / r.sent) * 1e6).toFixed(1)} ms; sent ${r.sent}, stored ${r.stored}, on the finished counts ${r.reported}: ${ok ? 'equal' : 'MISMATCH'}`,
    );
  }
  console.log(
    `  bare SQL  ${fmt(bareRate)} rows/s (same rows, one INSERT a post, pool of 10, no HTTP, no parsing, no checks)`,
  );
} finally {
  await server.stop();
  await db.drop();
}
