// Measures the API's hot paths on a real server process: the session lookup behind every signed-in call
// (GET /api/auth/me), sign-in (argon2id verification), and the waitlist insert.
// Usage: node bench/api-latency.mjs [requests=500] [concurrency=10]
// Starts its own server on embedded PGlite in a temp folder, or on DATABASE_URL when set. Prints figures only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const total = Number(process.argv[2] ?? 500);
const concurrency = Number(process.argv[3] ?? 10);
const port = 39000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'quantics-bench-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: join(import.meta.dirname, '..', 'apps', 'server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WAITLIST_RATE_LIMIT: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} n=${count} c=${conc}  ${(count / seconds).toFixed(0).padStart(5)} req/s  p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  failures ${failures}`,
  );
}

try {
  await waitForHealth();
  const json = { 'content-type': 'application/json' };
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', company: 'Bench Co' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${reg.token}` };
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
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
