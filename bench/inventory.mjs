// The catalogue at a million products, on the PostgreSQL server: list, search and status filters through the API
// beside the same SQL run bare, and a 100,000-row CSV import beside PostgreSQL's COPY of the same rows.
// Usage: node bench/inventory.mjs [products=1000000] [requests=300] [concurrency=10] [--places=3] [--before=DIR]
//          [--rounds=3] [--lists-only] [--import-only]
// --places=N: each product of the big company kept in N places (stock rows, issue 47; 1 seeds as before).
// --before=DIR: a checkout of the code before (`git worktree add DIR <commit>`, node_modules linked) is started on the
// same database and the lists are timed on it and on this checkout in alternating rounds (bench/inventory-before.mjs);
// --lists-only then stops there (no single-build lists beside bare SQL, no import).
// BENCH_DB=<name> seeds once into a kept database; later runs sign in to it instead of seeding again.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). It creates
// its own database there and drops it afterwards. Prints figures only.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { alternateLists } from './inventory-before.mjs';
import { BRANDS, FORMS, ms, SIZES, STRAINS, seedProducts, startBench, timed } from './lib.mjs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PRODUCTS = Number(positional[0] ?? 1_000_000);
const REQUESTS = Number(positional[1] ?? 300);
const CONCURRENCY = Number(positional[2] ?? 10);
const PLACES = Number(option('places') ?? 3);
const BEFORE = option('before');
const ROUNDS = Number(option('rounds') ?? 3);
const IMPORT_ROWS = 100_000;
// --import-only: the CSV import alone, after seeding (no lists).
const IMPORT_ONLY = process.argv.includes('--import-only');

const bench = await startBench();
const { base, dbUrl } = bench;
const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
const run = (work) => timed(REQUESTS, CONCURRENCY, work);

const LIST_SQL = `SELECT p.*, l.name AS location FROM products p LEFT JOIN locations l ON l.id = p.location_id
  WHERE p.company_id = $1 AND ($2::text IS NULL OR p.status = $2) ORDER BY p.name, p.id LIMIT 10`;
const SUMMARY_SQL = 'SELECT total, low_stock, out_of_stock FROM inventory_counters WHERE company_id = $1';
// A search: its matches once, counted and the page's ids taken by name, then those rows (the server's two steps).
const SEARCH_SQL = `WITH m AS MATERIALIZED (
    SELECT id, name FROM products p WHERE p.company_id = $1 AND ($2::text IS NULL OR p.status = $2)
      AND (p.name ILIKE $3 OR p.sku LIKE $4))
  SELECT pg.id, t.total FROM (SELECT count(*)::int AS total FROM m) t
  LEFT JOIN LATERAL (SELECT id, name FROM m ORDER BY name, id LIMIT 10) pg ON true ORDER BY pg.name, pg.id`;
const ROWS_SQL = `SELECT p.*, l.name AS location FROM products p LEFT JOIN locations l ON l.id = p.location_id
  WHERE p.company_id = $1 AND p.id = ANY($2::int[]) ORDER BY p.name, p.id`;

/** What the server's list does, as bare SQL on the same pool size: the page (and its count when searching) + summary. */
async function bareList(companyId, status, search) {
  const page = async () => {
    if (!search) return pool.query(LIST_SQL, [companyId, status]);
    const prefix = `${search.replace(/[^a-z0-9]/gi, '').toUpperCase()}%`;
    const { rows } = await pool.query(SEARCH_SQL, [companyId, status, `%${search}%`, prefix]);
    const ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    return ids.length ? pool.query(ROWS_SQL, [companyId, ids]) : null;
  };
  await Promise.all([page(), pool.query(SUMMARY_SQL, [companyId])]);
}

