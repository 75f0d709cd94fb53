// The refill list (issue 52) of a store of 100,000 products on PostgreSQL: GET /api/replenishment timed through the
// API, beside its statement run bare. The store: a sales floor with two aisles and two stockrooms; each product on an
// aisle with a floor minimum, most with stock in a stockroom, and a week of sales (movements with reason sale).
// Usage: node bench/refill.mjs [products=100000] [requests=20] [salesPerProduct=2]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database. Prints figures only.
import pg from 'pg';
import { freshDatabase, pct, post, signUp, startServer } from './readers-lib.mjs';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 20);
const SALES = Number(process.argv[4] ?? 2);

const db = await freshDatabase();
const server = await startServer(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  const token = await signUp(server.base);
  const place = async (name, kind, parent) => {
    const res = await post(
      server.base,
      '/api/locations',
      { name, kind, parent_location_id: parent ?? null },
      token,
    );
    if (res.status !== 201) throw new Error(`location: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const store = await place('Bench Store', 'store');
  const floor = await place('Sales floor', 'sales_floor', store);
  const aisles = [await place('Aisle 1', 'other', floor), await place('Aisle 2', 'other', floor)];
  const backs = [await place('Backroom', 'stockroom', store), await place('Overflow', 'stockroom', store)];
  const { rows } = await pool.query('SELECT id FROM companies ORDER BY id DESC LIMIT 1');
  const company = rows[0].id;

  const t0 = Date.now();
  // Products on an aisle (the insert trigger makes each one's stock row there), then stockroom rows, then sales.
  await pool.query(
    `INSERT INTO products (company_id, name, sku, rfid_tag, epc, quantity, location_id, floor_min)
     SELECT $1, 'Product ' || i, 'R' || i, lpad(i::text, 12, '0'),
       upper(encode(convert_to(lpad(i::text, 12, '0'), 'UTF8'), 'hex')), (i * 3) % 7, $2::int + (i % 2), 2 + i % 5
     FROM generate_series(1, $3) i`,
    [company, aisles[0], PRODUCTS],
  );
  if (aisles[1] !== aisles[0] + 1) throw new Error('aisles are not consecutive ids');
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
  await pool.query('ANALYZE');
  if (process.env.BENCH_KEEP) console.log(`database ${db.url}: company ${company}, store ${store}`);
  console.log(
    `seeded ${PRODUCTS.toLocaleString('en-US')} products, ${(PRODUCTS * 1.9).toLocaleString('en-US')} stock rows, ${(PRODUCTS * SALES).toLocaleString('en-US')} sales in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const api = async () => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/replenishment?location_id=${store}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`refill: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, rows: body.rows.length };
  };
  await api(); // warm
  const times = [];
  let listed = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await api();
    times.push(r.ms);
    listed = r.rows;
  }
  times.sort((a, b) => a - b);
  console.log(
    `GET /api/replenishment (${listed.toLocaleString('en-US')} rows listed): p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms over ${REQUESTS} requests`,
  );
  const csvStarted = performance.now();
  const csv = await fetch(`${server.base}/api/replenishment.csv?location_id=${store}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await csv.text();
  console.log(
    `GET /api/replenishment.csv: ${(performance.now() - csvStarted).toFixed(0)} ms, ${(text.length / 1e6).toFixed(1)} MB`,
  );
} finally {
  await pool.end();
  await server.stop();
  // BENCH_KEEP=1 keeps the database to look at the statement with EXPLAIN (ANALYZE, BUFFERS).
  if (!process.env.BENCH_KEEP) await db.drop();
}
