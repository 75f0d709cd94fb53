// Stock movements (issue 48) on the PostgreSQL server, against this working tree's server:
//  1. `POST /api/inventory/movements` in calls of 1,000 (sales by SKU with a client_id, some returns and receipts, a
//     mix of places) at concurrency 1 and 4, beside the same movements three ways without HTTP, through the same
//     driver (node-postgres): the service in process (its checks and every query of the call, no HTTP or JSON), the
//     repo's one statement bare (movements.repo.ts applyMovements: the stock upsert and the movements INSERT, with
//     the stock triggers it fires), and one bare INSERT ... SELECT FROM unnest into stock_movements. Cases alternate
//     within each round.
//  2. A product's history (`GET /api/inventory/{id}/movements?limit=50`, with location_id, and a second page by its
//     cursor) with 10,000,000 movements in the table for the company (bulk-loaded in SQL, skewed over 100,000
//     products, at times over 3 years), at concurrency 1 and 10, for a heavy product and a typical one, beside
//     history.repo.ts's statement bare in both orders (see otherOrder); then the POST figures again on the full table.
// Usage: node bench/movements.mjs [--products=100000] [--calls=60] [--rounds=3] [--history-rows=10000000]
//          [--requests=300] [--only=post|history|profile|parts|hot] [--explain] [--also-dir=DIR]
//          [--before-dir=DIR] [--no-service] [--disjoint]
// --explain: after the POST rounds, EXPLAIN (ANALYZE, BUFFERS) of applyMovements' statement (with its trigger times)
// and the time in each function it calls (track_functions), each query of the service's call timed, what each part of
// the statement costs (profilePost) and the deadlocks at concurrency 4 in either order (deadlocks); after the history,
// EXPLAIN ANALYZE of productHistory in both orders. --only=profile: those POST figures alone; --only=parts: them
// without the deadlocks. --only=hot: the API
// and the statement bare alternated between the schema as migrated and products' low-stock index without `quantity`
// (HOT updates of products; see hotRounds). --also-dir: the history through a second server of another checkout.
// Before each round the bench vacuums products and stock and analyzes stock_movements (housekeeping), as autovacuum
// would; the development server runs with it off.
// BENCH_DB=<name> keeps the seeded database (10,000,000 movements take minutes to load): a later run reuses it.
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL). Prints figures only.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { cpuMsOf, ms, startBench, timed } from './lib.mjs';

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const PRODUCTS = Number(option('products', 100_000));
const CALLS = Number(option('calls', 60));
const ROUNDS = Number(option('rounds', 3));
const HISTORY_ROWS = Number(option('history-rows', 10_000_000));
const REQUESTS = Number(option('requests', 300));
const ONLY = option('only', 'all');
const EXPLAIN = process.argv.includes('--explain');
// --also-dir=DIR: the history's API cases on a second server too, of the checkout (or copy) at DIR, on the same
// database, alternated with this tree's: a change to try, measured without committing it.
const ALSO_DIR = option('also-dir', undefined);
const PER_CALL = 1000;
// --before-dir=DIR: a second server of the checkout at DIR (the code before a change: a git worktree of it, its
// node_modules linked) on a database of its own (<this one's>_before, seeded the same way and migrated by its own
// server), measured in the same rounds as this tree: the API, the statement bare and the bare INSERT each way.
const BEFORE_DIR = option('before-dir', undefined);
const NO_SERVICE = process.argv.includes('--no-service');
// --disjoint: each call's products from one quarter of the catalogue in turn (call c from quarter c mod 4), so calls
// running at once at c=4 seldom move the same stock rows: what the row locks of overlapping calls cost (by default
// each call picks from every product, and two calls at once share about 10 products, waiting on each other's locks).
const DISJOINT = process.argv.includes('--disjoint');

const repo = await tsImport('../apps/server/src/modules/movements/movements.repo.ts', import.meta.url);
const history = await tsImport('../apps/server/src/modules/movements/history.repo.ts', import.meta.url);
const service = await tsImport('../apps/server/src/modules/movements/movements.service.ts', import.meta.url);
const inTurn = await tsImport('../apps/server/src/modules/movements/calls-in-flight.ts', import.meta.url);
const dialect = new PgDialect();

const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/.*load average: /, '');
const bench = await startBench();
const { base, dbUrl, dbName } = bench;
const pool = new pg.Pool({ connectionString: dbUrl, max: 12 });
const db = drizzle(pool);
/** The movements API's writer on the bench's pool, as the server builds it (its calls in flight). */
const calls = new inTurn.CallsInFlight(db);
/** With --before-dir: the code before, its server, database, pool, repo module and bench company (startBefore). */
let before;

/** Appends `value` to the list at `into[key]`. */
const push = (into, key, value) => {
  if (!into[key]) into[key] = [];
  into[key].push(value);
};

/** A Drizzle-shaped `execute` that only records each statement as it would be sent (text and parameters). */
const capturing = (log) => ({
  execute: async (query) => {
    log.push(dialect.sqlToQuery(query));
    return { rows: [] };
  },
});

