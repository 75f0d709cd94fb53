// "Where is it" (issue 52) at 10,000,000 sightings on PostgreSQL: GET /api/inventory/where?code=<SKU> timed through
// the API, alternated with the work it does run bare (zones.repo.ts whereRows on a pool: no HTTP, no session, no code
// lookup), and with the code before's API (--before). The company: a store with a sales floor, two aisles and two
// stockrooms (bench/lib.mjs zonesStore), PRODUCTS products with a GTIN, each with SIGHTINGS / PRODUCTS tags (SGTINs)
// last seen by one of four readers' antennas across the places.
// Usage: node --import tsx bench/where.mjs [sightings=10000000] [products=100000] [requests=200] [--before=DIR]
// BENCH_DB=<name> seeds once into a database that is kept (the seed of 10,000,000 takes minutes): later runs sign in
// to it instead of seeding again. BENCH_PLAN=1 prints the statement's plan (EXPLAIN ANALYZE).
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL). Prints figures only.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { whereRows } from '../apps/server/src/modules/zones/zones.repo.ts';
import { cpuPerCall, startBench } from './lib.mjs';
import { spread, timedGet, zonesStore } from './readers-lib.mjs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SIGHTINGS = Number(positional[0] ?? 10_000_000);
const PRODUCTS = Number(positional[1] ?? 100_000);
const REQUESTS = Number(positional[2] ?? 200);
const BEFORE = option('before');
const PER = Math.max(1, Math.floor(SIGHTINGS / PRODUCTS));

const bench = await startBench();
const pool = new pg.Pool({ connectionString: bench.dbUrl, max: 4 });
const database = await openDatabase({ url: bench.dbUrl });
let before;
try {
  const s = await zonesStore(bench, pool, `Where Bench ${SIGHTINGS}`);
  const { token, companyId: company } = s;
  const places = [...s.aisles, ...s.backs];
  if (!s.seeded) {
    const t0 = Date.now();
    await pool.query(
      `INSERT INTO products (company_id, name, sku, rfid_tag, epc, gtin, quantity, location_id)
       SELECT $1, 'Product ' || i, 'W' || i, lpad(i::text, 12, '0'),
         upper(encode(convert_to(lpad(i::text, 12, '0'), 'UTF8'), 'hex')), '8' || lpad(i::text, 13, '0'), 3, $2::int
       FROM generate_series(1, $3) i`,
      [company, places[0], PRODUCTS],
    );
    // Sightings in chunks of a million: each product's PER tags (an SGTIN-like EPC: the product and the serial),
    // spread over the four places, four readers and their antennas, over the last week.
    for (let from = 0; from < PRODUCTS * PER; from += 1_000_000) {
      const to = Math.min(PRODUCTS * PER, from + 1_000_000) - 1;
      await pool.query(
        `INSERT INTO tag_sightings (seen_at, company_id, location_id, device_id, antenna, rssi, epc, gtin)
         SELECT now() - make_interval(secs => (n * 7919) % 604800), $1, ($2::int[])[1 + (n / 7) % 4], null,
           1 + n % 4, -50 - n % 20, decode(lpad(to_hex(n / $5 + 1), 12, '0') || lpad(to_hex(n % $5), 12, '0'), 'hex'),
           '8' || lpad((n / $5 + 1)::text, 13, '0')
         FROM generate_series($3::bigint, $4::bigint) n`,
        [company, places, from, to, PER],
      );
    }
    await pool.query('VACUUM ANALYZE tag_sightings');
    await pool.query('ANALYZE');
    const count = (await pool.query('SELECT count(*)::int AS n FROM tag_sightings')).rows[0].n;
    console.log(
      `seeded ${PRODUCTS.toLocaleString('en-US')} products, ${count.toLocaleString('en-US')} sightings (${PER} a product) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  console.log(`database ${bench.dbName}: company ${company}`);

  const pick = (k) => 1 + ((k * 7_919) % PRODUCTS);
  const productIds = new Map(
    (await pool.query('SELECT sku, id FROM products WHERE company_id = $1', [company])).rows.map((r) => [
      r.sku,
      r.id,
    ]),
  );
  const servers = [['after', { base: bench.base, pid: bench.pid }]];
  if (BEFORE) {
    before = await bench.startAnother({}, { dir: BEFORE });
    servers.unshift(['before', before]);
  }
  const api = (server) => async (k) => {
    const got = await timedGet(server.base, `/api/inventory/where?code=W${pick(k)}`, token);
    return got.ms;
  };
  // The statement the API runs after its code lookup, on a pool of this process.
  const bare = async (k) => {
    const started = performance.now();
    await whereRows(database.db, company, productIds.get(`W${pick(k)}`));
    return performance.now() - started;
  };
  const runs = [
    ...servers.map(([name, server]) => [`API ${name}`, server.pid, api(server)]),
    ['bare', process.pid, bare],
  ];
  for (let k = 0; k < 10; k++) for (const [, , run] of runs) await run(k + 100_000);
  const times = Object.fromEntries(runs.map(([name]) => [name, []]));
  const cpu = Object.fromEntries(runs.map(([name]) => [name, { cpu: 0, pg: 0 }]));
  const load = [loadavg()[0]];
  // Alternated in blocks of 10 requests, so load moves every side alike; the CPU of each block is added up.
  for (let k = 0; k < REQUESTS; k += 10) {
    for (const [name, pid, run] of runs) {
      const r = await cpuPerCall(pool, bench.dbName, pid, 1, async () => {
        for (let j = k; j < Math.min(REQUESTS, k + 10); j++) times[name].push(await run(j));
      });
      cpu[name].cpu += r.cpu;
      cpu[name].pg += r.pg;
    }
    load.push(loadavg()[0]);
  }
  console.log(
    `GET /api/inventory/where?code=<SKU>, ${REQUESTS} each, one at a time (${PER} tags a product); load ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
  );
  for (const [name] of runs) {
    console.log(
      `${name.padEnd(10)}: ${spread(times[name])}; CPU a request ${(cpu[name].cpu / REQUESTS).toFixed(2)} ms, of which PostgreSQL ${(cpu[name].pg / REQUESTS).toFixed(2)} ms`,
    );
  }
  if (process.env.BENCH_PLAN) {
    const id = productIds.get(`W${pick(1)}`);
    const captured = [];
    const spy = {
      execute: (query) => {
        captured.push(query);
        return { rows: [] };
      },
    };
    await whereRows(spy, company, id);
    const plan = await database.db.execute(sql`explain (analyze, buffers) ${captured[0]}`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
} finally {
  await pool.end();
  await database.close();
  await before?.stop();
  await bench.stop();
}
