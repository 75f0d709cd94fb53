// Measures the API's hot paths on a real server process: the session lookup behind every signed-in call
// (GET /api/auth/me), sign-in (argon2id verification), and the waitlist insert.
// Usage: node bench/api-latency.mjs [requests=500] [concurrency=10]
//        node bench/api-latency.mjs [requests=500] [concurrency=10] --metrics [rounds=6]
// The second form prices the Prometheus metrics: two servers side by side, one with METRICS_TOKEN (the request
// timer on, scraped once a round as Prometheus would) and one without, measured in alternating rounds of
// GET /api/auth/me and GET /api/inventory, and compared at p50 and p95.
// Starts its own servers on embedded PGlite in temp folders, or on DATABASE_URL when set. Prints figures only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2).filter((a) => a !== '--metrics');
const isMetricsComparison = process.argv.includes('--metrics');
const total = Number(args[0] ?? 500);
const concurrency = Number(args[1] ?? 10);
const rounds = Number(args[2] ?? 6);
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

function startServer(env) {
  const port = 39000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(import.meta.dirname, '..', 'apps', 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WAITLIST_RATE_LIMIT: '100000',
      METRICS_TOKEN: '',
      METRICS_PORT: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    base,
    async ready() {
      for (let i = 0; i < 720; i++) {
        const ok = await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('server did not start');
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.on('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `count` requests, `conc` at a time; answers the latencies (ms) and the failures. */
async function run(count, conc, makeRequest) {
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
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, failures, seconds: (performance.now() - started) / 1000 };
}

function line(name, count, conc, times, failures, seconds) {
  const sorted = [...times].sort((a, b) => a - b);
  return `${name.padEnd(34)} n=${count} c=${conc}  ${seconds ? `${(count / seconds).toFixed(0).padStart(5)} req/s  ` : ''}p50 ${pct(sorted, 50).toFixed(1)} ms  p95 ${pct(sorted, 95).toFixed(1)} ms  p99 ${pct(sorted, 99).toFixed(1)} ms  failures ${failures}`;
}

async function measure(name, count, conc, makeRequest) {
  const { times, failures, seconds } = await run(count, conc, makeRequest);
  console.log(line(name, count, conc, times, failures, seconds));
}

const json = { 'content-type': 'application/json' };

async function signUp(base, email = 'bench@example.com') {
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'bench-password', company: 'Bench Co' }),
  }).then((r) => r.json());
  return { authorization: `Bearer ${reg.token}` };
}

async function hotPaths() {
  const server = startServer({});
  const { base } = server;
  try {
    await server.ready();
    const auth = await signUp(base);
    await measure('GET /api/health', total, concurrency, () => fetch(`${base}/api/health`));
    await measure('GET /api/auth/me', total, concurrency, () =>
      fetch(`${base}/api/auth/me`, { headers: auth }),
    );
    await measure('POST /api/waitlist', total, concurrency, (i) =>
      fetch(`${base}/api/waitlist`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Bench Person', email: `b${i}@example.com` }),
      }),
    );
    await measure('POST /api/auth/login', Math.min(total, 40), 2, () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
      }),
    );
    console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'embedded PGlite'}`);
  } finally {
    await server.stop();
  }
}

async function metricsComparison() {
  const on = {
    name: 'metrics on',
    server: startServer({ METRICS_TOKEN }),
    times: {},
    failures: 0,
    scrapeMs: [],
  };
  const off = { name: 'metrics off', server: startServer({}), times: {}, failures: 0, scrapeMs: [] };
  const sides = [on, off];
  const cases = [
    ['GET /api/auth/me', '/api/auth/me'],
    ['GET /api/inventory', '/api/inventory?limit=25'],
  ];
  try {
    // One after the other: two first starts (migrations) at once are slow on a small machine.
    for (const side of sides) await side.server.ready();
    for (const side of sides) {
      side.auth = await signUp(side.server.base, `bench.${side.name.replace(' ', '-')}@example.com`);
      for (let i = 0; i < 30; i++)
        await fetch(`${side.server.base}/api/inventory`, {
          method: 'POST',
          headers: { ...json, ...side.auth },
          body: JSON.stringify({ name: `Bench jar ${i}`, sku: `BENCH${i}`, quantity: i }),
        });
      // Warm-up, unmeasured: V8 compiles the server's code on the first calls.
      for (const [, path] of cases)
        await run(total, concurrency, () => fetch(side.server.base + path, { headers: side.auth }));
    }
    for (let r = 0; r < rounds; r++) {
      // Alternated: on first in even rounds, off first in odd ones, so neither always runs on a warmer machine.
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
        for (const [name, path] of cases) {
          const res = await run(total, concurrency, () =>
            fetch(side.server.base + path, { headers: side.auth }),
          );
          side.times[name] = [...(side.times[name] ?? []), ...res.times];
          side.failures += res.failures;
        }
        if (side === on) {
          // A scrape a round, as Prometheus would every 15 s.
          const t0 = performance.now();
          const scrape = await fetch(`${side.server.base}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          if (!scrape.ok) throw new Error(`scrape: ${scrape.status}`);
          await scrape.text();
          side.scrapeMs.push(performance.now() - t0);
        }
      }
    }
    for (const [name] of cases) {
      const p = {};
      for (const side of sides) {
        const sorted = [...side.times[name]].sort((a, b) => a - b);
        p[side.name] = { p50: pct(sorted, 50), p95: pct(sorted, 95) };
        console.log(line(`${name} (${side.name})`, sorted.length, concurrency, sorted, side.failures));
      }
      const ratio = (k) => ((p['metrics on'][k] / p['metrics off'][k] - 1) * 100).toFixed(1);
      console.log(`${name}: metrics on vs off: p50 ${ratio('p50')}%, p95 ${ratio('p95')}%`);
    }
    const scrapes = [...on.scrapeMs].sort((a, b) => a - b);
    console.log(`scrape of /metrics: p50 ${pct(scrapes, 50).toFixed(1)} ms over ${scrapes.length} scrapes`);
    console.log(`rounds: ${rounds}, database: ${process.env.DATABASE_URL ? 'postgres' : 'embedded PGlite'}`);
  } finally {
    await Promise.all(sides.map((s) => s.server.stop()));
  }
}

await (isMetricsComparison ? metricsComparison() : hotPaths());
