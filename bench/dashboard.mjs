// The dashboard's statistics and the largest report on the PostgreSQL server, at one company with 1,000,000
// products, 100,000 audits and 5,000,000 discrepancy rows: each statistics endpoint through the API beside the same
// service code run bare on a pool (no HTTP, no session), and the 1,000,000-row inventory report's speed and memory.
// Usage: node --import tsx bench/dashboard.mjs [products=1000000] [audits=100000] [requests=300] [concurrency=10]
//          [--before=DIR] [--rounds=3] [--no-report] [--places=3]
// --before=DIR: a checkout of the code before (e.g. `git archive` of the base commit, with node_modules linked) is
// started on the same database, and GET /api/stats/dashboard is timed on it and on this checkout in alternating
// rounds, each beside the same statement run bare (load on a shared machine moves all three together).
// BENCH_DB=<name> seeds once into a database that is kept, and later runs sign in to it instead of seeding again
// (bench/report-memory.mjs can use the same one).
// Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). Prints only.
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { auditClock } from '../apps/server/src/modules/audits/audit-status.ts';
import * as stats from '../apps/server/src/modules/stats/stats.service.ts';
import * as lib from './lib.mjs';
import { ms, seedProducts, startBench, timed } from './lib.mjs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PRODUCTS = Number(positional[0] ?? 1_000_000);
const AUDITS = Number(positional[1] ?? 100_000);
const REQUESTS = Number(positional[2] ?? 300);
const CONCURRENCY = Number(positional[3] ?? 10);
const BEFORE = option('before');
const ROUNDS = Number(option('rounds') ?? 3);
const PER_AUDIT = 50;
// Places per product of the big company (stock rows, issue 47): --places=1 seeds as before stock by location.
const PLACES = Number(option('places') ?? 3);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const bench = await startBench();
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: CONCURRENCY });
const database = await openDatabase({ url: bench.dbUrl });

async function seed(main) {
  const other = await bench.register('Neighbour Co');
  console.log(
    `Seeding ${PRODUCTS.toLocaleString('en-US')} products (${PLACES} places each), ${AUDITS.toLocaleString('en-US')} audits and ${(AUDITS * PER_AUDIT).toLocaleString('en-US')} discrepancy rows...`,
  );
  const t0 = performance.now();
  await seedProducts(pool, main.companyId, PRODUCTS, 'M', { places: PLACES });
  await seedProducts(pool, other.companyId, PRODUCTS / 10, 'N');
  // 100,000 audits over the last 90 days, half of them with discrepancies; a few readers, some heard from lately.
  await pool.query(
    `INSERT INTO devices (company_id, name, serial_number, battery_level, signal_strength, last_seen)
     SELECT $1, 'Reader ' || i, 'SN-' || i, 80, 3, CASE WHEN i <= 3 THEN now() ELSE now() - interval '1 day' END
     FROM generate_series(1, 5) i`,
    [main.companyId],
  );
  await pool.query(
    `INSERT INTO audits (company_id, device_name, client_audit_id, name, status, tags_expected, tags_found,
       expected_count, discrepancies_count, accuracy, created_at, completed_at)
     SELECT $1, 'Reader ' || (1 + i % 5), gen_random_uuid(), 'Audit ' || i, 'completed', 1000, 1000 - (i % 2) * (i % 40),
       500, (i % 2) * (i % 40), round(100 - (i % 2) * (i % 40) / 10.0),
       now() - (i::float / $2 * 90) * interval '1 day', now() - (i::float / $2 * 90) * interval '1 day'
     FROM generate_series(1, $2::int) i`,
    [main.companyId, AUDITS],
  );
  await pool.query(
    `INSERT INTO audit_discrepancies (company_id, audit_id, product_sku, product_name, epc, expected_quantity,
       found_quantity, discrepancy_type, notes)
     SELECT a.company_id, a.id, 'M' || lpad((a.id * 50 + k)::text, 8, '0'), 'Product ' || k, lpad(to_hex(a.id * 50 + k), 24, '0'),
       5, 5 - 1 - k % 3, (ARRAY['shortage', 'overage', 'misplaced', 'unknown'])[1 + k % 4], NULL
     FROM audits a, generate_series(1, ${PER_AUDIT}) k WHERE a.company_id = $1`,
    [main.companyId],
  );
  await pool.query('VACUUM ANALYZE');
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}

