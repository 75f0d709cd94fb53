// The refill list (issue 52) of a store of 100,000 products on PostgreSQL: GET /api/replenishment (its first page)
// timed through the API, and its statement (zones.repo.ts refillRows) run bare on one connection of this process with
// parallel workers off, so the backend's CPU is the statement's whole CPU; the next page, and the whole list as CSV.
// The store: a sales floor with two aisles and two stockrooms (readers-lib.mjs zonesStore); each product on an aisle
// with a floor minimum, most with stock in a stockroom, and a week of sales (movements with reason sale).
// Usage: node --import tsx bench/refill.mjs [products=100000] [requests=20] [salesPerProduct=2] [--before=DIR]
//          [--rounds=2] [--bare=5]
// --before=DIR: a checkout of the code before (`git worktree add DIR <commit>`; its node_modules a folder of links to
// this one's but for @quantics/*, which must point into DIR) is started on the same database, and its API and its
// statement are timed in alternating rounds with this one's; its first rows must be this one's first page.
// BENCH_DB=<name> seeds once into a database that is kept: later runs sign in to it instead of seeding again.
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL). Prints figures only.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { cpuMsOf, startBench } from './lib.mjs';
import { spread, timedGet, zonesStore } from './readers-lib.mjs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PRODUCTS = Number(positional[0] ?? 100_000);
const REQUESTS = Number(positional[1] ?? 20);
const SALES = Number(positional[2] ?? 2);
const BEFORE = option('before');
const ROUNDS = Number(option('rounds') ?? 2);
const BARE = Number(option('bare') ?? 5);
const REPO = 'apps/server/src/modules/zones/zones.repo.ts';

