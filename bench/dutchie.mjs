// The Dutchie point-of-sale path at a large store: the simulator (its own process) with N packages, a real
// server process reading it. Prints: Dutchie's own answer time and size, the first sync (fetch, map, store) with
// the server's memory before and after, Refresh, and GET /api/dutchie-inventory with filters served from the
// snapshot at concurrency 10, beside the same number of direct reads of Dutchie (what a portal without a
// snapshot would do per request).
// Usage: node bench/dutchie.mjs [packages=20000] [requests=500] [concurrency=10]
// Embedded PGlite in a temp folder, or DATABASE_URL when set. Prints figures only.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const packages = Number(process.argv[2] ?? 20_000);
const total = Number(process.argv[3] ?? 500);
const concurrency = Number(process.argv[4] ?? 10);
const root = join(import.meta.dirname, '..');
const port = 39000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'quantics-bench-dutchie-'));
const KEY = 'dsim_greenleaf_5c1f7a9e2b';
const basic = { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` };

const sim = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/dutchie-sim/src/main.ts', '--port', '0', '--packages', String(packages)].concat([
    '--rate-limit',
    '1000000',
    '--reporting-rate-limit',
    '1000000',
  ]),
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const simUrl = await new Promise((resolve, reject) => {
  let out = '';
  sim.stdout.on('data', (c) => {
    out += c;
    const m = /listening on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  sim.on('exit', (code) => reject(new Error(`simulator exited ${code}`)));
});

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: join(root, 'apps', 'server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DUTCHIE_API_URL: simUrl,
    DUTCHIE_MIN_REFRESH_SECONDS: '0',
    DUTCHIE_TIMEOUT_MS: '120000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (t0) => performance.now() - t0;

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

async function measure(name, count, conc, makeRequest) {
  const times = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const res = await makeRequest(i);
        if (!res.ok) failures++;
        await res.arrayBuffer();
        times.push(ms(t0));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(44)} n=${count} c=${conc}  ${(count / seconds).toFixed(0).padStart(5)} req/s  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  failures ${failures}`,
  );
}

try {
  await waitForHealth();
  console.log(
    `Dutchie simulator: ${packages} packages per store; ${total} list requests at concurrency ${concurrency}`,
  );
  let t0 = performance.now();
  const raw = await fetch(`${simUrl}/reporting/inventory?includeRoomQuantities=true`, { headers: basic });
  const body = await raw.arrayBuffer();
  console.log(
    `direct GET /reporting/inventory: ${ms(t0).toFixed(0)} ms, ${(body.byteLength / 1e6).toFixed(1)} MB`,
  );

  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench@example.com',
      password: 'bench-password',
      useDutchie: true,
      dutchieApiKey: KEY,
    }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${reg.token}` };
  const list = (q = '') => fetch(`${base}/api/dutchie-inventory${q}`, { headers: auth });

  const before = rssMb(server.pid);
  t0 = performance.now();
  const first = await list().then((r) => r.json());
  const firstMs = ms(t0);
  const after = rssMb(server.pid);
  console.log(
    `first sync (fetch, map, store, first page): ${firstMs.toFixed(0)} ms; packages in stock ${first.pagination.totalItems}; server RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB`,
  );
  const refreshes = [];
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    await list('?refresh=true').then((r) => r.arrayBuffer());
    refreshes.push(ms(t0));
  }
  console.log(`Refresh (read Dutchie again, store): ${refreshes.map((x) => x.toFixed(0)).join(', ')} ms`);

  const { categories, vendors, rooms } = first.filters;
  const words = ['gelato', 'pre-roll', 'cartridge', 'gummies', 'blue dream', 'live resin', '1a4', 'tincture'];
  const queries = (i) => {
    const pick = (a) => encodeURIComponent(a[i % a.length]);
    return [
      `?page=${1 + (i % 50)}`,
      `?category=${pick(categories)}&page=${1 + (i % 3)}`,
      `?vendor=${pick(vendors)}&includeZero=true`,
      `?room=${pick(rooms)}&category=${pick(categories)}`,
      `?search=${pick(words)}`,
      `?search=${pick(words)}&category=${pick(categories)}&order=desc&limit=50`,
    ][i % 6];
  };
  // The floor of any signed-in call on this machine (session lookup), to read the figures below against.
  await measure('GET /api/auth/me (baseline)', total, concurrency, () =>
    fetch(`${base}/api/auth/me`, { headers: auth }),
  );
  await measure('GET /api/dutchie-inventory (filters, snapshot)', total, concurrency, (i) =>
    list(queries(i)),
  );
  // Filters never seen before (no remembered selection): a random two-letter search within a category.
  const letters = 'abcdefghilmnoprstu';
  const rnd = () => letters[Math.floor(Math.random() * letters.length)];
  await measure('GET /api/dutchie-inventory (new filters each)', total, concurrency, (i) =>
    list(
      `?search=${rnd()}${rnd()}&category=${encodeURIComponent(categories[i % categories.length])}&includeZero=${i % 2 === 0}`,
    ),
  );
  await measure('GET .../analytics/low-inventory (snapshot)', Math.min(total, 200), concurrency, () =>
    fetch(`${base}/api/dutchie-inventory/analytics/low-inventory`, { headers: auth }),
  );
  // The dashboard's short list: the first 5 (a binary search over the quantity order and a slice).
  await measure('GET .../analytics/low-inventory?limit=5 (snapshot)', total, concurrency, () =>
    fetch(`${base}/api/dutchie-inventory/analytics/low-inventory?limit=5`, { headers: auth }),
  );
  // Every dashboard figure, the inventory ones from the snapshot and the top products from Dutchie's sales.
  await measure('GET /api/stats/dashboard (Dutchie company)', Math.min(total, 200), concurrency, () =>
    fetch(`${base}/api/stats/dashboard`, { headers: auth }),
  );
  const directCount = Math.max(concurrency, Math.round(total / 25));
  await measure('direct Dutchie GET /reporting/inventory', directCount, concurrency, () =>
    fetch(`${simUrl}/reporting/inventory?includeRoomQuantities=true`, { headers: basic }),
  );
  console.log(`server RSS after the runs: ${rssMb(server.pid).toFixed(0)} MB`);
} finally {
  server.kill('SIGTERM');
  sim.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
