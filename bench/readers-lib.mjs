import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startServer as startBenchServer } from './lib.mjs';

export const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new database on the PostgreSQL server; drop() removes it. */
export async function freshDatabase() {
  const name = `quantics_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The portal on that database (see lib.mjs), reporting readers' heartbeats every second. */
export const startServer = (databaseUrl, env = {}, options = {}) =>
  startBenchServer(databaseUrl, { READER_POLL_INTERVAL: '1', ...env }, options);

export async function post(base, path, body, token) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Signs up a company; its admin's token. */
export async function signUp(base) {
  const res = await post(base, '/api/auth/register', {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench-password-1',
    company: 'Bench Co',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status}`);
  return res.body.token;
}

/** A reader through the protocol: start, the admin confirms the code, the first poll hands out the token. */
export async function pairReader(base, userToken, serial) {
  const start = await post(base, '/api/rfid/register/start', { serial_number: serial });
  const confirm = await post(base, '/api/rfid/register/confirm', { code: start.body.code }, userToken);
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  const poll = await post(base, '/api/rfid/register/poll', {
    pairing_id: start.body.pairing_id,
    poll_secret: start.body.poll_secret,
  });
  if (poll.status !== 200) throw new Error(`poll: ${poll.status}`);
  return poll.body.device_token;
}

/**
 * CPU seconds a process has used so far (user + system, from /proc; 0 where there is no /proc). CPU per unit of
 * work is steadier than throughput on a shared machine: other work slows a run down but adds little to its CPU.
 */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving a database right now (the server's pool), to read their CPU. */
export async function backendPids(client, databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return rows.map((r) => r.pid);
}

export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const hex = (bytes) => randomBytes(bytes).toString('hex').toUpperCase();

/** A batch as a handheld sends it: `size` reads of distinct tags, each read about three times (one TID each). */
export function handheldBatch(size) {
  const reads = [];
  while (reads.length < size) {
    const epc = hex(12);
    const tid = `E280${hex(10)}`;
    for (let k = 0; k < 3 && reads.length < size; k++) {
      reads.push({ epc, tid, rssi: -40 - k, count: 1, seen_at: new Date().toISOString() });
    }
  }
  return reads;
}

/**
 * The store of the zones benches (issue 52: bench/refill.mjs, bench/where.mjs), in a company of its own: a store with
 * a sales floor of two aisles (kind other, on the floor) and two stockrooms, made through the API. With BENCH_DB, a
 * company an earlier run made is signed in to again and its places found by name (`seeded` true: do not seed again).
 */
export async function zonesStore(bench, pool, company) {
  const again = await bench.signIn(company);
  const { token, companyId } = again ?? (await bench.register(company));
  const names = ['Bench Store', 'Sales floor', 'Aisle 1', 'Aisle 2', 'Backroom', 'Overflow'];
  const ids = {};
  if (again) {
    const { rows } = await pool.query('SELECT id, name FROM locations WHERE company_id = $1', [companyId]);
    for (const r of rows) ids[r.name] = r.id;
    if (names.some((n) => ids[n] === undefined)) throw new Error(`${company}: its places are not all there`);
  } else {
    const place = async (name, kind, parent) => {
      const res = await fetch(`${bench.base}/api/locations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name, kind, parent_location_id: parent ? ids[parent] : null }),
      });
      const body = await res.json();
      if (res.status !== 201) throw new Error(`location: ${res.status} ${JSON.stringify(body)}`);
      ids[name] = body.id;
    };
    await place('Bench Store', 'store');
    await place('Sales floor', 'sales_floor', 'Bench Store');
    await place('Aisle 1', 'other', 'Sales floor');
    await place('Aisle 2', 'other', 'Sales floor');
    await place('Backroom', 'stockroom', 'Bench Store');
    await place('Overflow', 'stockroom', 'Bench Store');
  }
  if (again)
    console.log(`${company}: seeded on an earlier run (BENCH_DB=${process.env.BENCH_DB}), not seeding again`);
  return {
    token,
    companyId,
    seeded: Boolean(again),
    store: ids['Bench Store'],
    floor: ids['Sales floor'],
    aisles: [ids['Aisle 1'], ids['Aisle 2']],
    backs: [ids.Backroom, ids.Overflow],
  };
}

/** GET `path` on `base` with the token; its time in ms and its parsed body (JSON, else the text), refusing a non-200. */
export async function timedGet(base, path, token) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { ms: performance.now() - started, body: isJson ? JSON.parse(text) : text };
}

/** Sorted times' p50 / p95 / max, as text. */
export const spread = (times) => {
  const t = [...times].sort((a, b) => a - b);
  return `p50 ${pct(t, 50).toFixed(1)} ms, p95 ${pct(t, 95).toFixed(1)} ms, max ${t.at(-1).toFixed(1)} ms`;
};
