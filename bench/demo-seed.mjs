// The demo's seed (issue 54) timed as `npm run demo` runs it, beside the code before, alternated: each round seeds
// once with the checkout at --before (a worktree of the commit before the showcase) and once with this one, each in
// a process of its own on a fresh database (PostgreSQL by default, or --pglite: the embedded one), with the Dutchie
// and Metrc stand-ins as their own processes. Prints each seed's time with the load average, and the totals.
// Usage: node --import tsx bench/demo-seed.mjs --before DIR [--products 300] [--days 20] [--rounds 2] [--pglite]
//   [--steps] (where this checkout's seed spends its time, by the steps it logs)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDutchieSim } from '../apps/server/src/test/dutchie-sim.ts';
import { startMetrcSim } from '../apps/server/src/test/metrc-sim.ts';
import { DEMO_BENCH_OPTIONS, serverUrl } from './lib.mjs';

const { values } = parseArgs({
  options: {
    ...DEMO_BENCH_OPTIONS,
    pglite: { type: 'boolean', default: false },
    steps: { type: 'boolean', default: false },
  },
});
const here = join(import.meta.dirname, '..');
const builds = [...(values.before ? [['before', values.before]] : []), ['this', here]];

function run(root, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // As `npm run demo` runs it, plus BENCH_NODE_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
        ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
        '--import',
        'tsx',
        join(here, 'bench/demo-seed-run.mjs'),
        ...args,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)))
        : reject(new Error(`seed exited ${code}`)),
    );
  });
}

const dutchie = await startDutchieSim();
const metrc = await startMetrcSim();
const admin = new pg.Client({ connectionString: serverUrl });
if (!values.pglite) await admin.connect();
const totals = Object.fromEntries(builds.map(([name]) => [name, 0]));
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [name, root] of round % 2 ? builds : [...builds].reverse()) {
      const dbName = `quantics_demo_bench_${randomBytes(4).toString('hex')}`;
      if (!values.pglite) await admin.query(`CREATE DATABASE ${dbName}`);
      const database = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
      const load = loadavg()[0].toFixed(1);
      const result = await run(root, [
        '--root',
        root,
        '--products',
        values.products,
        '--days',
        values.days,
        '--dutchie',
        dutchie.url,
        '--metrc',
        metrc.url,
        ...(values.pglite ? [] : ['--database', database]),
        ...(values.steps ? ['--steps'] : []),
      ]);
      if (!values.pglite) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      totals[name] += result.seconds;
      console.log(
        `round ${round} ${name.padEnd(6)} ${values.products} products ${values.days} days: ${result.seconds.toFixed(1)} s` +
          ` (load ${load} before, ${loadavg()[0].toFixed(1)} after)`,
      );
      for (const s of result.steps ?? []) console.log(`  ${String(s.at).padStart(7)} s  ${s.line}`);
    }
  }
  console.log(
    `totals: ${Object.entries(totals)
      .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
      .join(', ')}`,
  );
} finally {
  if (!values.pglite) await admin.end();
  await dutchie.stop();
  await metrc.stop();
}