const bench = await startBench();
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: 4 });
let before;
try {
  const s = await zonesStore(bench, pool, `Refill Bench ${PRODUCTS}`);
  const { token, companyId: company, store, aisles, backs } = s;
  if (!s.seeded) {
    const t0 = Date.now();
    // Products on an aisle (the insert trigger makes each one's stock row there), then stockroom rows, then sales.
    if (aisles[1] !== aisles[0] + 1) throw new Error('aisles are not consecutive ids');
    await pool.query(
      `INSERT INTO products (company_id, name, sku, rfid_tag, epc, quantity, location_id, floor_min)
       SELECT $1, 'Product ' || i, 'R' || i, lpad(i::text, 12, '0'),
         upper(encode(convert_to(lpad(i::text, 12, '0'), 'UTF8'), 'hex')), (i * 3) % 7, $2::int + (i % 2), 2 + i % 5
       FROM generate_series(1, $3) i`,
      [company, aisles[0], PRODUCTS],
    );
    await pool.query(
      `INSERT INTO stock (company_id, product_id, location_id, quantity)
       SELECT p.company_id, p.id, CASE WHEN p.id % 2 = 0 THEN $2::int ELSE $3::int END, (p.id * 13) % 21
       FROM products p WHERE p.company_id = $1 AND p.id % 10 <> 0`,
      [company, backs[0], backs[1]],
    );
    await pool.query(
      `INSERT INTO stock_movements (company_id, product_id, location_id, delta, quantity_after, reason, actor_type, at)
       SELECT p.company_id, p.id, p.location_id, -1, 0, 'sale', 'system',
         now() - make_interval(secs => ((p.id * 37 + s * 7919) % 604800))
       FROM products p, generate_series(1, $2) s WHERE p.company_id = $1`,
      [company, SALES],
    );
    await pool.query('VACUUM ANALYZE');
    console.log(
      `seeded ${PRODUCTS.toLocaleString('en-US')} products, ${(PRODUCTS * 1.9).toLocaleString('en-US')} stock rows, ${(PRODUCTS * SALES).toLocaleString('en-US')} sales in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  console.log(`database ${bench.dbName}: company ${company}, store ${store}`);

  const list = `/api/replenishment?location_id=${store}`;
  const servers = [['after', { base: bench.base, pid: bench.pid }]];
  if (BEFORE) {
    before = await bench.startAnother({}, { dir: BEFORE });
    servers.unshift(['before', before]);
  }
  // The statement bare: each build's refillRows on one connection (its backend's CPU from /proc), without parallel
  // workers (their CPU is in processes of their own), and without a pool that could close it between calls.
  const bareConnection = new pg.Pool({
    connectionString: bench.dbUrl,
    max: 1,
    idleTimeoutMillis: 0,
    options: '-c max_parallel_workers_per_gather=0',
  });
  const bareDb = drizzle(bareConnection);
  const backend = (await bareConnection.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const repos = { after: await import(join(import.meta.dirname, '..', REPO)) };
  if (BEFORE) repos.before = await import(join(BEFORE, REPO));
  const bare = async (name) => {
    const cpu0 = cpuMsOf(backend);
    const t0 = performance.now();
    // The API's first page (and one row to tell whether there is more); the code before lists them all.
    const rows = await repos[name].refillRows(bareDb, company, store, 7, { limit: 101 });
    return { ms: performance.now() - t0, cpu: cpuMsOf(backend) - cpu0, rows: rows.length };
  };
  // The first page must be the whole list's first rows (the code before answers the whole list).
  const firsts = {};
  for (const [name, server] of servers) firsts[name] = (await timedGet(server.base, list, token)).body;
  if (firsts.before) {
    const ids = (rows) => rows.map((r) => r.product_id).join(',');
    const n = firsts.after.rows.length;
    const same = ids(firsts.before.rows.slice(0, n)) === ids(firsts.after.rows);
    console.log(
      `first page: ${n} rows of ${firsts.after.remaining} (the code before lists ${firsts.before.rows.length}): ${same ? 'the same rows in the same order' : 'MISMATCH'}`,
    );
  }
  console.log(
    `GET ${list}, ${REQUESTS} requests a round, one at a time; the statement bare ${BARE} times a round (CPU of its backend)`,
  );
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, server] of servers) {
      const times = [];
      let rows = 0;
      const at = load();
      for (let i = 0; i < REQUESTS; i++) {
        const got = await timedGet(server.base, list, token);
        times.push(got.ms);
        rows = got.body.rows.length;
      }
      console.log(
        `round ${round} API  ${name.padEnd(6)} (${rows.toLocaleString('en-US')} rows): ${spread(times)}; load ${at}`,
      );
    }
    for (const [name] of servers) {
      const runs = [];
      const at = load();
      for (let i = 0; i < BARE; i++) runs.push(await bare(name));
      const cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
      console.log(
        `round ${round} bare ${name.padEnd(6)} (${runs[0].rows.toLocaleString('en-US')} rows): CPU median ${cpu[Math.floor(cpu.length / 2)]} ms (${cpu[0]}-${cpu.at(-1)}), wall ${spread(runs.map((r) => r.ms))}; load ${at}`,
      );
    }
  }
  if (process.env.BENCH_PLAN) {
    const captured = [];
    const spy = {
      execute: (query) => {
        captured.push(query);
        return bareDb.execute(query);
      },
      transaction: async (work) => work(spy),
    };
    await repos.after.refillRows(spy, company, store, 7, { limit: 101 });
    await bareDb.execute(sql`set jit = off`);
    const plan = await bareDb.execute(sql`explain (analyze, buffers) ${captured.at(-1)}`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  await bareConnection.end();
  // The page after the first (from this checkout's cursor) from each, alternated in rounds, and the whole list as CSV
  // from each.
  const cursor = firsts.after.next_cursor;
  for (let round = 1; cursor && round <= ROUNDS; round++) {
    for (const [name, server] of servers) {
      const next = [];
      const at = load();
      for (let i = 0; i < Math.min(REQUESTS, 10); i++) {
        next.push((await timedGet(server.base, `${list}&cursor=${cursor}`, token)).ms);
      }
      console.log(`round ${round} the second page (${name}): ${spread(next)}; load ${at}`);
    }
  }
  for (const [name, server] of servers) {
    const csv = await timedGet(server.base, `/api/replenishment.csv?location_id=${store}`, token);
    console.log(
      `GET /api/replenishment.csv (${name}): ${csv.ms.toFixed(0)} ms, ${(csv.body.length / 1e6).toFixed(1)} MB, ${csv.body.trim().split('\n').length - 1} lines`,
    );
  }
} finally {
  await pool.end();
  await before?.stop();
  await bench.stop();
}