const cpuPerCall = (pid, calls, run) => lib.cpuPerCall(pool, bench.dbName, pid, calls, run);

const get = (base, path, headers) =>
  fetch(`${base}/api/stats/${path}`, { headers }).then((r) => {
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return r.arrayBuffer();
  });

let before;
try {
  const again = await bench.signIn('Dashboard Co');
  const main = again ?? (await bench.register('Dashboard Co'));
  if (again) console.log(`Seeded on an earlier run (BENCH_DB=${process.env.BENCH_DB}): not seeding again\n`);
  else await seed(main);

  const headers = { authorization: `Bearer ${main.token}` };
  const deps = { db: database.db, clock: auditClock(120) };
  const c = main.companyId;
  // The whole dashboard's statement, uncached, on a pool: the work a request did before any cache, done bare.
  const bare = () => stats.dashboard(deps, c, 30);

  if (BEFORE) {
    before = await bench.startAnother({}, { dir: BEFORE });
    console.log(
      `GET /api/stats/dashboard, before (${BEFORE}) and after (this checkout), alternated; n=${REQUESTS} c=${CONCURRENCY} (ms)`,
    );
    console.log(
      'round  load avg 1/5/15    code     API p50   API p95   bare p50  bare p95   p95 ratio to bare   CPU ms a request (of which PostgreSQL): API, bare',
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, server] of [
        ['before', before],
        ['after', { base: bench.base, pid: bench.pid }],
      ]) {
        await timed(20, CONCURRENCY, () => get(server.base, 'dashboard', headers)); // warm-up
        const api = await cpuPerCall(server.pid, REQUESTS, () =>
          timed(REQUESTS, CONCURRENCY, () => get(server.base, 'dashboard', headers)),
        );
        const direct = await cpuPerCall(process.pid, REQUESTS, () => timed(REQUESTS, CONCURRENCY, bare));
        console.log(
          `${String(round).padStart(5)}  ${load().padEnd(16)}  ${name.padEnd(6)} ${ms(api.p50)}   ${ms(api.p95)}   ${ms(direct.p50)}  ${ms(direct.p95)}    ${(api.p95 / direct.p95).toFixed(2)}x    ${api.cpu.toFixed(1)} (${api.pg.toFixed(1)}), ${direct.cpu.toFixed(1)} (${direct.pg.toFixed(1)})`,
        );
      }
    }
    await before.stop();
    before = undefined;
    console.log('');
  }

  const endpoints = [
    ['dashboard', bare],
    ['dashboard-quick', () => stats.quickStats(deps, c)],
    ['dashboard-inventory', () => stats.inventoryStats(deps, c)],
    ['dashboard-low-stock', () => stats.lowStockItems(deps, c)],
    ['dashboard-expiring', () => stats.expiringItems(deps, c)],
    ['dashboard-top-products?days=30', () => stats.topProducts(deps, c, 30)],
    ['dashboard-activity', () => stats.activityStats(deps, c)],
  ];
  console.log(`Statistics, n=${REQUESTS} c=${CONCURRENCY} (ms); load average ${load()}`);
  console.log(`${'GET /api/stats/...'.padEnd(32)}  API p50   API p95   bare p50  bare p95   p95 ratio`);
  for (const [path, direct] of endpoints) {
    const api = await timed(REQUESTS, CONCURRENCY, () => get(bench.base, path, headers));
    const b = await timed(REQUESTS, CONCURRENCY, direct);
    console.log(
      `${path.padEnd(32)} ${ms(api.p50)}   ${ms(api.p95)}   ${ms(b.p50)}  ${ms(b.p95)}    ${(api.p95 / b.p95).toFixed(2)}x`,
    );
  }

  if (!process.argv.includes('--no-report')) {
    await bench.resetPeak();
    const rssBefore = bench.rssKb();
    const t1 = performance.now();
    const res = await fetch(`${bench.base}/api/reports/inventory.csv`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - t1) / 1000;
    console.log(
      `\nInventory report of ${(lines - 1).toLocaleString('en-US')} rows (${(bytes / 1024 / 1024).toFixed(0)} MB): ${seconds.toFixed(1)} s, ${((lines - 1) / seconds).toFixed(0)} rows/s, server peak memory growth ${((bench.peakKb() - rssBefore) / 1024).toFixed(0)} MB`,
    );
  }
} finally {
  await before?.stop();
  await database.close();
  await pool.end();
  await bench.stop();
}
