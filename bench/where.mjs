// "Where is it" (issue 52) at 10,000,000 sightings on PostgreSQL: GET /api/inventory/where?code=<SKU> timed through
// the API, alternated with its sightings statement run bare (zones.repo.ts seenAtPlaces). The company: a store with a
// sales floor, two aisles and two stockrooms, PRODUCTS products with a GTIN, each with SIGHTINGS / PRODUCTS tags
// (SGTINs) last seen by one of four readers' antennas across the places.
// Usage: node bench/where.mjs [sightings=10000000] [products=100000] [requests=200]
// Needs PostgreSQL at 127.0.0.1:5432 (or BENCH_DATABASE_URL); creates and drops its own database (BENCH_KEEP=1 keeps
// it). Prints figures only.
import pg from 'pg';
import { freshDatabase, pct, post, signUp, startServer } from './readers-lib.mjs';

const SIGHTINGS = Number(process.argv[2] ?? 10_000_000);
const PRODUCTS = Number(process.argv[3] ?? 100_000);
const REQUESTS = Number(process.argv[4] ?? 200);
const PER = Math.max(1, Math.floor(SIGHTINGS / PRODUCTS));
const gtinOf = (i) => `8${String(i).padStart(13, '0')}`;

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
  const places = [
    await place('Aisle 1', 'other', floor),
    await place('Aisle 2', 'other', floor),
    await place('Backroom', 'stockroom', store),
    await place('Overflow', 'stockroom', store),
  ];
  const { rows } = await pool.query('SELECT id FROM companies ORDER BY id DESC LIMIT 1');
  const company = rows[0].id;
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
  if (process.env.BENCH_KEEP) console.log(`database ${db.url}: company ${company}`);

  // The bare statement: zones.repo.ts seenAtPlaces, as the API runs it.
  const bareSql = `with tags as (
      select location_id, seen_at, device_id, antenna from tag_sightings
      where company_id = $1 and epc = decode($2, 'hex')
      union all
      select location_id, seen_at, device_id, antenna from tag_sightings
      where company_id = $1 and gtin = $3 and epc <> decode($2, 'hex')
    ),
    latest as (
      select distinct on (location_id) location_id, seen_at, device_id, antenna,
        count(*) over (partition by location_id)::int as tags
      from tags order by location_id, seen_at desc
    )
    select l.location_id, l.seen_at, d.name as device, l.antenna, l.tags
    from latest l left join devices d on d.company_id = $1 and d.id = l.device_id`;
  const pick = (k) => 1 + ((k * 7_919) % PRODUCTS);
  const api = async (k) => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/inventory/where?code=W${pick(k)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`where: ${res.status} ${JSON.stringify(body)}`);
    return performance.now() - started;
  };
  const bare = async (k) => {
    const i = pick(k);
    const epc = Buffer.from(String(i).padStart(12, '0')).toString('hex');
    const started = performance.now();
    await pool.query(bareSql, [company, epc, gtinOf(i)]);
    return performance.now() - started;
  };
  for (let k = 0; k < 10; k++) {
    await api(k + 100_000);
    await bare(k + 100_000);
  }
  const times = { api: [], bare: [] };
  for (let k = 0; k < REQUESTS; k++) {
    times.api.push(await api(k));
    times.bare.push(await bare(k + REQUESTS));
  }
  for (const [name, t] of Object.entries(times)) {
    t.sort((a, b) => a - b);
    console.log(
      `${name === 'api' ? 'GET /api/inventory/where?code=<SKU>' : 'sightings statement bare'}: p50 ${pct(t, 50).toFixed(1)} ms, p95 ${pct(t, 95).toFixed(1)} ms, max ${t.at(-1).toFixed(1)} ms over ${REQUESTS} (${PER} tags a product)`,
    );
  }
  const plan = await pool.query(`explain (analyze, buffers) ${bareSql}`, [
    company,
    Buffer.from(String(pick(1)).padStart(12, '0')).toString('hex'),
    gtinOf(pick(1)),
  ]);
  if (process.env.BENCH_PLAN) console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await pool.end();
  await server.stop();
  if (!process.env.BENCH_KEEP) await db.drop();
}
