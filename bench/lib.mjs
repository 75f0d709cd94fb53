// Shared pieces of the benchmarks: a real server process on its own database, timing at a concurrency, sign-up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The server's node flags: as `npm start` runs it (its young generation of 32 MB: see the report figures), plus
 * BENCH_NODE_FLAGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
 */
export const serverNodeFlags = () => [
  '--max-semi-space-size=32',
  ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
];

/** Resolves once `base`/api/health answers, polling every `everyMs`; throws after `tries` polls. */
export async function waitForHealth(base, { tries = 240, everyMs = 250 } = {}) {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > tries) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * `node --import tsx apps/server/src/server.ts` of the checkout at `dir` (this one by default: another checkout
 * gives a before/after pair) on `databaseUrl`, in a data folder of its own; resolves once /api/health answers.
 * Sign-up and pairing limits are lifted (benchmarks sign many up at once).
 */
export async function startServer(databaseUrl, env = {}, { dir = join(import.meta.dirname, '..') } = {}) {
  const port = 39000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-bench-'));
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', 'src/server.ts'], {
    cwd: join(dir, 'apps', 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SIGNUP_RATE_LIMIT: '1000',
      PAIRING_RATE_LIMIT: '1000',
      ...env,
    },
    // BENCH_SERVER_LOG=<file>: the server's log (warnings and errors) appended there, to see why a call failed.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
  });
  await waitForHealth(base, { tries: 400 });
  return {
    base,
    pid: child.pid,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The address a kept database's bench company signs up under. */
const keptEmail = (company) => `${company.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@bench.test`;

/** A new database on the PostgreSQL server (or the kept BENCH_DB), and a portal process on it (migrated at start). */
export async function startBench(extraEnv = {}, { dir, db } = {}) {
  // BENCH_DB=<name> keeps one seeded database for several runs (created if missing, never dropped): a bench that
  // finds its companies there signs in instead of seeding again (`seeded`, `signIn`). `db`: the name of another
  // database (a second server, of the code before, on one of its own), kept like BENCH_DB's only when BENCH_DB is set:
  // named after a new database, it goes with it.
  const kept = process.env.BENCH_DB ? (db ?? process.env.BENCH_DB) : undefined;
  const named = db ?? kept;
  if (named && !/^[a-z_][a-z0-9_]*$/.test(named)) throw new Error('BENCH_DB: a lowercase database name');
  const dbName = named ?? `quantics_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
  const server = await startServer(dbUrl, extraEnv, dir ? { dir } : {});
  const { base, dataDir } = server;
  const status = (field) =>
    Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0,
    );
  return {
    base,
    dbUrl,
    dbName,
    pid: server.pid,
    dataDir,
    /** Resident memory now, and its peak since the last resetPeak(), in kB (Linux /proc). */
    rssKb: () => status('VmRSS'),
    peakKb: () => status('VmHWM'),
    resetPeak: () => import('node:fs').then((fs) => fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5')),
    /** Signs a new company up (with BENCH_DB, under an address made of its name, so signIn finds it again). */
    async register(company) {
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: kept ? keptEmail(company) : `${randomBytes(4).toString('hex')}@bench.test`,
          password: 'bench-password',
          company,
        }),
      });
      const body = await res.json();
      return { token: body.token, companyId: body.user.company_id };
    },
    /** With BENCH_DB: the company `register` signed up on an earlier run, signed in again; else undefined. */
    async signIn(company) {
      if (!kept) return undefined;
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: keptEmail(company), password: 'bench-password' }),
      });
      if (!res.ok) return undefined;
      const body = await res.json();
      return { token: body.token, companyId: body.user.company_id };
    },
    /** Another server process of `dir` (a checkout: the code before, say) on the same database. */
    startAnother: (env = {}, options = {}) => startServer(dbUrl, { ...extraEnv, ...env }, options),
    async stop() {
      await server.stop();
      // BENCH_KEEP_DB=1 keeps the seeded database for EXPLAIN afterwards (drop it yourself).
      if (kept || process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbUrl}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; 0 once it is gone). */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU the work cost, whatever else the machine runs: `pid`'s (a server, or this process for bare runs) and that of
 * every PostgreSQL backend on database `dbName` (other servers' backends sit idle meanwhile), in ms per call, beside
 * `run`'s own answer. Time waiting for a core is not in it, so it compares two builds on a busy machine.
 */
export async function cpuPerCall(pool, dbName, pid, calls, run) {
  const backends = async () =>
    (await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map(
      (r) => r.pid,
    );
  const own = pid === process.pid;
  const node = () => (own ? (process.cpuUsage().user + process.cpuUsage().system) / 1000 : cpuMsOf(pid));
  const postgres = (pids) => pids.reduce((sum, p) => sum + cpuMsOf(p), 0);
  const [node0, pg0] = [node(), postgres(await backends())];
  const result = await run();
  // A backend opened during the run counts from zero.
  const [node1, pg1] = [node(), postgres(await backends())];
  return { ...result, cpu: (node1 - node0 + pg1 - pg0) / calls, pg: (pg1 - pg0) / calls };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `work` `requests` times, `concurrency` at a time; p50 and p95 in ms. */
export async function timed(requests, concurrency, work) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        await work();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

export const ms = (n) => n.toFixed(1).padStart(7);

export const BRANDS = [
  'Alpine',
  'Harbor',
  'Sunset',
  'Granite',
  'Cedar',
  'Meadow',
  'Summit',
  'Coastal',
  'Prairie',
  'Canyon',
];
export const STRAINS = [
  'Sour Diesel',
  'Blue Dream',
  'OG Kush',
  'Gelato',
  'Wedding Cake',
  'Gorilla Glue',
  'Jack Herer',
  'Durban Poison',
];
export const FORMS = ['Flower', 'Pre-Roll', 'Vape Cartridge', 'Gummies', 'Tincture'];
export const SIZES = ['1g', '3.5g', '7g', '14g', '28g'];

/**
 * Seeds products in SQL (the bench measures reads, not seeding): 5% out of stock, 10% low, the rest in stock. With
 * `places: 3` on a build that keeps stock by location (the `stock` table, issue 47), each product is kept in three
 * places of three stores (its store's sales floor, its home, and backroom, and the next store's floor), so 1,000,000
 * products have 3,000,000 stock rows; a build without that table gets one place per product, its home, so the
 * build before reads the same products (same totals, same homes) on the same database.
 */
export async function seedProducts(pool, companyId, count, skuPrefix, { places = 1 } = {}) {
  const t0 = performance.now();
  const stores = places > 1 ? await storesOf(pool, companyId) : null;
  await pool.query(
    `INSERT INTO products (company_id, name, sku, rfid_tag, epc, category, vendor, unit_cost, retail_price,
       quantity, min_stock_level, expiration_date, location_id)
     SELECT $1, b[1 + i % 10] || ' ' || s[1 + (i / 10) % 8] || ' ' || f[1 + (i / 80) % 5] || ' ' || z[1 + (i / 400) % 5]
         || ' #' || i,
       sku, rpad(sku, 12, '0'), upper(encode(convert_to(rpad(sku, 12, '0'), 'UTF8'), 'hex')),
       f[1 + (i / 80) % 5], b[1 + i % 10], (i % 5000) / 100.0, (i % 9000) / 100.0,
       CASE WHEN i % 20 = 0 THEN 0 WHEN i % 10 = 1 THEN 3 ELSE 20 + i % 80 END, 5,
       CASE WHEN i % 7 = 0 THEN current_date + (i % 400) END, ($8::int[])[1 + i % 3]
     FROM generate_series(1, $2::int) AS i, LATERAL (SELECT $3 || lpad(i::text, 8, '0') AS sku) k,
       (SELECT $4::text[] AS b, $5::text[] AS s, $6::text[] AS f, $7::text[] AS z) arr`,
    [companyId, count, skuPrefix, BRANDS, STRAINS, FORMS, SIZES, stores?.floors ?? [null]],
  );
  if (stores?.hasStock) {
    // Inserting the products gave each its one row at its home (the trigger kept for the build before); here a
    // third of its units each go to its backroom and to the next store's floor. One statement, so the stock
    // triggers total once, when every row is written, and find each product's total unchanged.
    await pool.query(
      `WITH home AS (
         UPDATE stock SET quantity = quantity - 2 * (quantity / 3) WHERE company_id = $1 AND quantity >= 3
       )
       INSERT INTO stock (company_id, product_id, location_id, quantity)
       SELECT p.company_id, p.id, x.location_id, p.quantity / 3
       FROM products p, LATERAL (SELECT array_position($2::int[], p.location_id) AS k) h,
         LATERAL (VALUES (($3::int[])[h.k]), (($2::int[])[1 + h.k % 3])) x(location_id)
       WHERE p.company_id = $1`,
      [companyId, stores.floors, stores.backrooms],
    );
    await pool.query('VACUUM ANALYZE stock');
  }
  return (performance.now() - t0) / 1000;
}

/** Three stores, each with a sales floor and a backroom, for `companyId`; and whether this build has stock rows. */
async function storesOf(pool, companyId) {
  const hasStock = (await pool.query(`SELECT to_regclass('stock') IS NOT NULL AS ok`)).rows[0].ok;
  const { rows } = await pool.query(
    `WITH store AS (
       INSERT INTO locations (company_id, name) SELECT $1, 'Store ' || n FROM generate_series(1, 3) n
       RETURNING id, name
     )
     INSERT INTO locations (company_id, name, parent_location_id)
     SELECT $1, room, store.id FROM store, unnest(ARRAY['Sales Floor', 'Backroom']) room
     RETURNING id, name, parent_location_id`,
    [companyId],
  );
  const byStore = (room) =>
    rows
      .filter((r) => r.name === room)
      .sort((a, b) => a.parent_location_id - b.parent_location_id)
      .map((r) => r.id);
  return { hasStock, floors: byStore('Sales Floor'), backrooms: byStore('Backroom') };
}

/** The options of the demo's benches (demo-seed.mjs, demo-start.mjs): what to compare with, the demo's size, rounds. */
export const DEMO_BENCH_OPTIONS = {
  before: { type: 'string' },
  products: { type: 'string', default: '300' },
  days: { type: 'string', default: '20' },
  rounds: { type: 'string', default: '2' },
};