function csvRows(count, offset) {
  const lines = [
    'name,sku,category,vendor,unit_cost,retail_price,quantity,min_stock_level,location,expiration_date',
  ];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    const name = `"${BRANDS[n % 10]} ${STRAINS[n % 8]}, ${FORMS[n % 5]} ${SIZES[n % 5]} #${n}"`;
    const location = `Store ${n % 3} > Shelf ${n % 40}`;
    lines.push(
      `${name},I${String(n).padStart(9, '0')},${FORMS[n % 5]},${BRANDS[n % 10]},${(n % 5000) / 100},${(n % 9000) / 100},${n % 100},5,${location},`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function importFile(token, csv) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  await bench.resetPeak();
  const before = bench.rssKb();
  const t0 = performance.now();
  const res = await fetch(`${base}/api/inventory/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  const seconds = (performance.now() - t0) / 1000;
  if (!res.ok || body.summary.failed > 0)
    throw new Error(`import failed: ${JSON.stringify(body).slice(0, 300)}`);
  return { seconds, growthMb: (bench.peakKb() - before) / 1024, summary: body.summary };
}

function copyBare(file) {
  const psql = (sql) => spawnSync('psql', [dbUrl, '-q', '-c', sql], { encoding: 'utf8' });
  psql(`CREATE TABLE bare_copy (name text, sku text, category text, vendor text, unit_cost numeric(12,2),
    retail_price numeric(12,2), quantity int, min_stock_level int, location text, expiration_date date)`);
  const t0 = performance.now();
  const out = psql(`\\copy bare_copy FROM '${file}' WITH (FORMAT csv, HEADER true)`);
  const seconds = (performance.now() - t0) / 1000;
  if (out.status !== 0) throw new Error(out.stderr);
  return seconds;
}

const fmt = ms;
try {
  const again = await bench.signIn('Million Co');
  const main = again ?? (await bench.register('Million Co'));
  const importer = (await bench.signIn('Import Co')) ?? (await bench.register('Import Co'));
  if (again) console.log(`Seeded on an earlier run (BENCH_DB=${process.env.BENCH_DB}): not seeding again\n`);
  else {
    const other = await bench.register('Neighbour Co');
    console.log(
      `Seeding ${PRODUCTS.toLocaleString('en-US')} products in ${PLACES} places each (+ ${(PRODUCTS / 5).toLocaleString('en-US')} in another company)...`,
    );
    const seeded = await seedProducts(pool, main.companyId, PRODUCTS, 'M', { places: PLACES });
    await seedProducts(pool, other.companyId, PRODUCTS / 5, 'N');
    // The counters are trigger-kept; the seed went through the same triggers.
    await pool.query('VACUUM ANALYZE products');
    const rows = (
      await pool.query('SELECT count(*)::int AS n FROM stock WHERE company_id = $1', [main.companyId])
    ).rows[0].n;
    console.log(`  seeded in ${seeded.toFixed(1)} s (${rows.toLocaleString('en-US')} stock rows)\n`);
  }

  if (BEFORE && !IMPORT_ONLY) {
    await alternateLists(bench, pool, main, {
      dir: BEFORE,
      rounds: ROUNDS,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
    });
  }

  if (!process.argv.includes('--lists-only')) {
    if (!IMPORT_ONLY) {
      const headers = { authorization: `Bearer ${main.token}` };
      const cases = [
        ['page 1', '', null, null],
        ['name fragment "alpine sour"', 'search=alpine%20sour', null, 'alpine sour'],
        ['SKU prefix "M000123"', 'search=M000123', null, 'M000123'],
        ['status in-stock', 'status=in-stock', 'in-stock', null],
        ['status low-stock', 'status=low-stock', 'low-stock', null],
        ['status out-of-stock', 'status=out-of-stock', 'out-of-stock', null],
      ];
      // Warm-up, not measured: the server's code is compiled by V8 as it runs and each pooled connection plans the
      // prepared lists on first use, which otherwise all lands on whichever case runs first.
      await run(() =>
        fetch(`${base}/api/inventory?status=low-stock`, { headers }).then((r) => r.arrayBuffer()),
      );
      console.log(
        `List and search at ${PRODUCTS.toLocaleString('en-US')} products, n=${REQUESTS} c=${CONCURRENCY} (ms)`,
      );
      console.log(`${'case'.padEnd(30)}   API p50  API p95   SQL p50  SQL p95   p95 ratio`);
      for (const [label, query, status, search] of cases) {
        const probe = await fetch(`${base}/api/inventory?${query}`, { headers }).then((r) => r.json());
        const api = await run(() =>
          fetch(`${base}/api/inventory?${query}`, { headers }).then((r) => r.arrayBuffer()),
        );
        const bare = await run(() => bareList(main.companyId, status, search));
        console.log(
          `${label.padEnd(30)} ${fmt(api.p50)}   ${fmt(api.p95)}    ${fmt(bare.p50)}   ${fmt(bare.p95)}    ${(api.p95 / bare.p95).toFixed(2)}x   (${probe.pagination.totalItems.toLocaleString('en-US')} matches)`,
        );
      }

      // The server remembers a search's matches until the catalogue changes: the runs above repeat one search, so
      // after the first request they read its page by id. Here every request is a search never made before (each
      // brand-strain pair but the one above, about 12,500 matches each), through the API and bare.
      const fresh = BRANDS.flatMap((b) => STRAINS.map((s) => `${b} ${s.split(' ')[0]}`.toLowerCase())).filter(
        (term) => term !== 'alpine sour',
      );
      const eachOnce = (work) => {
        let i = 0;
        return timed(fresh.length, CONCURRENCY, () => work(fresh[i++ % fresh.length]));
      };
      const coldApi = await eachOnce((term) =>
        fetch(`${base}/api/inventory?search=${encodeURIComponent(term)}`, { headers }).then((r) =>
          r.arrayBuffer(),
        ),
      );
      const coldBare = await eachOnce((term) => bareList(main.companyId, null, term));
      console.log(
        `${`new name fragments (n=${fresh.length})`.padEnd(30)} ${fmt(coldApi.p50)}   ${fmt(coldApi.p95)}    ${fmt(coldBare.p50)}   ${fmt(coldBare.p95)}    ${(coldApi.p95 / coldBare.p95).toFixed(2)}x   (each searched once)`,
      );
    }
    console.log(
      `\nCSV import into an empty catalogue (same table, beside the ${PRODUCTS.toLocaleString('en-US')} rows)`,
    );
    const small = await importFile(importer.token, csvRows(IMPORT_ROWS / 4, 0));
    console.log(
      `  ${(IMPORT_ROWS / 4).toLocaleString('en-US')} rows: ${small.seconds.toFixed(2)} s, peak memory growth ${small.growthMb.toFixed(0)} MB`,
    );
    const csv = csvRows(IMPORT_ROWS, IMPORT_ROWS);
    const file = join(bench.dataDir, 'import.csv');
    writeFileSync(file, csv);
    const big = await importFile(importer.token, csv);
    const copy = copyBare(file);
    console.log(
      `  ${IMPORT_ROWS.toLocaleString('en-US')} rows: ${big.seconds.toFixed(2)} s, ${(IMPORT_ROWS / big.seconds).toFixed(0)} rows/s, peak memory growth ${big.growthMb.toFixed(0)} MB (${(csv.length / 1024 / 1024).toFixed(1)} MB file)`,
    );
    const again = await importFile(importer.token, csv);
    console.log(
      `  the same file again (all updates): ${again.seconds.toFixed(2)} s, ${again.summary.updated} updated`,
    );
    console.log(
      `  COPY of the same rows into a bare table: ${copy.toFixed(2)} s; import / COPY = ${(big.seconds / copy).toFixed(1)}x`,
    );
  }
} finally {
  await pool.end();
  await bench.stop();
}