/** A Drizzle-shaped `execute` on one client: the repo's statements run as the server would send them. */
const executor = (client, log) => ({
  execute: async (query) => {
    const { sql, params } = dialect.sqlToQuery(query);
    log?.push({ sql, params });
    return client.query(sql, params);
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The catalogue: three stores with a sales floor and a backroom each; product i at its store's floor; one in five
// also in its store's backroom and the next store's floor (a third of its units each).

async function seedCatalogue(companyId, p = pool) {
  const { rows: stores } = await p.query(
    `INSERT INTO locations (company_id, name) SELECT $1, 'Store ' || n FROM generate_series(1, 3) n RETURNING id`,
    [companyId],
  );
  const room = async (name) =>
    (
      await p.query(
        `INSERT INTO locations (company_id, name, parent_location_id)
         SELECT $1, $2, s FROM unnest($3::int[]) WITH ORDINALITY u(s, n) ORDER BY n RETURNING id`,
        [companyId, name, stores.map((s) => s.id)],
      )
    ).rows.map((r) => r.id);
  const floors = await room('Sales Floor');
  const backrooms = await room('Backroom');
  await p.query(
    `INSERT INTO products (company_id, name, sku, rfid_tag, epc, quantity, min_stock_level, location_id, unit_cost,
       retail_price)
     SELECT $1, 'Product ' || i, sku, rpad(sku, 12, '0'), upper(encode(convert_to(rpad(sku, 12, '0'), 'UTF8'), 'hex')),
       20 + i % 80, 5, ($3::int[])[1 + i % 3], (i % 5000) / 100.0, (i % 9000) / 100.0
     FROM generate_series(1, $2::int) i, LATERAL (SELECT 'S' || lpad(i::text, 8, '0') AS sku) k`,
    [companyId, PRODUCTS, floors],
  );
  await p.query(
    `WITH home AS (
       UPDATE stock s SET quantity = s.quantity - 2 * (s.quantity / 3) FROM products p
       WHERE s.company_id = $1 AND p.company_id = $1 AND p.id = s.product_id AND substr(p.sku, 2)::int % 5 = 0
     )
     INSERT INTO stock (company_id, product_id, location_id, quantity)
     SELECT p.company_id, p.id, x.location_id, p.quantity / 3
     FROM products p, LATERAL (SELECT array_position($2::int[], p.location_id) AS k) h,
       LATERAL (VALUES (($3::int[])[h.k]), (($2::int[])[1 + h.k % 3])) x(location_id)
     WHERE p.company_id = $1 AND substr(p.sku, 2)::int % 5 = 0`,
    [companyId, floors, backrooms],
  );
  await p.query('VACUUM ANALYZE products');
  await p.query('VACUUM ANALYZE stock');
}

/** The company's products: id, SKU, home and places (ids, home first). */
async function catalogue(companyId, p = pool) {
  const { rows } = await p.query(
    `SELECT p.id, p.sku, p.location_id AS home,
       array(SELECT s.location_id FROM stock s WHERE s.company_id = p.company_id AND s.product_id = p.id
             ORDER BY s.location_id = p.location_id DESC, s.location_id) AS places
     FROM products p WHERE p.company_id = $1 ORDER BY p.id`,
    [companyId],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls of 1,000 movements, generated before timing: 90% sales of 1-2 units by SKU, 5% returns, 5% receipts of 24;
// every one with a client_id and a receipt reference; 1 in 5 dated up to an hour back (a till sending late). A
// product in several places is sent with its place (80% its home, 15% its backroom, 5% the other store); a product
// in one place half the time with it, half without (the server finds its place).

function makeCalls(products, calls, tag) {
  const out = [];
  const now = Date.now();
  const quarter = Math.floor(products.length / 4);
  for (let c = 0; c < calls; c++) {
    const movements = [];
    const rows = [];
    for (let j = 0; j < PER_CALL; j++) {
      const p = DISJOINT
        ? products[(c % 4) * quarter + Math.floor(Math.random() * quarter)]
        : products[Math.floor(Math.random() * products.length)];
      const u = Math.random();
      const [delta, reason] =
        u < 0.9 ? [u < 0.8 ? -1 : -2, 'sale'] : u < 0.95 ? [1, 'return'] : [24, 'receipt'];
      let locationId;
      let sendPlace = true;
      if (p.places.length > 1) {
        const w = Math.random();
        locationId = p.places[w < 0.8 ? 0 : w < 0.95 ? 1 : 2];
      } else {
        locationId = p.places[0] ?? p.home;
        sendPlace = Math.random() < 0.5;
      }
      const at =
        Math.random() < 0.2 ? new Date(now - Math.floor(Math.random() * 3_600_000)).toISOString() : null;
      const m = {
        sku: p.sku,
        delta,
        reason,
        client_id: `${tag}-${c}-${j}`,
        reference: `R${tag}-${c}-${Math.floor(j / 3)}`,
      };
      if (sendPlace) m.location_id = locationId;
      if (at) m.at = at;
      movements.push(m);
      rows.push({
        productId: p.id,
        locationId,
        delta,
        reason,
        at,
        reference: m.reference,
        clientId: m.client_id,
      });
    }
    out.push({ body: JSON.stringify({ movements }), movements, rows });
  }
  return out;
}

/** Runs `calls` `concurrency` at a time; each a function of its call. Movements a second, p50/p95 a call, errors. */
async function throughput(calls, concurrency, work) {
  let i = 0;
  const errors = [];
  const t0 = performance.now();
  const { p50, p95 } = await timed(calls.length, concurrency, async () => {
    const call = calls[i++];
    try {
      await work(call);
    } catch (e) {
      // Drizzle wraps a failed query ("Failed query: <the SQL>"): the database's own message is its cause.
      errors.push(String(e.cause?.message ?? e.message ?? e).slice(0, 160));
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  return { rate: ((calls.length - errors.length) * PER_CALL) / seconds, p50, p95, errors };
}

const BARE_INSERT = `INSERT INTO stock_movements (company_id, product_id, location_id, delta, quantity_after, reason,
    at, actor_type, actor_id, actor_name, reference, client_id)
  SELECT $1, i.product_id, i.location_id, i.delta, 0, i.reason, coalesce(i.at, now()), 'user', $2, $3, i.reference,
    i.client_id
  FROM unnest($4::int[], $5::int[], $6::int[], $7::text[], $8::timestamptz[], $9::text[], $10::text[])
    AS i(product_id, location_id, delta, reason, at, reference, client_id)`;

function bareInsert(client, companyId, actor, rows) {
  const col = (k) => rows.map((r) => r[k]);
  return client.query(BARE_INSERT, [
    companyId,
    actor.id,
    actor.name,
    col('productId'),
    col('locationId'),
    col('delta'),
    col('reason'),
    col('at'),
    col('reference'),
    col('clientId'),
  ]);
}

/** The repo's statement in its own transaction, after the service's set_config, as the API runs it. */
async function barePair(client, companyId, actor, rows, log, code = repo) {
  // As the service runs it: alone, its own transaction, where the statement sets its movement context itself (since
  // the statement ran alone); in a transaction of its own, with the context set first, before that.
  if (await runsAlone(code, companyId, actor, rows)) {
    await code.applyMovements(executor(client, log), companyId, actor, rows);
    return;
  }
  await client.query('BEGIN');
  try {
    await client.query(`SELECT set_config('quantics.movement', '{"written": true}', true)`);
    await code.applyMovements(executor(client, log), companyId, actor, rows);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
}

/** Whether this repo's statement sets its own movement context (it then runs alone, as the service runs it). */
async function runsAlone(code, companyId, actor, rows) {
  if (!alone.has(code)) {
    const log = [];
    await code.applyMovements(capturing(log), companyId, actor, rows.slice(0, 1));
    alone.set(code, log[0].sql.includes("set_config('quantics.movement'"));
  }
  return alone.get(code);
}
const alone = new Map();

async function withClient(work, p = pool) {
  const client = await p.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

/**
 * The CPU `run` cost in ms: process `pid`'s (the server, or this process) and that of every PostgreSQL backend on the
 * bench database, polled every 100 ms so a backend that connects or leaves during the run is counted up to its last
 * sample (lib.mjs's cpuPerCall reads them only before and after: a pool's idle connection closed meanwhile would be
 * subtracted). Both the node process's and PostgreSQL's, beside PostgreSQL's alone.
 */
async function cpuDuring(pid, run, { p = pool, name = dbName } = {}) {
  const own = pid === process.pid;
  const node = () => (own ? (process.cpuUsage().user + process.cpuUsage().system) / 1000 : cpuMsOf(pid));
  const first = new Map();
  const last = new Map();
  const sample = async () => {
    const { rows } = await p.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    for (const { pid: p } of rows) {
      const t = cpuMsOf(p);
      if (t === 0) continue;
      if (!first.has(p)) first.set(p, running ? 0 : t);
      last.set(p, t);
    }
  };
  let running = false;
  await sample();
  const node0 = node();
  running = true;
  const timer = setInterval(() => sample().catch(() => {}), 100);
  const result = await run();
  clearInterval(timer);
  await sample();
  const node1 = node();
  let pgMs = 0;
  for (const [p, t] of last) pgMs += t - first.get(p);
  return { ...result, cpu: node1 - node0 + pgMs, pg: pgMs };
}

/**
 * What autovacuum would have done by now (this development server runs with autovacuum = off): the products and
 * stock rows each call rewrites vacuumed, and stock_movements analyzed, so the planner knows how many movements a
 * company has. Without it the client_id lookup was planned as a scan of the company's movements (0.4-2.7 s a call).
 */
async function housekeeping(p = pool) {
  await p.query('VACUUM ANALYZE products, stock');
  await p.query('ANALYZE stock_movements');
  if (p === pool && before) await housekeeping(before.pool);
}

/** `POST /api/inventory/movements` to the server at `at`, answered 200. */
const postTo = (at, token) => {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return (call) =>
    fetch(`${at}/api/inventory/movements`, { method: 'POST', headers, body: call.body }).then(async (r) => {
      const text = await r.text();
      if (r.status !== 200) throw new Error(`${r.status} ${text}`);
    });
};

/**
 * Warm-up, not measured: V8 compiles the server's code, each pooled connection plans its statements. The first call's
 * answer is checked: every movement applied, and the quantities of the places it moved.
 */
async function warmUp(at, ctx, cases) {
  const warm = makeCalls(ctx.products, 8, `w${randomBytes(3).toString('hex')}`);
  const check = await fetch(`${at}/api/inventory/movements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
    body: warm[0].body,
  }).then((r) => r.json());
  const placesMoved = new Set(warm[0].rows.map((r) => `${r.productId}:${r.locationId}`)).size;
  if (check.applied !== PER_CALL || check.quantities?.length !== placesMoved) {
    throw new Error(`the API at ${at} answered ${JSON.stringify(check).slice(0, 300)}`);
  }
  warm.shift();
  for (const work of cases) await throughput(warm, 2, work);
}

async function postRounds(label, ctx) {
  const { products, companyId, token, actor } = ctx;
  const caller = { companyId, inventoryType: 'manual', actor };
  const cases = {
    API: postTo(base, token),
    'service in process': (call) =>
      service.applyMovements(calls, caller, service.checkMovements({ movements: call.movements })),
    'statement bare': (call) => withClient((c) => barePair(c, companyId, actor, call.rows)),
    // The same statements as the service sends them (calls-in-flight.ts): a call sharing products with a call in
    // flight moves its own first and the shared ones once that call has ended, in one transaction.
    'statements in turn': (call) => calls.apply(companyId, actor, call.rows),
    'INSERT only': (call) => withClient((c) => bareInsert(c, companyId, actor, call.rows)),
  };
  // --before-dir: the code before on its own database, the same three ways but in process (its calls made from its
  // own catalogue); --no-service leaves the service in process out (shorter runs).
  if (before) {
    const b = before.ctx;
    Object.assign(cases, {
      'API before': postTo(before.base, b.token),
      'statement bare before': (call) =>
        withClient((c) => barePair(c, b.companyId, b.actor, call.rows, undefined, before.repo), before.pool),
      'INSERT only before': (call) =>
        withClient((c) => bareInsert(c, b.companyId, b.actor, call.rows), before.pool),
    });
  }
  if (NO_SERVICE) delete cases['service in process'];
  const isBefore = (name) => name.endsWith(' before');
  await warmUp(
    base,
    ctx,
    Object.entries(cases).flatMap(([n, w]) => (isBefore(n) ? [] : [w])),
  );
  if (before) {
    await warmUp(
      before.base,
      before.ctx,
      Object.entries(cases).flatMap(([n, w]) => (isBefore(n) ? [w] : [])),
    );
  }

  const results = {};
  for (let round = 0; round < ROUNDS; round++) {
    await housekeeping();
    for (const concurrency of [1, 4]) {
      const names = Object.keys(cases);
      if (round % 2 === 1) names.reverse();
      for (const name of names) {
        const calls = makeCalls(
          isBefore(name) ? before.ctx.products : products,
          CALLS,
          `${label}${round}${concurrency}${randomBytes(3).toString('hex')}`,
        );
        const pid = name === 'API' ? bench.pid : name === 'API before' ? before.pid : process.pid;
        const r = await cpuDuring(
          pid,
          () => throughput(calls, concurrency, cases[name]),
          isBefore(name) ? { p: before.pool, name: before.dbName } : undefined,
        );
        push(results, `${name}|${concurrency}`, { ...r, cpu: r.cpu / CALLS, pg: r.pg / CALLS });
      }
    }
    console.log(`  round ${round + 1} done, load ${load()}`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\n${label}: calls of ${PER_CALL}, ${CALLS} calls a case and round, ${ROUNDS} rounds (medians of the rounds)`,
  );
  console.log(
    `${'case'.padEnd(22)} c   movements/s   p50 ms   p95 ms   CPU ms/call (PG)   failed calls   x INSERT only`,
  );
  for (const concurrency of [1, 4]) {
    for (const name of Object.keys(cases)) {
      const insertRate = median(
        results[`INSERT only${isBefore(name) ? ' before' : ''}|${concurrency}`].map((r) => r.rate),
      );
      const rs = results[`${name}|${concurrency}`];
      const rate = median(rs.map((r) => r.rate));
      const failed = rs.reduce((n, r) => n + r.errors.length, 0);
      console.log(
        `${name.padEnd(22)} ${concurrency}   ${rate.toFixed(0).padStart(11)}  ${ms(median(rs.map((r) => r.p50)))}  ${ms(median(rs.map((r) => r.p95)))}   ${median(
          rs.map((r) => r.cpu),
        )
          .toFixed(1)
          .padStart(
            8,
          )} (${median(rs.map((r) => r.pg)).toFixed(1)})   ${String(failed).padStart(12)}   ${(insertRate / rate).toFixed(2)}x`,
      );
      if (failed) console.log(`    first failure: ${rs.flatMap((r) => r.errors)[0]}`);
    }
  }
  console.log(
    `  per round: ${Object.entries(results)
      .map(([k, rs]) => `${k} ${rs.map((r) => r.rate.toFixed(0)).join('/')}`)
      .join('; ')}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE of the repo's statement (trigger times included), the time in each function it calls, and what
// each part costs: the statement timed in rolled-back transactions, as it is and with one thing taken away or
// changed inside the transaction (transactional DDL: the database is left as it was), variants alternated.

/** The repo's statement for `rows`, as it would send it (captured, not run). */
async function statementOf(companyId, actor, rows) {
  const log = [];
  await repo.applyMovements(capturing(log), companyId, actor, rows);
  return log[0];
}

const PRODUCT_INDEXES = `SELECT indexrelid::regclass::text AS name FROM pg_index
  WHERE indrelid = 'products'::regclass AND NOT indisprimary`;

// Migration 0040 made it so (products_company_low_name_idx, and room on the pages): `--only=hot` now compares the
// schema as migrated with the low-stock index before it, and leaves the database as migrated.
const LOW_BEFORE_0040 = `CREATE INDEX IF NOT EXISTS products_company_low_quantity_idx ON products
  USING btree (company_id, quantity, name, id) WHERE status <> 'in-stock'`;

// The stock triggers as before 0048_stock_totals_merged: each changed product's total and places recomputed from all
// its stock rows (stock_retotal), where they are now merged from the places the statement changed (stock_restate).
const RECOMPUTE_BEFORE_0048 = [
  `CREATE OR REPLACE FUNCTION stock_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM stock_retotal(array(SELECT company_id FROM new_rows), array(SELECT product_id FROM new_rows));
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION stock_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM stock_retotal(array(SELECT company_id FROM new_rows UNION ALL SELECT company_id FROM old_rows),
       array(SELECT product_id FROM new_rows UNION ALL SELECT product_id FROM old_rows));
     RETURN NULL;
   END $$`,
];

const VARIANTS = {
  'INSERT only (bare)': { insertOnly: true },
  'statement, no triggers at all': { before: [`SET LOCAL session_replication_role = replica`] },
  'statement as the API runs it': { before: [] },
  // Migration 0050 dropped it: added back (NOT VALID: checked on the rows written, not on those there).
  '  + FK stock_movements -> companies (before 0050)': {
    before: [
      `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_company_fk_again FOREIGN KEY (company_id)
         REFERENCES companies (id) ON DELETE CASCADE NOT VALID`,
    ],
  },
  '  - products without the trigram index': { before: ['DROP INDEX products_company_name_trgm_idx'] },
  '  + low-stock index keyed by quantity (before 0040, no HOT)': { before: [LOW_BEFORE_0040] },
  '  - products with its primary key only': { dropAllProductIndexes: true },
  '  - no products triggers': {
    before: [
      `ALTER TABLE products DISABLE TRIGGER products_bump_dashboard_version_update,
         DISABLE TRIGGER products_counters_update, DISABLE TRIGGER products_search_version_update,
         DISABLE TRIGGER products_stock_after_update, DISABLE TRIGGER products_stock_crossing`,
    ],
  },
  // The other design (docs/benchmarks.md): each product's total and places on a narrow row of its own, products
  // written only when its status changes (the readers of products.quantity left aside: this times the statement).
  '  ~ narrow totals table, products on a status change': {
    before: [
      ...RECOMPUTE_BEFORE_0048,
      `CREATE TABLE stock_totals_bench (company_id int, product_id int, total int NOT NULL, places int[] NOT NULL,
         quantities int[] NOT NULL, PRIMARY KEY (company_id, product_id)) WITH (fillfactor = 80)`,
      `INSERT INTO stock_totals_bench SELECT company_id, id, quantity, stock_places, stock_quantities FROM products`,
      `CREATE OR REPLACE FUNCTION stock_retotal(company_ids int[], product_ids int[]) RETURNS void LANGUAGE sql AS $$
        WITH t AS (
          SELECT c.company_id, c.product_id, coalesce(s.total, 0) AS total, coalesce(s.places, '{}') AS places,
            coalesce(s.quantities, '{}') AS quantities
          FROM (SELECT DISTINCT * FROM unnest(company_ids, product_ids) AS k(company_id, product_id)) c
          CROSS JOIN LATERAL (
            SELECT sum(r.quantity)::int AS total, array_agg(r.place ORDER BY r.place) AS places,
              array_agg(r.quantity ORDER BY r.place) AS quantities
            FROM stock r WHERE r.company_id = c.company_id AND r.product_id = c.product_id
          ) s
        ),
        narrow AS (
          UPDATE stock_totals_bench n SET total = t.total, places = t.places, quantities = t.quantities FROM t
          WHERE n.company_id = t.company_id AND n.product_id = t.product_id RETURNING 1
        )
        UPDATE products p SET quantity = t.total, updated_at = now() FROM t
        WHERE p.company_id = t.company_id AND p.id = t.product_id
          AND CASE WHEN t.total <= 0 THEN 'out-of-stock' WHEN t.total <= p.min_stock_level THEN 'low-stock'
            ELSE 'in-stock' END <> p.status
      $$`,
    ],
  },
  '  + stock triggers as before 0048 (recomputed)': { before: RECOMPUTE_BEFORE_0048 },
  '  - stock_restate writes nothing': {
    before: [
      `CREATE OR REPLACE FUNCTION stock_restate(company_ids int[], product_ids int[], places int[], quantities int[])
      RETURNS void LANGUAGE sql AS $$ SELECT $$`,
    ],
  },
};

async function profilePost({ products, companyId, actor }, reps = 7) {
  const times = {};
  await withClient(async (client) => {
    const productIndexes = (await client.query(PRODUCT_INDEXES)).rows.map((r) => r.name);
    for (let rep = 0; rep < reps; rep++) {
      const names = Object.keys(VARIANTS);
      if (rep % 2) names.reverse();
      for (const name of names) {
        const v = VARIANTS[name];
        const [call] = makeCalls(products, 1, `p${randomBytes(4).toString('hex')}`);
        const { sql, params } = await statementOf(companyId, actor, call.rows);
        await client.query('BEGIN');
        for (const ddl of v.before ?? []) await client.query(ddl);
        if (v.dropAllProductIndexes) await client.query(`DROP INDEX ${productIndexes.join(', ')}`);
        await client.query(`SELECT set_config('quantics.movement', '{"written": true}', true)`);
        const t0 = performance.now();
        if (v.insertOnly) await bareInsert(client, companyId, actor, call.rows);
        else await client.query(sql, params);
        push(times, name, performance.now() - t0);
        await client.query('ROLLBACK');
      }
    }
  });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(times['statement as the API runs it']);
  console.log(
    `\nWhat each part of applyMovements' statement costs, ${PER_CALL} movements, medians of ${reps} (rolled back, no commit), load ${load()}`,
  );
  console.log(`${'variant'.padEnd(46)} statement ms   vs as run`);
  for (const [name, xs] of Object.entries(times)) {
    const m = median(xs);
    console.log(
      `${name.padEnd(46)} ${ms(m)}       ${(m - base >= 0 ? '+' : '') + (m - base).toFixed(1).padStart(6)}`,
    );
  }
}

/**
 * Deadlocks at concurrency 4: the repo's statement bare with its stock upsert in the hash aggregate's order (as at
 * bb2686e) and sorted (`from sums order by product_id, location_id`, every call locking stock rows in one order),
 * alternated; `calls` calls of 1,000 each way. Whichever form the repo builds now is one of the two, the other made
 * from it.
 */
async function deadlocks({ products, companyId, actor }, calls = 160) {
  const { sql: probe } = await statementOf(companyId, actor, makeCalls(products, 1, 'probe')[0].rows);
  // The repo's upsert reads `from sums`, then (once sorted) a comment line and its `order by`, then `on conflict`.
  const upsert = /(from sums)([\s\S]*?)(\s+on conflict)/;
  const between = upsert.exec(probe)?.[2];
  if (between === undefined) throw new Error('the statement no longer reads "from sums ... on conflict"');
  const sortedNow = /order by product_id/.test(between);
  const unsorted = (sql) => sql.replace(upsert, '$1$3');
  const sorted = sortedNow
    ? (sql) => sql
    : (sql) => sql.replace(upsert, '$1 order by product_id, location_id$3');
  const hash = sortedNow ? unsorted : (sql) => sql;
  const ways = [
    [sortedNow ? 'hash order (as at bb2686e)' : 'as is (hash order)', hash],
    [sortedNow ? 'sorted (as the repo builds it)' : 'sorted', sorted],
  ];
  const run = async (client, rows, edit) => {
    const { sql, params } = await statementOf(companyId, actor, rows);
    await client.query('BEGIN');
    try {
      await client.query(`SELECT set_config('quantics.movement', '{"written": true}', true)`);
      await client.query(edit(sql), params);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    }
  };
  const result = {};
  for (let round = 0; round < 2; round++) {
    for (const [name, edit] of round ? [...ways].reverse() : ways) {
      const batch = makeCalls(products, calls / 2, `d${randomBytes(4).toString('hex')}`);
      const r = await throughput(batch, 4, (call) => withClient((c) => run(c, call.rows, edit)));
      if (!result[name]) result[name] = { failed: 0, calls: 0, rates: [], messages: new Set() };
      const acc = result[name];
      acc.failed += r.errors.length;
      acc.calls += batch.length;
      acc.rates.push(r.rate.toFixed(0));
      for (const m of r.errors) acc.messages.add(m);
    }
  }
  console.log(`\nThe statement bare at c=4, ${calls} calls each way, alternated (load ${load()}):`);
  for (const [name, r] of Object.entries(result)) {
    console.log(
      `  ${name.padEnd(30)} failed ${r.failed} of ${r.calls} (${[...r.messages].join('; ') || 'none'}), ${r.rates.join(' / ')} movements/s`,
    );
  }
}

async function explainPost({ products, companyId, actor }) {
  await housekeeping();
  const [call] = makeCalls(products, 1, `x${randomBytes(3).toString('hex')}`);
  const { sql, params } = await statementOf(companyId, actor, call.rows);
  await withClient(async (client) => {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('quantics.movement', '{"written": true}', true)`);
    await client.query(`SET LOCAL track_functions = 'all'`);
    const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING) ${sql}`, params);
    console.log(`\nEXPLAIN ANALYZE of movements.repo.ts applyMovements, ${PER_CALL} movements:`);
    for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
    const fns = await client.query(
      `SELECT funcname, calls, round(total_time::numeric, 2) AS total_ms, round(self_time::numeric, 2) AS self_ms
       FROM pg_stat_xact_user_functions ORDER BY total_time DESC`,
    );
    console.log('  functions in that statement (pg_stat_xact_user_functions):');
    for (const f of fns.rows)
      console.log(
        `    ${f.funcname.padEnd(40)} calls ${f.calls}  total ${f.total_ms} ms  self ${f.self_ms} ms`,
      );
    await client.query('ROLLBACK');
  });
  await serviceQueries({ products, companyId, actor });
  await profilePost({ products, companyId, actor });
  if (ONLY !== 'parts') await deadlocks({ products, companyId, actor });
}

/** Each query of the service's call timed in process (node-postgres' Client.prototype.query wrapped meanwhile). */
async function serviceQueries({ products, companyId, actor }, calls = 7) {
  const times = new Map();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, cb) {
    const text = typeof config === 'string' ? config : config.text;
    const t0 = performance.now();
    const p = query.call(this, config, values, cb);
    p?.then?.(
      () => {
        const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
        times.set(key, [...(times.get(key) ?? []), performance.now() - t0]);
      },
      () => {},
    );
    return p;
  };
  const caller = { companyId, inventoryType: 'manual', actor };
  const whole = [];
  const checks = [];
  try {
    for (const call of makeCalls(products, calls, `q${randomBytes(3).toString('hex')}`)) {
      const t0 = performance.now();
      const sent = service.checkMovements({ movements: call.movements });
      checks.push(performance.now() - t0);
      await service.applyMovements(calls, caller, sent);
      whole.push(performance.now() - t0);
    }
  } finally {
    pg.Client.prototype.query = query;
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\nThe service's call in process, ${PER_CALL} movements, medians of ${calls} (ms), load ${load()}:`,
  );
  console.log(
    `  whole call ${median(whole).toFixed(1)}; checkMovements (zod, in node) ${median(checks).toFixed(1)}`,
  );
  for (const [key, xs] of times) console.log(`  ${ms(median(xs))}  ${key}`);
}

// ---------------------------------------------------------------------------------------------------------------
// --hot: the API and the statement bare, alternated between the schema as migrated and with products'
// low-stock index replaced by one that names no quantity, so a product's row rewritten by stock_retotal can be a HOT
// update (no new entry in any of its ten indexes): PostgreSQL 15 makes an update HOT only when no indexed column
// changed, and `quantity` is a key of products_company_low_quantity_idx. The dashboard's low-stock list then reads
// the company's low rows by the new index and sorts them (see docs/benchmarks.md). The bench database is put back
// as migrated at the end.

async function hotRounds(ctx) {
  const { products, companyId, token, actor } = ctx;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const variants = {
    'low-stock index keyed by quantity (before 0040)': [LOW_BEFORE_0040],
    'as migrated (0040)': ['DROP INDEX IF EXISTS products_company_low_quantity_idx'],
  };
  const cases = {
    API: (call) =>
      fetch(`${base}/api/inventory/movements`, { method: 'POST', headers, body: call.body }).then(
        async (r) => {
          const text = await r.text();
          if (r.status !== 200) throw new Error(`${r.status} ${text}`);
        },
      ),
    'statement bare': (call) => withClient((c) => barePair(c, companyId, actor, call.rows)),
  };
  const results = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const names = Object.keys(variants);
      if (round % 2) names.reverse();
      for (const v of names) {
        for (const ddl of variants[v]) await pool.query(ddl);
        // Both start from pages vacuumed of the rows earlier rounds left dead.
        await housekeeping();
        await throughput(makeCalls(products, 4, `hw${randomBytes(3).toString('hex')}`), 2, cases.API);
        for (const concurrency of [1, 4]) {
          for (const [name, work] of Object.entries(cases)) {
            const calls = makeCalls(products, CALLS, `h${round}${randomBytes(4).toString('hex')}`);
            const r = await throughput(calls, concurrency, work);
            push(results, `${v}|${name}|${concurrency}`, r);
          }
        }
      }
      console.log(`  round ${round + 1} done, load ${load()}`);
    }
  } finally {
    for (const ddl of variants['as migrated (0040)']) await pool.query(ddl);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\nHOT products updates: ${CALLS} calls of ${PER_CALL} a case, ${ROUNDS} rounds alternated (medians)`,
  );
  console.log(
    `${'schema'.padEnd(34)} ${'case'.padEnd(15)} c   movements/s   p50 ms   p95 ms   failed   per round`,
  );
  for (const concurrency of [1, 4]) {
    for (const name of Object.keys(cases)) {
      for (const v of Object.keys(variants)) {
        const rs = results[`${v}|${name}|${concurrency}`];
        console.log(
          `${v.padEnd(34)} ${name.padEnd(15)} ${concurrency}   ${median(rs.map((r) => r.rate))
            .toFixed(0)
            .padStart(
              11,
            )}  ${ms(median(rs.map((r) => r.p50)))}  ${ms(median(rs.map((r) => r.p95)))}   ${String(rs.reduce((n, r) => n + r.errors.length, 0)).padStart(6)}   ${rs.map((r) => r.rate.toFixed(0)).join(' / ')}`,
        );
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 10,000,000 movements for the company: product rank k (1..100,000, a random permutation of the catalogue) drawn
// as 1 + floor(100000 u^3), so the busiest products have 10,000 to 200,000 movements and the median about 50; one a
// row in time order over 3 years (the heap in arrival order, as a real table); places as the calls above send them.
// The secondary indexes are dropped during the load and built again after (their definitions read from the catalog).

async function loadHistory(companyId, rows) {
  const have = (
    await pool.query('SELECT count(*)::int AS n FROM stock_movements WHERE company_id = $1', [companyId])
  ).rows[0].n;
  if (have >= rows) {
    console.log(`${have.toLocaleString('en-US')} movements already there: not loading again`);
    return;
  }
  const t0 = performance.now();
  await withClient(async (c) => {
    await c.query(`SET maintenance_work_mem = '512MB'`);
    await c.query('SELECT setseed(0.48)');
    await c.query(`CREATE TEMP TABLE ranks AS
      SELECT row_number() OVER (ORDER BY md5(p.id::text))::int AS k, p.id,
        array(SELECT s.location_id FROM stock s WHERE s.company_id = p.company_id AND s.product_id = p.id
              ORDER BY s.location_id = p.location_id DESC, s.location_id) AS places
      FROM products p WHERE p.company_id = ${Number(companyId)}`);
    await c.query('ALTER TABLE ranks ADD PRIMARY KEY (k)');
    const n = (await c.query('SELECT count(*)::int AS n FROM ranks')).rows[0].n;
    const defs = (
      await c.query(`SELECT indexname, indexdef FROM pg_indexes
        WHERE tablename = 'stock_movements' AND indexname <> 'stock_movements_pkey'`)
    ).rows;
    for (const d of defs) await c.query(`DROP INDEX ${d.indexname}`);
    const chunk = 1_000_000;
    for (let from = have + 1; from <= rows; from += chunk) {
      const to = Math.min(rows, from + chunk - 1);
      await c.query(
        `INSERT INTO stock_movements (company_id, product_id, location_id, delta, quantity_after, reason, at,
           recorded_at, actor_type, actor_id, actor_name, reference, client_id)
         SELECT $1, r.id,
           r.places[CASE WHEN cardinality(r.places) = 1 THEN 1 WHEN g.w < 0.75 THEN 1 WHEN g.w < 0.95 THEN 2 ELSE 3 END],
           CASE WHEN g.u < 0.8 THEN -1 WHEN g.u < 0.9 THEN -2 WHEN g.u < 0.95 THEN 1 ELSE 24 END,
           20 + g.g % 50,
           CASE WHEN g.u < 0.9 THEN 'sale' WHEN g.u < 0.95 THEN 'return' ELSE 'receipt' END,
           g.at, g.at + interval '2 seconds', 'api_key', 1 + g.g % 6, 'Till ' || (1 + g.g % 6), 'R' || (g.g / 3),
           md5(g.g::text)
         FROM (
           SELECT g, random() AS u, random() AS w, 1 + floor($4::int * power(random(), 3))::int AS k,
             now() - interval '1096 days' + interval '1096 days' * ((g - $6)::float8 / ($5 - $6)) - interval '1 hour' AS at
           FROM generate_series($2::bigint, $3::bigint) g
         ) g JOIN ranks r ON r.k = g.k`,
        [companyId, from, to, n, rows, have],
      );
      console.log(
        `  loaded ${to.toLocaleString('en-US')} (${((performance.now() - t0) / 1000).toFixed(0)} s, load ${load()})`,
      );
    }
    for (const d of defs) {
      const t1 = performance.now();
      await c.query(d.indexdef);
      console.log(`  ${d.indexname} built in ${((performance.now() - t1) / 1000).toFixed(0)} s`);
    }
    await c.query('VACUUM ANALYZE stock_movements');
  });
  console.log(
    `Loaded to ${rows.toLocaleString('en-US')} movements in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

/** Up to `requests` runs of `work`, `concurrency` at a time, stopping after `seconds`: p50, p95 and how many ran. */
async function timedFor(requests, concurrency, seconds, work) {
  const times = [];
  let next = 0;
  const stop = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests && performance.now() < stop) {
        next++;
        const t0 = performance.now();
        await work();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((x, y) => x - y);
  const pct = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: pct(0.5), p95: pct(0.95), n: times.length };
}

/**
 * productHistory's ORDER BY, and the other form of it: stock_movements_product_idx is (company_id, product_id, at DESC
 * NULLS LAST, id DESC NULLS LAST) (drizzle's `.desc()`), while `order by m.at desc, m.id desc` (bb2686e) means NULLS
 * FIRST, an order only stock_movements_at_idx (company_id, at, id) gives, read backwards; `desc nulls last` is the
 * index's (both columns are NOT NULL, so the rows are the same). Whichever the repo builds now, the other is made from
 * it and measured beside it.
 */
const INDEX_ORDER = 'order by m.at desc nulls last, m.id desc nulls last';
const NULLS_FIRST_ORDER = 'order by m.at desc, m.id desc';
const otherOrder = (sql) => {
  if (sql.includes(INDEX_ORDER))
    return { label: 'SQL, order as at bb2686e', sql: sql.replace(INDEX_ORDER, NULLS_FIRST_ORDER) };
  if (sql.includes(NULLS_FIRST_ORDER))
    return { label: 'SQL, order fixed', sql: sql.replace(NULLS_FIRST_ORDER, INDEX_ORDER) };
  throw new Error(`productHistory orders neither by "${INDEX_ORDER}" nor by "${NULLS_FIRST_ORDER}"`);
};

async function historyBench(ctx) {
  const { companyId, token } = ctx;
  const headers = { authorization: `Bearer ${token}` };
  const size = (
    await pool.query(
      `SELECT count(*)::bigint AS rows, pg_relation_size('stock_movements') AS heap,
         pg_indexes_size('stock_movements') AS indexes, pg_total_relation_size('stock_movements') AS total
       FROM stock_movements`,
    )
  ).rows[0];
  const idx = (
    await pool.query(
      `SELECT indexrelid::regclass::text AS name, pg_relation_size(indexrelid) AS bytes FROM pg_index
       WHERE indrelid = 'stock_movements'::regclass ORDER BY 1`,
    )
  ).rows;
  console.log(
    `\nstock_movements: ${Number(size.rows).toLocaleString('en-US')} rows; heap ${(size.heap / 2 ** 20).toFixed(0)} MB, indexes ${(size.indexes / 2 ** 20).toFixed(0)} MB, total ${(size.total / 2 ** 20).toFixed(0)} MB = ${(size.total / size.rows).toFixed(0)} bytes a row (heap ${(size.heap / size.rows).toFixed(0)})`,
  );
  console.log(`  ${idx.map((i) => `${i.name} ${(i.bytes / 2 ** 20).toFixed(0)} MB`).join(', ')}`);

  const counts = (
    await pool.query(
      `SELECT product_id, count(*)::int AS n FROM stock_movements WHERE company_id = $1 GROUP BY product_id ORDER BY n DESC`,
      [companyId],
    )
  ).rows;
  const placesOf = async (id) =>
    (
      await pool.query(
        `SELECT location_id, count(*)::int AS n FROM stock_movements WHERE company_id = $1 AND product_id = $2
         GROUP BY location_id ORDER BY n DESC`,
        [companyId, id],
      )
    ).rows;
  // The heaviest product kept in three places, and the median product in three places.
  const multi = new Set(ctx.products.filter((p) => p.places.length > 1).map((p) => p.id));
  const heavy = counts.find((c) => multi.has(c.product_id));
  const multiCounts = counts.filter((c) => multi.has(c.product_id));
  const typical = multiCounts[Math.floor(multiCounts.length / 2)];
  const over10k = counts.filter((c) => c.n >= 10_000).length;
  console.log(
    `  products with movements: ${counts.length.toLocaleString('en-US')}; with 10,000 or more: ${over10k}; most ${counts[0].n.toLocaleString('en-US')}; median ${counts[Math.floor(counts.length / 2)].n}`,
  );

  /** A case: the API's URL, and the repo's statement for the same page (captured from history.repo.ts). */
  const makeCase = async (label, productId, q) => {
    const qs = new URLSearchParams({ limit: '50' });
    if (q.locationId !== undefined) qs.set('location_id', String(q.locationId));
    if (q.cursor) qs.set('cursor', q.cursor);
    const log = [];
    const [at, id] = q.cursor ? Buffer.from(q.cursor, 'base64url').toString().split('|') : [];
    await history.productHistory(capturing(log), companyId, productId, {
      limit: 51,
      locationId: q.locationId,
      after: q.cursor ? { at, id: Number(id) } : undefined,
    });
    return { label, url: `${base}/api/inventory/${productId}/movements?${qs}`, ...log[0] };
  };
  const cases = [];
  for (const [label, p] of [
    ['heavy', heavy],
    ['typical', typical],
  ]) {
    const ps = await placesOf(p.product_id);
    const first = await fetch(`${base}/api/inventory/${p.product_id}/movements?limit=50`, { headers }).then(
      (r) => r.json(),
    );
    if (!first.data) throw new Error(`history: ${JSON.stringify(first).slice(0, 200)}`);
    cases.push(await makeCase(`${label} (${p.n.toLocaleString('en-US')} mv), page 1`, p.product_id, {}));
    if (first.next_cursor) {
      cases.push(await makeCase(`${label}, page 2 by cursor`, p.product_id, { cursor: first.next_cursor }));
    }
    cases.push(
      await makeCase(`${label}, its main place (${ps[0].n.toLocaleString('en-US')})`, p.product_id, {
        locationId: ps[0].location_id,
      }),
    );
    const rare = ps[ps.length - 1];
    cases.push(
      await makeCase(`${label}, its rarest place (${rare.n.toLocaleString('en-US')})`, p.product_id, {
        locationId: rare.location_id,
      }),
    );
  }
  const get = (url) =>
    fetch(url, { headers }).then((r) => {
      if (r.status !== 200) throw new Error(`${r.status}`);
      return r.arrayBuffer();
    });
  // A different product each request (outside the 100 busiest; its pages not read before unless an earlier run did).
  const fresh = counts.slice(100).sort(() => Math.random() - 0.5);
  let f = 0;
  const freshCase = await makeCase('a different product each request', fresh[0].product_id, {});
  freshCase.next = () => fresh[f++ % fresh.length].product_id;
  cases.push(freshCase);
  // Warm-up, not measured.
  await timedFor(30, 5, 30, () => get(cases.at(-1).url));

  const other = ALSO_DIR ? await bench.startAnother({}, { dir: ALSO_DIR }) : null;
  if (other) await timedFor(30, 5, 30, () => get(cases.at(-1).url.replace(base, other.base)));
  const SECONDS = 45;
  const cell = (r) => `${ms(r.p50)} ${ms(r.p95)}${r.n < REQUESTS ? ` (n=${r.n})` : ''}`.padEnd(24);
  console.log(
    `\nA product's history, limit 50, n=${REQUESTS} a case and concurrency (fewer where a case ran out its ${SECONDS} s), ms; load ${load()}`,
  );
  const heads = ['API c=1 p50 / p95', 'API c=10'];
  if (other) heads.push(`API of ${ALSO_DIR} c=1`, 'c=10');
  const otherLabel = otherOrder(cases[0].sql).label;
  heads.push('SQL as is c=1', 'SQL as is c=10', `${otherLabel} c=1`, `${otherLabel} c=10`);
  if (!other) heads.push('API CPU ms a request, c=10 (PG)');
  console.log(`${'case'.padEnd(40)} ${heads.map((h) => h.padEnd(24)).join(' ')}`);
  for (const c of cases) {
    const apiOf = (origin) =>
      c.next
        ? () =>
            get(
              c.url
                .replace(base, origin)
                .replace(`/inventory/${fresh[0].product_id}/`, `/inventory/${c.next()}/`),
            )
        : () => get(c.url.replace(base, origin));
    const api = apiOf(base);
    const sqlRun = (text) =>
      c.next
        ? () =>
            pool.query(
              text,
              c.params.map((v, i) => (i === 1 ? c.next() : v)),
            )
        : () => pool.query(text, c.params);
    const row = [];
    let cpu = '';
    if (other) {
      // This tree's server and the other, alternated: each concurrency on one, then the other, in turns.
      const [a, b] = [[], []];
      for (const concurrency of [1, 10]) {
        const first = c === cases[0] || cases.indexOf(c) % 2 === 0;
        const runs = first
          ? [
              [api, a],
              [apiOf(other.base), b],
            ]
          : [
              [apiOf(other.base), b],
              [api, a],
            ];
        for (const [work, into] of runs) into.push(await timedFor(REQUESTS, concurrency, SECONDS, work));
      }
      row.push(...a, ...b);
    } else {
      for (const concurrency of [1, 10]) {
        // The server's CPU a request (and its PostgreSQL backends'), at concurrency 10: what ten at once queue for.
        const r = await cpuDuring(bench.pid, () => timedFor(REQUESTS, concurrency, SECONDS, api));
        row.push(r);
        if (concurrency === 10) cpu = `${(r.cpu / r.n).toFixed(1)} (${(r.pg / r.n).toFixed(1)})`;
      }
    }
    for (const work of [sqlRun(c.sql), sqlRun(otherOrder(c.sql).sql)]) {
      for (const concurrency of [1, 10]) row.push(await timedFor(REQUESTS, concurrency, SECONDS, work));
    }
    console.log(`${c.label.padEnd(40)} ${row.map(cell).join(' ')} ${cpu}`);
  }
  console.log(`  load after: ${load()}`);
  await other?.stop();

  if (EXPLAIN) {
    for (const c of cases.filter((x) => !x.next)) {
      for (const [form, text] of [
        ['as is', c.sql],
        [otherOrder(c.sql).label.replace('SQL, ', ''), otherOrder(c.sql).sql],
      ]) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, c.params);
        console.log(`\nEXPLAIN ANALYZE of history.repo.ts productHistory, ${c.label}, ${form}:`);
        for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** The bench company on `side`'s database (signed in again, or signed up and seeded), its sender an operator. */
async function company(side, p) {
  const again = await side.signIn('Movements Co');
  const owner = again ?? (await side.register('Movements Co'));
  if (!again) {
    console.log(
      `Seeding ${PRODUCTS.toLocaleString('en-US')} products (1 in 5 in three places) in ${side.dbName}...`,
    );
    const t0 = performance.now();
    await seedCatalogue(owner.companyId, p);
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  // The sender is an operator: the bench company's one person, made operator (the role is read every request).
  const user = (
    await p.query(
      `UPDATE memberships SET role = 'operator' WHERE company_id = $1
       RETURNING user_id, (SELECT coalesce(name, email) FROM users WHERE id = user_id) AS name`,
      [owner.companyId],
    )
  ).rows[0];
  return {
    companyId: owner.companyId,
    token: owner.token,
    products: await catalogue(owner.companyId, p),
    actor: { type: 'user', id: user.user_id, name: user.name },
  };
}

async function startBefore(dir) {
  const side = await startBench({}, { dir, db: `${dbName}_before` });
  const p = new pg.Pool({ connectionString: side.dbUrl, max: 12 });
  const code = await tsImport(`${dir}/apps/server/src/modules/movements/movements.repo.ts`, import.meta.url);
  const head = execSync('git rev-parse --short HEAD', { cwd: dir }).toString().trim();
  console.log(`The code before: ${dir} at ${head}, on ${side.dbName}`);
  return { ...side, pool: p, repo: code, ctx: await company(side, p) };
}

try {
  console.log(`Stock movements, ${new Date().toISOString()}, load ${load()}`);
  const ctx = await company(bench, pool);
  if (BEFORE_DIR) before = await startBefore(BEFORE_DIR);
  const movements = async () =>
    (await pool.query('SELECT count(*)::int AS n FROM stock_movements')).rows[0].n.toLocaleString('en-US');
  if (ONLY === 'profile' || ONLY === 'parts') await explainPost(ctx);
  else if (ONLY === 'hot') await hotRounds(ctx);
  else if (ONLY !== 'history') {
    console.log(
      `\nPOST /api/inventory/movements, ${await movements()} movements in the table, load ${load()}`,
    );
    await postRounds('POST', ctx);
    if (EXPLAIN) await explainPost(ctx);
  }
  if (ONLY === 'all' || ONLY === 'history') {
    await loadHistory(owner.companyId, HISTORY_ROWS);
    await historyBench(ctx);
    if (ONLY === 'all') {
      console.log(`\nPOST again, ${await movements()} movements in the table, load ${load()}`);
      await postRounds('POST at 10M', ctx);
      if (EXPLAIN) await explainPost(ctx);
    }
  }
} finally {
  await pool.end();
  await bench.stop();
  if (before) {
    await before.pool.end();
    await before.stop();
  }
}
