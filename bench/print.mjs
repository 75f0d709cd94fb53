// Bulk label printing end to end: the portal, the print utility (built into one file, its own process) and the
// stand-in Zebra on raw TCP. Sends one print request per product, CONCURRENCY at a time, as the browser's bulk
// print does, and measures jobs per second and the acknowledgement time of each job (the request answers when the
// utility acknowledges); then checks that every label reached the printer once, with its product's EPC.
// Usage: node bench/print.mjs [jobs=1000] [concurrency=6] [serialized]
// With 'serialized', every product has a GTIN under the company's GS1 prefix: each job allocates its serial and is
// printed over protocol 2 (one format, reported label by label); the check is then that every serial and SGTIN
// arrived exactly once.
// Embedded PGlite by default; BENCH_DATABASE_URL=postgres://… uses a PostgreSQL server (a new database, dropped
// afterwards). Prints figures only.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { waitForHealth } from './lib.mjs';

const JOBS = Number(process.argv[2] ?? 1000);
// Browsers open 6 connections per host over HTTP/1.1: the bulk print's parallel calls run 6 at a time.
const CONCURRENCY = Number(process.argv[3] ?? 6);
const IS_SERIALIZED = process.argv[4] === 'serialized';

/** GS1's check digit (mod 10, weights 3 and 1 from the right). */
const withCheckDigit = (body) => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
};
/** Product i's GTIN-14: indicator 0, company prefix 0614141, item reference i. */
const gtinOf = (i) => withCheckDigit(`00614141${String(i).padStart(5, '0')}`);
const repo = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'quantics-print-bench-'));
const port = 39000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const children = [];

function start(args, opts = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], ...opts });
  children.push(child);
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  const waitFor = async (re) => {
    for (let i = 0; i < 600; i++) {
      const m = out.match(re);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${re} in: ${out}`);
  };
  return { child, waitFor };
}

async function json(method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

// Database: PGlite in the server's data folder, or a fresh PostgreSQL database.
let dropDb = async () => {};
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(tmp, 'data'), LOG_LEVEL: 'warn' };
if (process.env.BENCH_DATABASE_URL) {
  const name = `quantics_print_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  env.DATABASE_URL = Object.assign(new URL(process.env.BENCH_DATABASE_URL), {
    pathname: `/${name}`,
  }).toString();
  dropDb = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

try {
  execFileSync(process.execPath, [join(repo, 'apps/print-agent/build.mjs'), '--outdir', join(tmp, 'bin')]);
  start(['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repo, 'apps/server'),
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  await waitForHealth(base, { tries: 600, everyMs: 100 });
  const email = `bench.${Date.now()}@example.com`;
  const password = 'correct-horse';
  const { body: reg } = await json('POST', '/api/auth/register', null, {
    email,
    password,
    company: 'Bench Labels',
  });
  const token = reg.token;

  const skus = Array.from({ length: JOBS }, (_, i) => `B${String(i).padStart(5, '0')}`);
  for (let i = 0; i < skus.length; i += 20) {
    await Promise.all(
      skus.slice(i, i + 20).map((sku, j) =>
        json('POST', '/api/inventory', token, {
          name: `Bench product ${sku}`,
          sku,
          ...(IS_SERIALIZED ? { gtin: gtinOf(i + j) } : {}),
        }),
      ),
    );
  }
  if (IS_SERIALIZED) await json('PUT', '/api/print/gs1-prefixes', token, { prefixes: ['0614141'] });

  const printer = start([join(tmp, 'bin/fake-printer.mjs'), '--port', '0', '--out', join(tmp, 'labels')]);
  const printerPort = (await printer.waitFor(/listening on 127\.0\.0\.1:(\d+)/))[1];
  const config = join(tmp, 'agent');
  execFileSync(process.execPath, [
    join(tmp, 'bin/quantics-print.mjs'),
    ...['login', '--server', base, '--email', email, '--password', password, '--config', config],
  ]);
  const agent = start([
    join(tmp, 'bin/quantics-print.mjs'),
    ...['start', '--config', config, '--no-cups', '--printer', `Bench Zebra=127.0.0.1:${printerPort}`],
  ]);
  await agent.waitFor(/Connected to/);
  for (let i = 0; ; i++) {
    const { body } = await json('GET', '/api/print/status', token);
    if (body.printers?.length) break;
    if (i > 100) throw new Error('the utility never reported its printer');
    await new Promise((r) => setTimeout(r, 100));
  }

  const times = [];
  const failures = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < skus.length) {
        const sku = skus[next++];
        const started = performance.now();
        const res = await json('POST', '/api/print/print', token, {
          zpl: '',
          quantity: 1,
          printerName: 'Bench Zebra',
          productInfo: { name: '', sku, epc: '' },
        });
        times.push(performance.now() - started);
        if (res.status !== 200) failures.push(`${sku}: ${res.status} ${res.body.message}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;

  // None lost: one label file per job, each EPC exactly once.
  await new Promise((r) => setTimeout(r, 500));
  const files = readdirSync(join(tmp, 'labels'));
  const epcs = files.map(
    (f) => /\^RFW,H\^FD([0-9A-F]{24})\^FS/.exec(readFileSync(join(tmp, 'labels', f), 'utf8'))?.[1],
  );
  // SKU labels carry their SKU's tag; serialized ones an SGTIN each (distinct, counted by the GS1 code's GTIN).
  const expected = IS_SERIALIZED
    ? new Set(skus.map((_, i) => gtinOf(i)))
    : new Set(skus.map((s) => Buffer.from(s.padEnd(12, '0')).toString('hex').toUpperCase()));
  const seen = IS_SERIALIZED
    ? files.map((f) => /\^FD_101(\d{14})21\d+\^FS/.exec(readFileSync(join(tmp, 'labels', f), 'utf8'))?.[1])
    : epcs;
  const missing = [...expected].filter((e) => !seen.includes(e)).length;
  const duplicates = epcs.length - new Set(epcs).size;
  const { body: jobs } = await json('GET', '/api/print/jobs?limit=1', token);

  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(
    `database: ${env.DATABASE_URL ? 'postgres' : 'pglite'}, ${JOBS} ${IS_SERIALIZED ? 'serialized GS1' : 'SKU'} jobs, ${CONCURRENCY} at a time`,
  );
  console.log(`jobs/s end to end: ${(JOBS / seconds).toFixed(1)} (${seconds.toFixed(1)} s)`);
  console.log(`ack time ms: p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}  max ${times.at(-1).toFixed(1)}`);
  console.log(
    `failed requests: ${failures.length}${failures.length ? ` (${failures.slice(0, 3).join('; ')})` : ''}`,
  );
  console.log(`labels at the printer: ${files.length}, missing: ${missing}, duplicated: ${duplicates}`);
  console.log(`jobs recorded: ${jobs.pagination.totalItems}`);
} finally {
  for (const c of children.reverse()) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await dropDb();
  rmSync(tmp, { recursive: true, force: true });
}
